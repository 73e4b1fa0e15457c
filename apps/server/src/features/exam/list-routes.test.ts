import { APPLICATION_STATUS as S, TASK_STATUS, examApplicationList } from '@zhaokao/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationStage, applicationTask, candidateApplication, examRoom, recruitmentPlan, workflowItem } from '../../db/tables.js';
import { expectError, expectOthersNotFound, useTestApp, staffWith } from '../../test/app.js';
import { insertExamPlan, insertResume, insertTheirExamPlan } from '../../test/exam.js';
import { insertApplication } from '../../test/recruitment.js';
import { moveApplication } from '../../test/moves.js';

const t = useTestApp();

let outsider: string;
let plan: Awaited<ReturnType<typeof insertExamPlan>>;
let theirs: Awaited<ReturnType<typeof insertExamPlan>>;
/** Application ids: a (会计) 1..4, b (出纳) 1..2. */
const ids: Record<string, number> = {};

const list = (input: Partial<Parameters<typeof t.call<typeof examApplicationList>>[1]> & { type?: 2 | 3 }, token = t.admin) =>
  t.call(examApplicationList, { type: 2, planId: plan.plan.id, ...input } as Parameters<typeof t.call<typeof examApplicationList>>[1], { token });
const idsOf = (res: Awaited<ReturnType<typeof list>>) => res.data.list.map((r) => r.id);


beforeAll(async () => {
  outsider = await staffWith(t, '人才库管理', 'zhaodangan', ['talent:view'], '13511113333');
  plan = await insertExamPlan(t.db, t.company1, {
    name: '笔试名单计划',
    posts: [
      { jobVacancy: '会计', places: 1, candidates: 4 },
      { jobVacancy: '出纳', places: 1, candidates: 2 },
    ],
    written: [
      { workItem: '笔试资格复核', kind: 'verify', assigneeId: t.adminId },
      { workItem: '笔试成绩', kind: 'score', assigneeId: t.shenheId },
    ],
    interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.shenheId }],
    reviewerId: t.adminId,
  });
  const [a1, a2, a3, a4, b1, b2] = plan.applications.map((a) => a.id) as [number, number, number, number, number, number];
  Object.assign(ids, { a1, a2, a3, a4, b1, b2 });
  // Not through sign-up review: never listed.
  await insertApplication(t.db, { companyId: t.company1, planId: plan.plan.id, recruitmentId: plan.posts[0]!.id, realName: '未审核' });
  const move = (id: number, to: (typeof S)[keyof typeof S]) => moveApplication(t.db, { id, companyId: t.company1, planId: plan.plan.id }, to, t.adminId);
  await move(a2, S.awaitingWrittenScore);
  await move(a3, S.writtenScoreInReview);
  await move(a4, S.writtenScoreInReview);
  await move(b1, S.awaitingInterview);
  const [room] = await t.db
    .insert(examRoom)
    .values({ companyId: t.company1, planId: plan.plan.id, stage: 2, sort: 1, name: '第一考场', seats: 30 })
    .returning();
  const stage = (applicationId: number, recruitmentId: number, values: object) =>
    t.db.insert(applicationStage).values({ companyId: t.company1, applicationId, stage: 2, planId: plan.plan.id, recruitmentId, ...values });
  await stage(a2, plan.posts[0]!.id, { roomId: room!.id, seat: 1, ticketCode: 'K001', issuedAt: new Date() });
  await stage(a3, plan.posts[0]!.id, { roomId: room!.id, seat: 2, ticketCode: 'K002', issuedAt: new Date() });
  await stage(a4, plan.posts[0]!.id, { roomId: room!.id, seat: 3, ticketCode: 'K003', issuedAt: new Date(), confirmedAt: new Date(), confirmedBy: t.adminId, rank: 1 });
  await stage(b1, plan.posts[1]!.id, { roomId: room!.id, seat: 4, ticketCode: 'K004', issuedAt: new Date(), rank: 1, passed: true });
  await t.db.update(candidateApplication).set({ writtenGrade: '86.5' }).where(eq(candidateApplication.id, a3));
  await t.db.update(candidateApplication).set({ writtenGrade: '90' }).where(eq(candidateApplication.id, a4));
  await t.db.update(candidateApplication).set({ writtenGrade: '70.25', auditionGrade: '88' }).where(eq(candidateApplication.id, b1));
  await insertResume(t.db, t.company1, plan.applications[0]!, { sex: '2', birthday: '1998-05-20', phone: '13900000000' });
  theirs = await insertTheirExamPlan(t);
});

