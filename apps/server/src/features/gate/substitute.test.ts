import {
  type ApplicationStatus, NO_SUBSTITUTE, SUBSTITUTE_CHANGED, VACANCY_FILLED, confirmGateList, decideGate,
  gateApplicationList, gateVacancyList, previewSubstitute, substituteGate,
} from '@zhaokao/contracts';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { applicationHistory, applicationStage, candidateApplication, gateRecord, gateVacancy, recruitmentPlan } from '../../db/tables.js';
import { expectError, staffWith, useTestApp } from '../../test/app.js';
import { insertScoredExamPlan } from '../../test/exam.js';
import { maskIdentityNo } from '../../shared/masks.js';
import { openVacancies } from './vacancy.js';

const t = useTestApp();
type Plan = Awaited<ReturnType<typeof insertScoredExamPlan>>;
type App = Plan['applications'][number];

/**
 * Where an application stands after its exams, written straight to the database (the exams' own calls are tested
 * elsewhere): its status, its scores and, for `absentAt`, 缺考 at that stage.
 */
interface Standing {
  status: number;
  written?: string;
  interview?: string;
  absentAt?: 2 | 3;
  /** A gate it entered (gate_record), with the reason of its result there. */
  gate?: { stage: number; reason?: string };
}

async function place(db: Db, companyId: number, app: App & { planId: number }, s: Standing) {
  await db
    .update(candidateApplication)
    .set({ status: s.status as ApplicationStatus, writtenGrade: s.written ?? null, auditionGrade: s.interview ?? null })
    .where(eq(candidateApplication.id, app.id));
  for (const stage of [2, 3] as const) {
    if (stage === 3 && s.interview === undefined && s.absentAt !== 3) continue;
    await db
      .insert(applicationStage)
      .values({ companyId, applicationId: app.id, stage, planId: app.planId, recruitmentId: app.recruitmentId, absent: s.absentAt === stage })
      .onConflictDoUpdate({ target: [applicationStage.applicationId, applicationStage.stage], set: { absent: s.absentAt === stage } });
  }
  if (s.gate) await db.insert(gateRecord).values({ companyId, applicationId: app.id, stage: s.gate.stage, reason: s.gate.reason ?? '' });
}

/** Opens the vacancy `app` left at `stage` (as the gate's decision does) and answers its id. */
async function vacancyLeftBy(app: App & { planId: number }, stage: 4 | 5 | 6 | 7, result: 'failed' | 'withdrew') {
  await openVacancies(t.db, { companyId: t.company1, stage, applications: [{ id: app.id, planId: app.planId, recruitmentId: app.recruitmentId, result }] });
  const [v] = await t.db.select().from(gateVacancy).where(eq(gateVacancy.leftApplicationId, app.id));
  return v!.id;
}

const preview = (vacancyId: number, token = t.admin) => t.call(previewSubstitute, { vacancyId }, { token });
const substitute = (vacancyId: number, applicationId: number, token = t.admin, remarks?: string) =>
  t.call(substituteGate, { vacancyId, applicationId, remarks }, { token });

/** What a 递补 writes: statuses, history, gate records and vacancies, to prove a refusal wrote nothing. */
const snapshot = async () => ({
  statuses: await t.db.select({ id: candidateApplication.id, status: candidateApplication.status }).from(candidateApplication).orderBy(asc(candidateApplication.id)),
  history: await t.db.select({ n: count() }).from(applicationHistory),
  records: await t.db.select().from(gateRecord).orderBy(asc(gateRecord.applicationId), asc(gateRecord.stage)),
  vacancies: await t.db.select().from(gateVacancy).orderBy(asc(gateVacancy.id)),
});

async function expectRefused(call: () => Promise<Parameters<typeof expectError>[0]>, code: number, msg: string) {
  const before = await snapshot();
  expectError(await call(), code, msg);
  expect(await snapshot()).toEqual(before);
}

const withPlan = (p: Plan) => p.applications.map((a) => ({ ...a, planId: p.plan.id }));

// 资格复审 (after the written stage): the written ranking, line 60.
let written: Plan;
let w: ReturnType<typeof withPlan>;
let lineOnly: ReturnType<typeof withPlan>;
// 体检 (after the interview): the composite ranking (w 0.5), interview line 60.
let composite: Plan;
let c: ReturnType<typeof withPlan>;

