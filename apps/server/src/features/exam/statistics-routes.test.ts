// runs on PostgreSQL too: simultaneous changes of one post, its interview list confirmed at once
import {
  APPLICATION_STATUS as S, TASK_STATUS, adjustPost, confirmInterviewList, examRatioStatistics,
  writtenPassStatistics,
} from '@zhaokao/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applicationHistory, applicationStage, applicationTask, candidateApplication, candidateNotice,
  postPlacesChange, recruitmentInfo, recruitmentPlan, stagePublication, workflowItem,
} from '../../db/tables.js';
import { atOnce, expectError, expectOneSucceeded, expectOthersNotFound, snapshotOf, useTestApp, warmUp, staffWith } from '../../test/app.js';
import { insertExamPlan, insertTheirExamPlan } from '../../test/exam.js';
import { insertApplication } from '../../test/recruitment.js';
import { ratioText } from './ratio.js';
import { moveApplication } from '../../test/moves.js';

const t = useTestApp();

const SCORE = { workItem: '笔试成绩', kind: 'score' as const };
const PANEL = { workItem: '面试评分', kind: 'score' as const };


let outsider: string;
let mine: Awaited<ReturnType<typeof insertExamPlan>>;
let theirs: Awaited<ReturnType<typeof insertExamPlan>>;

const snapshot = snapshotOf(t, { posts: recruitmentInfo, changes: postPlacesChange, notices: candidateNotice });

beforeAll(async () => {
  outsider = await staffWith(t, '人才库管理', 'zhaodangan', ['talent:view'], '13511113333');
  mine = await insertExamPlan(t.db, t.company1, {
    name: '开考比例计划',
    posts: [
      { jobVacancy: '会计', places: 2, candidates: 5 },
      { jobVacancy: '出纳', places: 1, candidates: 2 },
      { jobVacancy: '司机', places: 3, candidates: 1 },
    ],
    written: [{ ...SCORE, assigneeId: t.shenheId }],
    interview: [{ ...PANEL, assigneeId: t.adminId }],
    reviewerId: t.adminId,
  });
  // Not yet through sign-up review: not counted.
  await insertApplication(t.db, { companyId: t.company1, planId: mine.plan.id, recruitmentId: mine.posts[0]!.id, realName: '未审核' });
  theirs = await insertTheirExamPlan(t);
});

describe('ratioText', () => {
  it('divides exactly and rounds half up to two places', () => {
    expect([ratioText(5, 2), ratioText(2, 3), ratioText(1, 3), ratioText(1, 8), ratioText(0, 4), ratioText(7, 0), ratioText(200, 1)]).toEqual([
      '2.50',
      '0.67',
      '0.33',
      '0.13',
      '0.00',
      '—',
      '200.00',
    ]);
  });
});

describe('examRatioStatistics', () => {
  it('lists each post with places, sign-up passes, ratio and the flag against the plan’s minimum', async () => {
    const res = await t.call(examRatioStatistics, { planId: mine.plan.id }, { token: t.shenhe });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.minExamRatio).toBe('3.0');
    expect(res.data.ticketsIssued).toBe(false);
    expect(res.data.rows.map(({ changes: _c, ...r }) => r)).toEqual([
      { recruitmentId: mine.posts[0]!.id, jobVacancy: '会计', departmentName: '', places: 2, passed: 5, ratio: '2.50', required: 6, belowMinimum: true, cancelled: false },
      { recruitmentId: mine.posts[1]!.id, jobVacancy: '出纳', departmentName: '', places: 1, passed: 2, ratio: '2.00', required: 3, belowMinimum: true, cancelled: false },
      { recruitmentId: mine.posts[2]!.id, jobVacancy: '司机', departmentName: '', places: 3, passed: 1, ratio: '0.33', required: 9, belowMinimum: true, cancelled: false },
    ]);
  });

  it('flags exactly at the minimum: 5 passes for 2 places at 2.5 are enough, required rounds up', async () => {
    await t.db.update(recruitmentPlan).set({ minExamRatio: '2.5' }).where(eq(recruitmentPlan.id, mine.plan.id));
    const res = await t.call(examRatioStatistics, { planId: mine.plan.id }, { token: t.admin });
    expect(res.data.rows.map((r) => [r.required, r.belowMinimum])).toEqual([
      [5, false],
      [3, true],
      [8, true],
    ]);
    await t.db.update(recruitmentPlan).set({ minExamRatio: '3.0' }).where(eq(recruitmentPlan.id, mine.plan.id));
  });

  it('refuses bad input, a role without the permission and another company’s plan', async () => {
    expectError(await t.post('/api/recruitment/examRatioStatistics', t.admin, { planId: 'abc' }), 400, '招录计划编号必须是数字');
    expectError(await t.post('/api/recruitment/examRatioStatistics', t.admin, { planId: '2147483648' }), 400, '招录计划编号不正确');
    expect((await t.call(examRatioStatistics, { planId: mine.plan.id }, { token: outsider })).status).toBe(403);
    await expectOthersNotFound(
      t,
      (token, id) => t.call(examRatioStatistics, { planId: id }, { token }),
      { mine: mine.plan.id, theirs: theirs.plan.id },
      '招录计划不存在',
    );
  });
});