describe('examApplicationList', () => {
  it('lists the plan’s applications of the written stage, newest first, with seat, ticket, score and review', async () => {
    const res = await list({}, t.shenhe);
    expect(res.code, res.msg).toBe(200);
    expect(res.data.total).toBe(6);
    expect(idsOf(res)).toEqual([ids.b2, ids.b1, ids.a4, ids.a3, ids.a2, ids.a1]);
    const byId = new Map(res.data.list.map((r) => [r.id, r]));
    expect(byId.get(ids.a1!)).toEqual({
      id: ids.a1,
      recruitmentId: plan.posts[0]!.id,
      jobVacancy: '会计',
      realName: '考生1-1',
      sex: '2',
      identityNo: plan.applications[0]!.identityNo,
      phone: expect.any(String),
      status: S.awaitingWritten,
      ticketCode: null,
      roomName: null,
      seat: null,
      absent: false,
      score: null,
      confirmed: false,
      rank: null,
      myTaskId: null,
      itemScores: [expect.objectContaining({ score: null, entered: false })],
      returnedReason: '',
    });
    expect(byId.get(ids.a3!)).toMatchObject({ sex: '', status: 22, ticketCode: 'K002', roomName: '第一考场', seat: 2, score: '86.50', confirmed: false, rank: null });
    expect(byId.get(ids.a4!)).toMatchObject({ status: 22, ticketCode: 'K003', seat: 3, score: '90.00', confirmed: true, rank: 1 });
    expect(byId.get(ids.b1!)).toMatchObject({ status: 30, ticketCode: 'K004', score: '70.25', rank: 1 });
  });

  it('lists the interview stage with its own score', async () => {
    const res = await list({ type: 3 });
    expect(res.data.total).toBe(1);
    expect(res.data.list[0]).toMatchObject({ id: ids.b1, status: 30, ticketCode: null, roomName: null, score: '88.00', rank: null });
  });

  it('filters by post, status, keyword prefix and score status, and pages', async () => {
    expect(idsOf(await list({ recruitmentId: plan.posts[1]!.id }))).toEqual([ids.b2, ids.b1]);
    expect(idsOf(await list({ status: 22 }))).toEqual([ids.a4, ids.a3]);
    expect(idsOf(await list({ keyword: '考生1-' }))).toEqual([ids.a4, ids.a3, ids.a2, ids.a1]);
    expect(idsOf(await list({ keyword: '生1' }))).toEqual([]);
    expect(idsOf(await list({ keyword: plan.applications[4]!.identityNo.slice(0, 17).toLowerCase() }))).toEqual([ids.b1]);
    const [phone] = await t.db.select({ phone: candidateApplication.phone }).from(candidateApplication).where(eq(candidateApplication.id, ids.a2!));
    expect(idsOf(await list({ keyword: phone!.phone }))).toEqual([ids.a2]);
    expect(idsOf(await list({ keyword: '%' }))).toEqual([]);
    expect(idsOf(await list({ keyword: 'k002' }))).toEqual([ids.a3]);
    // Entry: awaiting the score, or entered and not yet reviewed; review: entered. Both by ticket code, as the sheets come.
    expect(idsOf(await list({ scoreStatus: 1 }))).toEqual([ids.a2, ids.a3]);
    expect(idsOf(await list({ scoreStatus: 2 }))).toEqual([ids.a3, ids.a4]);
    const page = await list({ pageNum: 2, pageSize: 2 });
    expect(page.data.total).toBe(6);
    expect(idsOf(page)).toEqual([ids.a4, ids.a3]);
  });

  it('offers the caller their score task once the stage’s verify items have passed', async () => {
    const mineOf = async (token: string) => (await list({}, token)).data.list.find((r) => r.id === ids.a2)!.myTaskId;
    expect(await mineOf(t.shenhe)).toBeNull();
    const tasks = await t.db
      .select({ id: applicationTask.id, kind: workflowItem.kind })
      .from(applicationTask)
      .innerJoin(workflowItem, eq(workflowItem.id, applicationTask.workflowItemId))
      .where(and(eq(applicationTask.applicationId, ids.a2!), eq(workflowItem.stage, 2)));
    const verify = tasks.find((task) => task.kind === 'verify')!;
    const score = tasks.find((task) => task.kind === 'score')!;
    await t.db.update(applicationTask).set({ status: TASK_STATUS.passed, verifierId: t.adminId, verifiedAt: new Date() }).where(eq(applicationTask.id, verify.id));
    expect(await mineOf(t.shenhe)).toBe(score.id);
    // Not the admin's task; and not before the ticket is issued (a1 is at 20 with a pending task).
    expect(await mineOf(t.admin)).toBeNull();
    expect((await list({}, t.shenhe)).data.list.find((r) => r.id === ids.a1)!.myTaskId).toBeNull();
  });

  it('answers nothing for a stage the plan does not hold', async () => {
    await t.db.update(recruitmentPlan).set({ examMode: 'interview' }).where(eq(recruitmentPlan.id, plan.plan.id));
    const res = await list({});
    await t.db.update(recruitmentPlan).set({ examMode: 'full' }).where(eq(recruitmentPlan.id, plan.plan.id));
    expect(res.data).toEqual({ total: 0, list: [] });
  });

  it('refuses bad input, a role without the permission, another company’s plan and a post of another plan', async () => {
    for (const [input, msg] of [
      [{ type: 4, planId: plan.plan.id }, '考试阶段不正确'],
      [{ type: 2, planId: 'abc' }, '招录计划编号必须是数字'],
      [{ type: 2, planId: plan.plan.id, scoreStatus: 3 }, '成绩状态不正确'],
      [{ type: 2, planId: plan.plan.id, status: 'x' }, '报名状态不正确'],
      [{ type: 2, planId: plan.plan.id, keyword: '关'.repeat(31) }, '关键词最长 30 个字'],
      [{ type: 2, planId: plan.plan.id, pageSize: 201 }, '每页最多 200 条'],
    ] as const) {
      expectError(await t.post('/api/recruitment/examApplicationList', t.admin, input), 400, msg);
    }
    expect((await list({}, outsider)).status).toBe(403);
    await expectOthersNotFound(t, (token, id) => t.call(examApplicationList, { type: 2, planId: id }, { token }), { mine: plan.plan.id, theirs: theirs.plan.id }, '招录计划不存在');
    expectError(await list({ recruitmentId: theirs.posts[0]!.id }), 404, '岗位不存在');
    expectError(await list({ recruitmentId: theirs.posts[0]!.id }, t.hospital), 404, '招录计划不存在');
  });
});