beforeAll(async () => {
  written = await insertScoredExamPlan(t, {
    name: '资格复审递补计划',
    posts: [
      { jobVacancy: '出纳', places: 1, candidates: 9 },
      { jobVacancy: '会计', places: 1, candidates: 3 },
    ],
  });
  await t.db.update(recruitmentPlan).set({ gates: [4], writtenPassLine: '60.00', interviewEntryRatio: 3 }).where(eq(recruitmentPlan.id, written.plan.id));
  const all = withPlan(written);
  w = all.filter((a) => a.recruitmentId === written.posts[0]!.id);
  lineOnly = all.filter((a) => a.recruitmentId === written.posts[1]!.id);
  const standings: Standing[] = [
    { status: 27, written: '90.00', gate: { stage: 4, reason: '学历证书与报名信息不符' } }, // 1st, failed 资格复审: the vacancy
    { status: 26, written: '88.00', gate: { stage: 4 } }, // passed 资格复审
    { status: 25, written: '85.00', gate: { stage: 4 } }, // at 资格复审
    { status: 23, absentAt: 2 }, // 缺考
    { status: 23, written: '82.00', gate: { stage: 4 } }, // entered 资格复审 once already (out)
    { status: 23, written: '80.00' }, // tied 5th: the proposal (lower id)
    { status: 23, written: '80.00' }, // tied 5th
    { status: 23, written: '75.00' },
    { status: 23, written: '50.00' }, // below the line
  ];
  for (const [i, s] of standings.entries()) await place(t.db, t.company1, w[i]!, s);
  const lineStandings: Standing[] = [
    { status: 28, written: '90.00', gate: { stage: 4, reason: '本人放弃' } },
    { status: 23, written: '55.00' },
    { status: 23, absentAt: 2 },
  ];
  for (const [i, s] of lineStandings.entries()) await place(t.db, t.company1, lineOnly[i]!, s);

  composite = await insertScoredExamPlan(t, {
    name: '体检递补计划',
    posts: [{ jobVacancy: '教师', places: 1, candidates: 7 }],
    interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
  });
  await t.db
    .update(recruitmentPlan)
    .set({ gates: [5], interviewPassLine: '60.00', compositeWeight: '0.500' })
    .where(eq(recruitmentPlan.id, composite.plan.id));
  c = withPlan(composite);
  const compositeStandings: Standing[] = [
    { status: 38, written: '80.00', interview: '90.00', gate: { stage: 5, reason: '体检当日未到' } }, // 85.00, withdrew: the vacancy
    { status: 33, written: '90.00', interview: '55.00' }, // 72.50 (3rd), under the interview line
    { status: 33, written: '70.00', interview: '74.00' }, // 72.00, written 70: after those with written 74
    { status: 33, written: '74.00', interview: '70.00' }, // 72.00, written 74: tied 4th, lower id: the proposal
    { status: 33, written: '74.00', interview: '70.00' }, // 72.00, written 74: tied 4th
    { status: 33, written: '95.00', absentAt: 3 }, // 面试缺考
    { status: 34, written: '85.00', interview: '80.00' }, // 82.50 (2nd), 拟录用 and not yet in 体检: not a substitute
  ];
  for (const [i, s] of compositeStandings.entries()) await place(t.db, t.company1, c[i]!, s);
});