const call = (token: string, input: object) => t.post('/api/recruitment/adjustPost', token, input);

describe('adjustPost', () => {
  it('refuses bad input with its message and changes nothing', async () => {
    const id = mine.posts[0]!.id;
    for (const [input, msg] of [
      [{ recruitmentId: id, remarks: '原因' }, '请选择调整方式'],
      [{ action: 'delete', recruitmentId: id, remarks: '原因' }, '请选择调整方式'],
      [{ action: 'cancel', recruitmentId: id, remarks: '  ' }, '请输入原因'],
      [{ action: 'cancel', recruitmentId: id, remarks: '因'.repeat(201) }, '原因最长 200 个字'],
      [{ action: 'reduce', recruitmentId: id, places: 0, remarks: '原因' }, '招录人数最少为 1'],
      [{ action: 'reduce', recruitmentId: id, places: 'abc', remarks: '原因' }, '招录人数必须是数字'],
      [{ action: 'reduce', recruitmentId: id, places: 1.5, remarks: '原因' }, '招录人数必须是整数'],
      [{ action: 'cancel', recruitmentId: 'x', remarks: '原因' }, '岗位编号必须是数字'],
    ] as const) {
      const before = await snapshot();
      expectError(await call(t.admin, input), 400, msg);
      expect(await snapshot()).toEqual(before);
    }
  });

  it('refuses a user without plan:edit (403) and another company’s post (404), changing nothing', async () => {
    const before = await snapshot();
    expect((await t.call(adjustPost, { action: 'cancel', recruitmentId: mine.posts[0]!.id, remarks: '原因' }, { token: t.shenhe })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
    await expectOthersNotFound(
      t,
      (token, id) => t.call(adjustPost, { action: 'reduce', recruitmentId: id, places: 1, remarks: '原因' }, { token }),
      { mine: mine.posts[0]!.id, theirs: theirs.posts[0]!.id },
      '岗位不存在',
      snapshot,
    );
  });

  it('reduces places (only downwards) and keeps the history with who did it', async () => {
    const id = mine.posts[0]!.id;
    const res = await t.call(adjustPost, { action: 'reduce', recruitmentId: id, places: 1, remarks: '报名人数不足' }, { token: t.admin });
    expect(res).toMatchObject({ code: 200, msg: '调整成功', data: { recruitmentId: id, places: 1, cancelled: false } });
    const [post] = await t.db.select().from(recruitmentInfo).where(eq(recruitmentInfo.id, id));
    expect(post).toMatchObject({ places: 1, cancelledAt: null });
    for (const places of [1, 2]) {
      const before = await snapshot();
      expectError(await call(t.admin, { action: 'reduce', recruitmentId: id, places, remarks: '再减' }), 409, '只能减少招录人数');
      expect(await snapshot()).toEqual(before);
    }
    const stats = await t.call(examRatioStatistics, { planId: mine.plan.id }, { token: t.admin });
    const row = stats.data.rows.find((r) => r.recruitmentId === id)!;
    expect(row).toMatchObject({ places: 1, passed: 5, ratio: '5.00', required: 3, belowMinimum: false });
    expect(row.changes).toEqual([
      { fromPlaces: 2, toPlaces: 1, cancelled: false, actorName: '王敏', remarks: '报名人数不足', createdAt: expect.any(String) },
    ]);
  });

  it('cancels a post, tells each of its candidates, and refuses any further change of it', async () => {
    const id = mine.posts[1]!.id;
    const res = await t.call(adjustPost, { action: 'cancel', recruitmentId: id, remarks: '未达到开考比例' }, { token: t.admin });
    expect(res.data).toEqual({ recruitmentId: id, places: 1, cancelled: true });
    const [post] = await t.db.select().from(recruitmentInfo).where(eq(recruitmentInfo.id, id));
    expect(post!.cancelledAt).toBeInstanceOf(Date);
    const candidates = mine.applications.filter((a) => a.recruitmentId === id).map((a) => a.id);
    const notices = await t.db.select().from(candidateNotice).where(inArray(candidateNotice.applicationId, candidates)).orderBy(asc(candidateNotice.applicationId));
    expect(notices.map((n) => [n.applicationId, n.companyId, n.title, n.content])).toEqual(
      candidates.map((a) => [a, t.company1, '岗位取消通知', '您报考的“开考比例计划”出纳岗位已取消。原因：未达到开考比例']),
    );
    for (const input of [
      { action: 'cancel', recruitmentId: id, remarks: '再取消' },
      { action: 'reduce', recruitmentId: id, places: 1, remarks: '再减' },
    ]) {
      const before = await snapshot();
      expectError(await call(t.admin, input), 409, '该岗位已取消');
      expect(await snapshot()).toEqual(before);
    }
    const stats = await t.call(examRatioStatistics, { planId: mine.plan.id }, { token: t.admin });
    expect(stats.data.rows.find((r) => r.recruitmentId === id)).toMatchObject({
      cancelled: true,
      changes: [{ fromPlaces: 1, toPlaces: 1, cancelled: true, actorName: '王敏', remarks: '未达到开考比例' }],
    });
  });

  it('lets one of many simultaneous changes of a post win', async () => {
    const id = mine.posts[2]!.id;
    await warmUp(() => t.call(examRatioStatistics, { planId: mine.plan.id }, { token: t.admin }));
    const reduces = await atOnce(10, () => t.call(adjustPost, { action: 'reduce', recruitmentId: id, places: 2, remarks: '同时减少' }, { token: t.admin }));
    expectOneSucceeded(reduces, 409, '只能减少招录人数');
    const cancels = await atOnce(10, () => t.call(adjustPost, { action: 'cancel', recruitmentId: id, remarks: '同时取消' }, { token: t.admin }));
    expectOneSucceeded(cancels, 409, '该岗位已取消');
    const changes = await t.db.select().from(postPlacesChange).where(eq(postPlacesChange.recruitmentId, id)).orderBy(asc(postPlacesChange.id));
    expect(changes.map((c) => [c.fromPlaces, c.toPlaces, c.cancelled])).toEqual([
      [3, 2, false],
      [2, 2, true],
    ]);
    const notices = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(candidateNotice)
      .innerJoin(candidateApplication, eq(candidateApplication.id, candidateNotice.applicationId))
      .where(eq(candidateApplication.recruitmentId, id));
    expect(notices[0]!.n).toBe(1);
  });

  it('refuses any change once a written ticket of the plan is issued', async () => {
    const plan = await insertExamPlan(t.db, t.company1, {
      name: '已发准考证计划',
      posts: [
        { jobVacancy: '甲', places: 2, candidates: 1 },
        { jobVacancy: '乙', places: 2, candidates: 1 },
      ],
      written: [{ ...SCORE, assigneeId: t.shenheId }],
      interview: [],
      reviewerId: t.adminId,
    });
    const a = plan.applications[0]!;
    await t.db.insert(applicationStage).values({
      companyId: t.company1,
      applicationId: a.id,
      stage: 2,
      planId: plan.plan.id,
      recruitmentId: a.recruitmentId,
      ticketCode: '2026001200101',
      issuedAt: new Date(),
    });
    const stats = await t.call(examRatioStatistics, { planId: plan.plan.id }, { token: t.admin });
    expect(stats.data.ticketsIssued).toBe(true);
    for (const input of [
      { action: 'cancel', recruitmentId: plan.posts[1]!.id, remarks: '取消' },
      { action: 'reduce', recruitmentId: plan.posts[1]!.id, places: 1, remarks: '减少' },
    ]) {
      const before = await snapshot();
      expectError(await call(t.admin, input), 409, '该计划已发放笔试准考证，不能再调整岗位');
      expect(await snapshot()).toEqual(before);
    }
  });
});

describe('writtenPassStatistics and confirmInterviewList', () => {
  let plan: Awaited<ReturnType<typeof insertExamPlan>>;
  const move = (index: number, to: (typeof S)[keyof typeof S]) =>
    moveApplication(t.db, { id: plan.applications[index]!.id, companyId: t.company1, planId: plan.plan.id }, to, t.adminId);

  beforeAll(async () => {
    plan = await insertExamPlan(t.db, t.company1, {
      name: '笔试通过计划',
      posts: [
        { jobVacancy: '文秘', places: 1, candidates: 7 },
        { jobVacancy: '保安', places: 2, candidates: 1 },
        { jobVacancy: '已取消', places: 1, candidates: 0 },
      ],
      written: [{ ...SCORE, assigneeId: t.shenheId }],
      interview: [
        { ...PANEL, assigneeId: t.adminId },
        { workItem: '面试评分二', kind: 'score', assigneeId: t.shenheId },
      ],
      reviewerId: t.adminId,
    });
    await t.db.update(recruitmentInfo).set({ cancelledAt: new Date() }).where(eq(recruitmentInfo.id, plan.posts[2]!.id));
    await t.db.update(recruitmentPlan).set({ writtenPassLine: '60' }).where(eq(recruitmentPlan.id, plan.plan.id));
    // 文秘: one left at 20, one at 21, one absent at 22, one failed, three passed (one already in the interview).
    await move(1, S.awaitingWrittenScore);
    await move(2, S.writtenScoreInReview);
    await t.db.insert(applicationStage).values({
      companyId: t.company1,
      applicationId: plan.applications[2]!.id,
      stage: 2,
      planId: plan.plan.id,
      recruitmentId: plan.posts[0]!.id,
      absent: true,
    });
    await move(3, S.writtenFailed);
    await move(4, S.writtenPassed);
    await move(5, S.writtenPassed);
    await move(6, S.awaitingInterview);
  });

  it('counts per post who sat, was absent, passed and waits for the interview list, with the plan’s figures before publication', async () => {
    const res = await t.call(writtenPassStatistics, { planId: plan.plan.id }, { token: t.shenhe });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toEqual([
      {
        recruitmentId: plan.posts[0]!.id,
        jobVacancy: '文秘',
        places: 1,
        // 参考人数: the six with a ticket, less the one absent
        candidates: 5,
        absent: 1,
        passed: 3,
        awaitingConfirmation: 2,
        published: false,
        quota: 3,
        passLine: '60.00',
        cutoffScore: null,
      },
      {
        recruitmentId: plan.posts[1]!.id,
        jobVacancy: '保安',
        places: 2,
        candidates: 0,
        absent: 0,
        passed: 0,
        awaitingConfirmation: 0,
        published: false,
        quota: 6,
        passLine: '60.00',
        cutoffScore: null,
      },
    ]);
  });

  it('answers the published figures once the post’s results are published', async () => {
    await t.db.insert(stagePublication).values({
      companyId: t.company1,
      recruitmentId: plan.posts[0]!.id,
      stage: 2,
      places: 1,
      quota: 3,
      passLine: '55',
      cutoffScore: '80.5',
      passed: 3,
      failed: 2,
      publishedBy: t.adminId,
    });
    const res = await t.call(writtenPassStatistics, { planId: plan.plan.id }, { token: t.admin });
    expect(res.data[0]).toMatchObject({ published: true, quota: 3, passLine: '55.00', cutoffScore: '80.50' });
    expect(res.data[1]).toMatchObject({ published: false, passLine: '60.00', cutoffScore: null });
  });

  it('refuses bad input, a role without the permission and another company’s plan', async () => {
    expectError(await t.post('/api/recruitment/writtenPassStatistics', t.admin, { planId: '0' }), 400, '招录计划编号必须是正数');
    expect((await t.call(writtenPassStatistics, { planId: plan.plan.id }, { token: outsider })).status).toBe(403);
    await expectOthersNotFound(
      t,
      (token, id) => t.call(writtenPassStatistics, { planId: id }, { token }),
      { mine: plan.plan.id, theirs: theirs.plan.id },
      '招录计划不存在',
    );
  });

  const confirmSnapshot = snapshotOf(t, { applications: candidateApplication, history: applicationHistory, tasks: applicationTask });

  it('refuses a user without plan:edit (403), another company’s post (404) and bad input, changing nothing', async () => {
    const before = await confirmSnapshot();
    expect((await t.call(confirmInterviewList, { recruitmentId: plan.posts[0]!.id }, { token: t.shenhe })).status).toBe(403);
    expectError(await t.post('/api/recruitment/confirmInterviewList', t.admin, { recruitmentId: 'abc' }), 400, '岗位编号必须是数字');
    expect(await confirmSnapshot()).toEqual(before);
    await expectOthersNotFound(
      t,
      (token, id) => t.call(confirmInterviewList, { recruitmentId: id }, { token }),
      { mine: plan.posts[0]!.id, theirs: theirs.posts[0]!.id },
      '岗位不存在',
      confirmSnapshot,
    );
  });

  it('refuses while the plan has no interview work items', async () => {
    const bare = await insertExamPlan(t.db, t.company1, {
      name: '无面试安排计划',
      posts: [{ jobVacancy: '司机', places: 1, candidates: 1 }],
      written: [{ ...SCORE, assigneeId: t.shenheId }],
      interview: [],
      reviewerId: t.adminId,
    });
    await moveApplication(t.db, { id: bare.applications[0]!.id, companyId: t.company1, planId: bare.plan.id }, S.writtenPassed, t.adminId);
    const before = await confirmSnapshot();
    expectError(await t.call(confirmInterviewList, { recruitmentId: bare.posts[0]!.id }, { token: t.admin }), 409, '面试阶段还没有安排工作');
    expect(await confirmSnapshot()).toEqual(before);
  });

  it('moves the post’s written passes to the interview with history and interview tasks, once, even when asked at once', async () => {
    const waiting = [plan.applications[4]!.id, plan.applications[5]!.id];
    await warmUp(() => t.call(writtenPassStatistics, { planId: plan.plan.id }, { token: t.admin }));
    const answers = await atOnce(5, () => t.call(confirmInterviewList, { recruitmentId: plan.posts[0]!.id }, { token: t.admin }));
    for (const res of answers) expect(res.code, res.msg).toBe(200);
    expect(answers.map((res) => res.data.moved).sort()).toEqual([0, 0, 0, 0, 2]);
    const rows = await t.db.select().from(candidateApplication).where(inArray(candidateApplication.id, waiting));
    expect(rows.map((r) => r.status)).toEqual([S.awaitingInterview, S.awaitingInterview]);
    const history = await t.db
      .select()
      .from(applicationHistory)
      .where(and(inArray(applicationHistory.applicationId, waiting), eq(applicationHistory.toStatus, S.awaitingInterview)));
    expect(history.map((h) => [h.fromStatus, h.actorId, h.remarks])).toEqual([
      [S.writtenPassed, t.adminId, '确认面试名单'],
      [S.writtenPassed, t.adminId, '确认面试名单'],
    ]);
    const tasks = await t.db
      .select({ status: applicationTask.status })
      .from(applicationTask)
      .innerJoin(workflowItem, eq(workflowItem.id, applicationTask.workflowItemId))
      .where(and(inArray(applicationTask.applicationId, waiting), eq(workflowItem.stage, 3)));
    expect(tasks.map((task) => task.status)).toEqual([TASK_STATUS.pending, TASK_STATUS.pending, TASK_STATUS.pending, TASK_STATUS.pending]);
    const stats = await t.call(writtenPassStatistics, { planId: plan.plan.id }, { token: t.admin });
    expect(stats.data[0]).toMatchObject({ passed: 3, awaitingConfirmation: 0 });
  });

  it('with 资格复审: counts its candidates as written passes, and the interview list takes those who passed it (26), not 24', async () => {
    const gated = await insertExamPlan(t.db, t.company1, {
      name: '资格复审面试计划',
      posts: [{ jobVacancy: '档案', places: 1, candidates: 4 }],
      written: [{ ...SCORE, assigneeId: t.shenheId }],
      interview: [{ ...PANEL, assigneeId: t.adminId }],
      reviewerId: t.adminId,
    });
    await t.db.update(recruitmentPlan).set({ gates: [4, 7] }).where(eq(recruitmentPlan.id, gated.plan.id));
    const ids = gated.applications.map((a) => a.id);
    for (const id of ids) await moveApplication(t.db, { id, companyId: t.company1, planId: gated.plan.id }, S.writtenPassed, t.adminId);
    // One waits for 资格复审's list (24), one is at it (25), one passed it (26), one failed it (27).
    for (const [id, status] of [[ids[1]!, 25], [ids[2]!, 26], [ids[3]!, 27]] as const) {
      await t.db.update(candidateApplication).set({ status }).where(eq(candidateApplication.id, id));
    }
    const stats = async () => (await t.call(writtenPassStatistics, { planId: gated.plan.id }, { token: t.admin })).data[0];
    expect(await stats()).toMatchObject({ candidates: 4, passed: 4, awaitingConfirmation: 1 });
    const res = await t.call(confirmInterviewList, { recruitmentId: gated.posts[0]!.id }, { token: t.admin });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.moved).toBe(1);
    const rows = await t.db.select().from(candidateApplication).where(inArray(candidateApplication.id, ids)).orderBy(asc(candidateApplication.id));
    expect(rows.map((r) => r.status)).toEqual([S.writtenPassed, 25, S.awaitingInterview, 27]);
    const history = await t.db
      .select()
      .from(applicationHistory)
      .where(and(eq(applicationHistory.applicationId, ids[2]!), eq(applicationHistory.toStatus, S.awaitingInterview)));
    expect(history.map((h) => [h.fromStatus, h.remarks])).toEqual([[26, '确认面试名单']]);
    expect(await stats()).toMatchObject({ passed: 4, awaitingConfirmation: 0 });
  });
});
