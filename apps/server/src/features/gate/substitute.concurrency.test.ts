// runs on PostgreSQL too: two transactions racing for one vacancy
import { SUBSTITUTE_CHANGED, VACANCY_FILLED, previewSubstitute, substituteGate } from '@zhaokao/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationHistory, applicationStage, candidateApplication, gateRecord, gateVacancy, recruitmentPlan } from '../../db/tables.js';
import { atOnce, expectOneSucceeded, useTestApp, warmUp } from '../../test/app.js';
import { insertScoredExamPlan } from '../../test/exam.js';
import { openVacancies } from './vacancy.js';

const t = useTestApp();

/**
 * A post after its interview, written straight to the database: the first of `candidates` withdrew from 体检 (38)
 * and each of the others failed the interview (33) with composite scores in descending order.
 */
async function postWithVacancies(name: string, candidates: number, leaving: number) {
  const plan = await insertScoredExamPlan(t, {
    name,
    posts: [{ jobVacancy: '教师', places: leaving, candidates }],
    interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
  });
  await t.db.update(recruitmentPlan).set({ gates: [5] }).where(eq(recruitmentPlan.id, plan.plan.id));
  const apps = plan.applications;
  for (const [i, a] of apps.entries()) {
    const out = i < leaving;
    const score = String(90 - i);
    await t.db
      .update(candidateApplication)
      .set({ status: out ? 38 : 33, writtenGrade: score, auditionGrade: score })
      .where(eq(candidateApplication.id, a.id));
    await t.db.insert(applicationStage).values([2, 3].map((stage) => ({ companyId: t.company1, applicationId: a.id, stage, planId: plan.plan.id, recruitmentId: a.recruitmentId })));
    if (out) await t.db.insert(gateRecord).values({ companyId: t.company1, applicationId: a.id, stage: 5, reason: '放弃' });
  }
  await openVacancies(t.db, {
    companyId: t.company1,
    stage: 5,
    applications: apps.slice(0, leaving).map((a) => ({ id: a.id, planId: plan.plan.id, recruitmentId: a.recruitmentId, result: 'withdrew' as const })),
  });
  const vacancies = await t.db
    .select()
    .from(gateVacancy)
    .where(inArray(gateVacancy.leftApplicationId, apps.slice(0, leaving).map((a) => a.id)));
  return { apps, vacancies: vacancies.map((v) => v.id).sort((x, y) => x - y) };
}

const substitute = (vacancyId: number, applicationId: number) => t.call(substituteGate, { vacancyId, applicationId }, { token: t.admin });

async function movedInto35(ids: number[]) {
  const moves = await t.db
    .select()
    .from(applicationHistory)
    .where(and(inArray(applicationHistory.applicationId, ids), eq(applicationHistory.toStatus, 35)));
  const records = await t.db.select().from(gateRecord).where(and(inArray(gateRecord.applicationId, ids), eq(gateRecord.substitute, true)));
  return { moves: moves.map((m) => m.applicationId), records: records.map((r) => [r.applicationId, r.vacancyId]) };
}

describe('递补 at once', () => {
  it('fills one vacancy once when two staff confirm it at the same moment', async () => {
    const { apps, vacancies } = await postWithVacancies('同时递补计划', 4, 1);
    const [vacancy] = vacancies;
    await warmUp(() => t.call(previewSubstitute, { vacancyId: vacancy! }, { token: t.admin }));
    const proposed = apps[1]!.id;
    expectOneSucceeded(await atOnce(2, () => substitute(vacancy!, proposed)), 409, VACANCY_FILLED);
    const statuses = await t.db.select().from(candidateApplication).where(inArray(candidateApplication.id, apps.map((a) => a.id)));
    expect(apps.map((a) => statuses.find((s) => s.id === a.id)!.status)).toEqual([38, 35, 33, 33]);
    expect(await movedInto35(apps.map((a) => a.id))).toEqual({ moves: [proposed], records: [[proposed, vacancy]] });
    const [filled] = await t.db.select().from(gateVacancy).where(eq(gateVacancy.id, vacancy!));
    expect(filled!.filledBy).toBe(proposed);
  });

  it('gives one candidate to one vacancy when two vacancies of the post take the same proposal at once', async () => {
    const { apps, vacancies } = await postWithVacancies('两空缺同时递补计划', 5, 2);
    await warmUp(() => t.call(previewSubstitute, { vacancyId: vacancies[0]! }, { token: t.admin }));
    const proposed = apps[2]!.id;
    for (const v of vacancies) expect((await t.call(previewSubstitute, { vacancyId: v }, { token: t.admin })).data.candidate?.applicationId).toBe(proposed);
    const answers = await atOnce(2, (i) => substitute(vacancies[i]!, proposed));
    expectOneSucceeded(answers, 409, SUBSTITUTE_CHANGED);
    expect((await movedInto35(apps.map((a) => a.id))).moves).toEqual([proposed]);
    const rows = await t.db.select().from(gateVacancy).where(inArray(gateVacancy.id, vacancies));
    expect(rows.filter((v) => v.filledBy !== null).map((v) => v.filledBy)).toEqual([proposed]);
    // The other vacancy now proposes the next, and takes them.
    const open = rows.find((v) => v.filledBy === null)!;
    expect((await t.call(previewSubstitute, { vacancyId: open.id }, { token: t.admin })).data.candidate?.applicationId).toBe(apps[3]!.id);
    expect((await substitute(open.id, apps[3]!.id)).code).toBe(200);
  });
});