describe('previewSubstitute (递补 proposal)', () => {
  it('proposes the next eligible of the written ranking for 资格复审, passing over the absent and those already out, ties by the lower id', async () => {
    const vacancy = await vacancyLeftBy(w[0]!, 4, 'failed');
    const res = await preview(vacancy);
    expect(res.code).toBe(200);
    expect(res.data.candidate).toEqual({
      applicationId: w[5]!.id,
      realName: w[5]!.realName,
      identityNo: maskIdentityNo(w[5]!.identityNo),
      score: '80.00',
      rank: 5,
    });
    expect(res.data.candidate!.identityNo).toMatch(/^\d{6}\*{8}\d{3}[\dX]$/);
    expect(res.data.explanation).toBe(
      `${w[5]!.realName}：笔试成绩 80.00，岗位第 5 名，为未进入资格复审的考生中排名最前者；与${w[6]!.realName}笔试成绩相同，并列第 5 名，按报名先后（报名编号较小者）优先递补`,
    );
    expect(res.data.skipped).toEqual([
      { realName: w[0]!.realName, rank: 1, why: '已放弃或不合格（资格复审不合格）' },
      { realName: w[4]!.realName, rank: 4, why: '已放弃或不合格' },
      { realName: w[3]!.realName, rank: null, why: '缺考' },
    ]);
  });

  it('proposes the next eligible of the composite ranking after the interview: ties by the written score, then the lower id; the interview line respected', async () => {
    const vacancy = await vacancyLeftBy(c[0]!, 5, 'withdrew');
    const res = await preview(vacancy);
    expect(res.code).toBe(200);
    expect(res.data.candidate).toMatchObject({ applicationId: c[3]!.id, realName: c[3]!.realName, score: '72.00', rank: 4 });
    expect(res.data.explanation).toBe(
      `${c[3]!.realName}：综合成绩 72.00，岗位第 4 名，为未进入体检的考生中排名最前者；与${c[4]!.realName}综合成绩、笔试成绩均相同，并列第 4 名，按报名先后（报名编号较小者）优先递补`,
    );
    expect(res.data.skipped).toEqual([
      { realName: c[0]!.realName, rank: 1, why: '已放弃或不合格（体检放弃）' },
      { realName: c[1]!.realName, rank: 3, why: '低于合格分数线 60.00 分' },
      { realName: c[5]!.realName, rank: null, why: '缺考' },
    ]);
  });

  it('still proposes a failed interview candidate who passed 资格复审 before the interview (a plan with gates [4, 5])', async () => {
    // With 资格复审 the interview takes only those who passed it: every 33 holds a record of the stage-4 gate.
    await t.db.update(recruitmentPlan).set({ gates: [4, 5] }).where(eq(recruitmentPlan.id, composite.plan.id));
    const passedRequalify = c.slice(1, 6).map((a) => a.id);
    await t.db.insert(gateRecord).values(passedRequalify.map((applicationId) => ({ companyId: t.company1, applicationId, stage: 4 })));
    try {
      const vacancy = await vacancyLeftBy(c[0]!, 5, 'withdrew');
      const res = await preview(vacancy);
      expect(res.code).toBe(200);
      expect(res.data.candidate).toMatchObject({ applicationId: c[3]!.id, rank: 4 });
    } finally {
      await t.db.delete(gateRecord).where(inArray(gateRecord.applicationId, passedRequalify));
      await t.db.update(recruitmentPlan).set({ gates: [5] }).where(eq(recruitmentPlan.id, composite.plan.id));
    }
  });

  it('answers no candidate when nobody eligible is left (under the line, absent)', async () => {
    const vacancy = await vacancyLeftBy(lineOnly[0]!, 4, 'withdrew');
    const res = await preview(vacancy);
    expect(res.code).toBe(200);
    expect(res.data).toEqual({
      candidate: null,
      explanation: NO_SUBSTITUTE,
      skipped: [
        { realName: lineOnly[0]!.realName, rank: 1, why: '已放弃或不合格（资格复审放弃）' },
        { realName: lineOnly[1]!.realName, rank: 2, why: '低于合格分数线 60.00 分' },
        { realName: lineOnly[2]!.realName, rank: null, why: '缺考' },
      ],
    });
    // Nobody to confirm: whoever is named, nothing is written.
    await expectRefused(() => substitute(vacancy, lineOnly[1]!.id), 409, SUBSTITUTE_CHANGED);
  });

  it("refuses another company's vacancy, an unknown one and bad input", async () => {
    const [vacancy] = await t.db.select().from(gateVacancy).where(eq(gateVacancy.leftApplicationId, w[0]!.id));
    expectError(await preview(vacancy!.id, t.hospital), 404, '空缺不存在');
    expectError(await preview(999999), 404, '空缺不存在');
    expectError(await t.post('/api/recruitment/gate/substitute/preview', t.admin, { vacancyId: 'abc' }), 400, '空缺编号必须是数字');
    expectError(await t.post('/api/recruitment/gate/substitute/preview', t.admin, {}), 400, '空缺编号必须是数字');
  });
});

