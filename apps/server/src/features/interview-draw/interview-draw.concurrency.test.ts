// runs on PostgreSQL too: re-draws and scores of one group at once, serialised by the group's row lock and the candidate's row lock
import { drawInterviewExaminers, drawInterviewOrder, saveInterviewDrawGroup, saveInterviewExaminer, scoreByOrderNo } from '@zhaokao/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, candidateApplication, examRoom, interviewGroupCandidate, interviewGroupExaminer, staffUser } from '../../db/tables.js';
import { atOnce, staffWith, useTestApp, warmUp } from '../../test/app.js';
import { insertScoredExamPlan } from '../../test/exam.js';
import { issueInterviewTickets } from '../../test/scores.js';

const t = useTestApp();
const DATE = '2026-07-02';
let plan: Awaited<ReturnType<typeof insertScoredExamPlan>>;
let group: number;
const tokens = new Map<number, string>();

beforeAll(async () => {
  plan = await insertScoredExamPlan(t, {
    name: '并发抽签计划',
    posts: [{ jobVacancy: '文员', places: 1, candidates: 6 }],
    interview: [1, 2, 3].map((n) => ({ workItem: `考官${n}评分`, kind: 'score' as const, assigneeId: t.adminId })),
  });
  await issueInterviewTickets(t.db, t.company1, plan.plan.id, plan.applications.map((a) => a.id));
  const [room] = await t.db.insert(examRoom).values({ companyId: t.company1, planId: plan.plan.id, stage: 3, sort: 1, name: '面试室', seats: 30 }).returning();
  for (let n = 1; n <= 6; n++) {
    const token = await staffWith(t, `并发考官角色${n}`, `bingfakaoguan${n}`, ['score:entry']);
    const [staff] = await t.db.select().from(staffUser).where(eq(staffUser.loginAccount, `bingfakaoguan${n}`));
    const saved = await t.call(saveInterviewExaminer, { name: `并发考官${n}`, staffUserId: staff!.id }, { token: t.admin });
    tokens.set(saved.data.id, token);
  }
  group = (await t.call(saveInterviewDrawGroup, { planId: plan.plan.id, roomId: room!.id, date: DATE, recruitmentIds: [plan.posts[0]!.id] }, { token: t.admin })).data.id;
});

const numbers = async () =>
  (await t.db.select().from(interviewGroupCandidate).where(eq(interviewGroupCandidate.groupId, group)).orderBy(asc(interviewGroupCandidate.applicationId))).map(
    (c) => [c.applicationId, c.orderNo],
  );
const seats = async () =>
  (await t.db.select().from(interviewGroupExaminer).where(eq(interviewGroupExaminer.groupId, group)).orderBy(asc(interviewGroupExaminer.seat))).map((s) => s.examinerId);

describe('at once', () => {
  it('two re-draws of the order (and of the examiners) at once: both done one after the other, the result one of them', async () => {
    await warmUp(() => t.call(drawInterviewOrder, { id: 999999 }, { token: t.admin }));
    const outcomes = new Map<number, unknown>();
    for (const seed of [11, 12]) {
      await t.call(drawInterviewOrder, { id: group, seed }, { token: t.admin });
      outcomes.set(seed, await numbers());
    }
    const answers = await atOnce(2, (i) => t.call(drawInterviewOrder, { id: group, seed: 11 + i }, { token: t.admin }));
    expect(answers.map((a) => a.code)).toEqual([200, 200]);
    const now = await numbers();
    expect(now.map(([, n]) => n).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect([outcomes.get(11), outcomes.get(12)]).toContainEqual(now);

    const drawn = new Map<number, number[]>();
    for (const seed of [21, 22]) {
      await t.call(drawInterviewExaminers, { planId: plan.plan.id, date: DATE, seed }, { token: t.admin });
      drawn.set(seed, await seats());
    }
    const both = await atOnce(2, (i) => t.call(drawInterviewExaminers, { planId: plan.plan.id, date: DATE, seed: 21 + i }, { token: t.admin }));
    expect(both.map((a) => a.code)).toEqual([200, 200]);
    expect([drawn.get(21), drawn.get(22)]).toContainEqual(await seats());
  });

  it('a re-draw and the first score at once: either the score comes first and the re-draw is refused, or the re-draw first and the score after it', async () => {
    const scorer = tokens.get((await seats())[1]!)!;
    const [redraw, score] = await Promise.all([
      t.call(drawInterviewOrder, { id: group, seed: 11 }, { token: t.admin }),
      t.call(scoreByOrderNo, { groupId: group, orderNo: 1, score: '70' }, { token: scorer }),
    ]);
    expect(score.code).toBe(200);
    expect([200, 409]).toContain(redraw.code);
    // whichever came first, the group is now fixed
    expect((await t.call(drawInterviewOrder, { id: group, seed: 12 }, { token: t.admin })).code).toBe(409);
  });

  it('two scores of one seat for one number at once: entered one after the other, the candidate moves 31 → 32 once', async () => {
    const [, first, second, third] = (await seats()).map((id) => tokens.get(id)!);
    const [candidate] = await t.db.select().from(interviewGroupCandidate).where(and(eq(interviewGroupCandidate.groupId, group), eq(interviewGroupCandidate.orderNo, 2)));
    await t.call(scoreByOrderNo, { groupId: group, orderNo: 2, score: '80' }, { token: first! });
    await t.call(scoreByOrderNo, { groupId: group, orderNo: 2, score: '90' }, { token: second! });
    const answers = await atOnce(2, (i) => t.call(scoreByOrderNo, { groupId: group, orderNo: 2, score: i === 0 ? '60' : '100' }, { token: third! }));
    expect(answers.map((a) => a.code)).toEqual([200, 200]);
    const [app] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, candidate!.applicationId));
    expect(app!.status).toBe(32);
    expect(['76.67', '90.00']).toContain(app!.auditionGrade);
    const moves = await t.db
      .select()
      .from(applicationHistory)
      .where(and(eq(applicationHistory.applicationId, candidate!.applicationId), eq(applicationHistory.toStatus, 32)));
    expect(moves).toHaveLength(1);
  });
});