describe('substituteGate (递补)', () => {
  it('refuses another company, bad input, a caller without plan:edit and a candidate other than the proposal, writing nothing', async () => {
    const [vacancy] = await t.db.select().from(gateVacancy).where(eq(gateVacancy.leftApplicationId, w[0]!.id));
    const id = vacancy!.id;
    await expectRefused(() => substitute(id, w[5]!.id, t.hospital), 404, '空缺不存在');
    await expectRefused(() => substitute(999999, w[5]!.id), 404, '空缺不存在');
    await expectRefused(() => t.post('/api/recruitment/gate/substitute', t.admin, { vacancyId: id, applicationId: 'x' }), 400, '报名编号必须是数字');
    await expectRefused(() => t.post('/api/recruitment/gate/substitute', t.admin, { vacancyId: 0, applicationId: w[5]!.id }), 400, '空缺编号必须是正数');
    await expectRefused(() => t.post('/api/recruitment/gate/substitute', t.admin, { vacancyId: id, applicationId: w[5]!.id, remarks: '长'.repeat(201) }), 400, '说明最长 200 个字');
    const reviewer = await staffWith(t, '笔试审核', 'bishi-shenhe', ['review:written']);
    expect((await preview(id, reviewer)).code).toBe(200);
    await expectRefused(() => substitute(id, w[5]!.id, reviewer), 403, '您没有执行该操作的权限');
    // The tied 5th with the higher id, the one below, the one under the line, the absent, the one already out.
    for (const other of [w[6]!, w[7]!, w[8]!, w[3]!, w[4]!]) await expectRefused(() => substitute(id, other.id), 409, SUBSTITUTE_CHANGED);
  });

  it('moves the proposal into the gate (递补), records it and fills the vacancy once', async () => {
    const [vacancy] = await t.db.select().from(gateVacancy).where(eq(gateVacancy.leftApplicationId, w[0]!.id));
    const res = await substitute(vacancy!.id, w[5]!.id, t.admin, '经研究同意递补');
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ applicationId: w[5]!.id });
    const [moved] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, w[5]!.id));
    expect(moved!.status).toBe(25);
    const [record] = await t.db.select().from(gateRecord).where(eq(gateRecord.applicationId, w[5]!.id));
    expect(record).toMatchObject({ stage: 4, substitute: true, vacancyId: vacancy!.id, reason: '' });
    const [filled] = await t.db.select().from(gateVacancy).where(eq(gateVacancy.id, vacancy!.id));
    expect(filled).toMatchObject({ filledBy: w[5]!.id, filledByStaff: t.adminId });
    expect(filled!.filledAt).toBeInstanceOf(Date);
    const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, w[5]!.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorId, h.remarks])).toContainEqual([
      23,
      25,
      t.adminId,
      `资格复审递补：${w[0]!.realName}不合格后的空缺；经研究同意递补`,
    ]);

    // Filled: a second 递补 and the preview are refused, nothing written.
    await expectRefused(() => substitute(vacancy!.id, w[6]!.id), 409, VACANCY_FILLED);
    await expectRefused(() => substitute(vacancy!.id, w[5]!.id), 409, VACANCY_FILLED);
    expectError(await preview(vacancy!.id), 409, VACANCY_FILLED);
  });

  it('takes the next one for the next vacancy, and refuses a proposal seen before a change (409, nothing written)', async () => {
    // The substitute who just entered withdraws: a new vacancy, whose proposal is the other tied 5th.
    await t.db.update(candidateApplication).set({ status: 28 }).where(eq(candidateApplication.id, w[5]!.id));
    const vacancy = await vacancyLeftBy(w[5]!, 4, 'withdrew');
    const seen = await preview(vacancy);
    expect(seen.data.candidate).toMatchObject({ applicationId: w[6]!.id, rank: 5 });
    expect(seen.data.explanation).toBe(`${w[6]!.realName}：笔试成绩 80.00，岗位第 5 名，为未进入资格复审的考生中排名最前者`);
    expect(seen.data.skipped.map((s) => [s.realName, s.why])).toEqual([
      [w[0]!.realName, '已放弃或不合格（资格复审不合格）'],
      [w[4]!.realName, '已放弃或不合格'],
      [w[5]!.realName, '已放弃或不合格（资格复审放弃）'],
      [w[3]!.realName, '缺考'],
    ]);
    // Meanwhile the proposal changes (the tied 5th's score is corrected below the line): the confirmation is refused.
    await t.db.update(candidateApplication).set({ writtenGrade: '59.00' }).where(eq(candidateApplication.id, w[6]!.id));
    await expectRefused(() => substitute(vacancy, w[6]!.id), 409, SUBSTITUTE_CHANGED);
    expect((await preview(vacancy)).data.candidate).toMatchObject({ applicationId: w[7]!.id, score: '75.00', rank: 6 });
    expect((await substitute(vacancy, w[7]!.id)).code).toBe(200);
  });
});

describe('gateVacancyList', () => {
  it("lists the plan's vacancies at the gate, open ones first, with who left, how and why, and who filled it", async () => {
    const res = await t.call(gateVacancyList, { gate: 4, planId: written.plan.id }, { token: t.admin });
    expect(res.code).toBe(200);
    const [open, first, second] = res.data;
    expect(res.data).toHaveLength(3);
    expect(open).toMatchObject({
      recruitmentId: written.posts[1]!.id,
      jobVacancy: '会计',
      leftName: lineOnly[0]!.realName,
      leftResult: 'withdrew',
      leftReason: '本人放弃',
      filledByName: null,
      filledAt: null,
    });
    expect(first).toMatchObject({
      jobVacancy: '出纳',
      leftName: w[0]!.realName,
      leftResult: 'failed',
      leftReason: '学历证书与报名信息不符',
      filledByName: w[5]!.realName,
    });
    expect(second).toMatchObject({ leftName: w[5]!.realName, leftResult: 'withdrew', leftReason: '', filledByName: w[7]!.realName });
    for (const row of res.data) expect(new Date(row.createdAt).getTime()).not.toBeNaN();
    expect(new Date(first!.filledAt!).getTime()).not.toBeNaN();

    // Another gate of the plan has none; another company's plan is not found; bad input is refused in Chinese.
    expect((await t.call(gateVacancyList, { gate: 5, planId: written.plan.id }, { token: t.admin })).data).toEqual([]);
    expectError(await t.call(gateVacancyList, { gate: 4, planId: written.plan.id }, { token: t.hospital }), 404, '招录计划不存在');
    expectError(await t.post('/api/recruitment/gate/vacancies', t.admin, { gate: 9, planId: written.plan.id }), 400, '环节不正确');
    expectError(await t.post('/api/recruitment/gate/vacancies', t.admin, { gate: 4, planId: 'x' }), 400, '招录计划编号必须是数字');
  });

  it('lists 体检 vacancies of the composite plan, open', async () => {
    const res = await t.call(gateVacancyList, { gate: 5, planId: composite.plan.id }, { token: t.admin });
    expect(res.data.map((r) => [r.leftName, r.leftResult, r.leftReason, r.filledByName])).toEqual([[c[0]!.realName, 'withdrew', '体检当日未到', null]]);
    const ids = (await t.db.select().from(gateVacancy).where(inArray(gateVacancy.planId, [composite.plan.id]))).map((v) => v.id);
    expect(res.data.map((r) => r.id)).toEqual(ids);
  });
});

describe('递补 after the gate\'s own calls (确认名单, 放弃)', () => {
  it('fills, in ranking order, the vacancies that decideGate opened', async () => {
    // 确认名单 moves the 拟录用 into 体检; one of them then withdraws, which opens a second vacancy.
    expect((await t.call(confirmGateList, { gate: 5, planId: composite.plan.id }, { token: t.admin })).data).toEqual({ moved: 1 });
    const decided = await t.call(decideGate, { gate: 5, applicationIds: [c[6]!.id], result: 'withdrew', reason: '个人原因放弃' }, { token: t.admin });
    expect(decided.data).toEqual({ done: 1, vacancies: 1 });
    const list = await t.call(gateVacancyList, { gate: 5, planId: composite.plan.id }, { token: t.admin });
    expect(list.data.map((r) => [r.leftName, r.leftReason, r.filledByName])).toEqual([
      [c[0]!.realName, '体检当日未到', null],
      [c[6]!.realName, '个人原因放弃', null],
    ]);
    const [first, second] = list.data;

    // Both vacancies propose the same candidate; the first confirmed takes them, the other then proposes the next.
    expect((await preview(second!.id)).data.candidate?.applicationId).toBe(c[3]!.id);
    expect((await substitute(first!.id, c[3]!.id)).code).toBe(200);
    await expectRefused(() => substitute(second!.id, c[3]!.id), 409, SUBSTITUTE_CHANGED);
    const next = await preview(second!.id);
    expect(next.data.candidate).toMatchObject({ applicationId: c[4]!.id, rank: 4 });
    expect(next.data.explanation).toBe(`${c[4]!.realName}：综合成绩 72.00，岗位第 4 名，为未进入体检的考生中排名最前者`);
    expect(next.data.skipped.map((x) => [x.realName, x.rank, x.why])).toEqual([
      [c[0]!.realName, 1, '已放弃或不合格（体检放弃）'],
      [c[6]!.realName, 2, '已放弃或不合格（体检放弃）'],
      [c[1]!.realName, 3, '低于合格分数线 60.00 分'],
      [c[5]!.realName, null, '缺考'],
    ]);
    expect((await substitute(second!.id, c[4]!.id)).code).toBe(200);

    // The gate's list shows both substitutes pending, marked 递补.
    const gateList = await t.call(gateApplicationList, { gate: 5, planId: composite.plan.id, pageNum: 1, pageSize: 20 }, { token: t.admin });
    expect(gateList.code).toBe(200);
    const byId = new Map(gateList.data.list.map((r) => [r.id, r]));
    for (const id of [c[3]!.id, c[4]!.id]) expect(byId.get(id)).toMatchObject({ result: 'pending', substitute: true, status: 35 });
  });
});
