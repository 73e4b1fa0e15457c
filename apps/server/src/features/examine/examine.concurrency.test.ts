// runs on PostgreSQL too: reviewers deciding at once, batches locking rows in different orders, a mode change waiting for a pass
import { candidateTask, casualRecruitmentCandidatePass, casualRecruitmentPass, submitAudit, updateCandidatePass } from '@zhaokao/contracts';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationTask, candidateApplication, recruitmentPlan } from '../../db/tables.js';
import { atOnce, expectError, useTestApp, warmUp } from '../../test/app.js';
import { insertPlan } from '../../test/recruitment.js';
import { decideTask } from '../pipeline/index.js';
import { TASK_DECIDED, insertReviewPlan, reviewHelpers } from './examine.support.js';

const t = useTestApp();
let plan: Awaited<ReturnType<typeof insertPlan>>;
const { applyOne, tasksOf, historyCount, planWith, signUpTasks, statusOf, historyOf, decide } = reviewHelpers(t, () => plan.posts[0]!.id);

beforeAll(async () => {
  plan = await insertReviewPlan(t);
});

describe('sign-up review through the state machine, decided at once', () => {
  it('20 reviewers deciding one task at once: exactly one wins, one history row', async () => {
    const id = await applyOne('并发审核');
    const task = (await tasksOf(id)).stages[0]!.steps[0]!.taskId!;
    // On PostgreSQL, enough connections first, so that the 20 calls really run side by side.
    await warmUp(() => t.call(candidateTask, { id }, { token: t.shenhe }));
    const answers = await atOnce(20, () => t.call(submitAudit, { tastId: task, status: 1 }, { token: t.shenhe }));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 200)).toEqual(
      Array.from({ length: 19 }, () => ({ status: 409, code: 409, msg: '该审核任务已处理，请刷新后查看', data: null })),
    );
    expect((await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, id)))[0]!.status).toBe(11);
    expect(await historyCount(id)).toBe(2);
    const [decided] = await t.db.select({ n: count() }).from(applicationTask).where(and(eq(applicationTask.applicationId, id), eq(applicationTask.status, 1)));
    expect(decided!.n).toBe(1);
  });

  it('20 decisions of the last task at once: one moves the application on, the others are told the task was decided', async () => {
    const id = await applyOne('并发终审');
    const [first, second] = await signUpTasks(id);
    await decide(t.shenhe, first!, true);
    await warmUp(() => t.call(candidateTask, { id }, { token: t.admin }));
    const answers = await atOnce(20, (i) =>
      t.call(submitAudit, i % 2 ? { tastId: second!, status: 1 } : { tastId: second!, status: 2, failStatus: 12, remarks: '材料不全' }, { token: t.admin }),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 200)).toEqual(Array.from({ length: 19 }, () => ({ status: 409, code: 409, msg: TASK_DECIDED, data: null })));
    const winner = answers.find((a) => a.code === 200)!.data.status;
    expect(await statusOf(id)).toBe(winner);
    expect((await historyOf(id)).map((h) => h.toStatus)).toEqual([10, 11, winner]);
  });
});

describe('batch pass (updateCandidatePass)', () => {
  it('batches over the same applications at once, in different orders: each application passes once, none waits forever', async () => {
    const ids: number[] = [];
    for (const name of ['并批甲', '并批乙', '并批丙', '并批丁', '并批戊', '并批己']) ids.push(await applyOne(name));
    await warmUp(() => t.call(candidateTask, { id: ids[0]! }, { token: t.shenhe }));
    const orders = [ids, [...ids].sort((a, b) => b - a), [ids[2]!, ids[0]!, ids[5]!, ids[1]!, ids[4]!, ids[3]!], [...ids].sort((a, b) => b - a)];
    const answers = await atOnce(orders.length, (i) => t.call(updateCandidatePass, { ids: orders[i]! }, { token: t.shenhe }));
    expect(answers.map((a) => a.code)).toEqual(orders.map(() => 200));
    expect(answers.reduce((sum, a) => sum + a.data.passed, 0)).toBe(ids.length);
    for (const id of ids) {
      expect(await statusOf(id)).toBe(11);
      expect(await historyCount(id)).toBe(2);
    }
  });
});

describe('plans without exams (考核招聘)', () => {
  it.skipIf(process.env.TEST_DB !== 'postgres')('changing the exam mode waits for a sign-up pass in progress, then refuses', async () => {
    const racing = await planWith('考试方式竞争计划', { 1: [{ workItem: '资格审查', kind: 'verify', assigneeId: t.shenheId }] });
    const id = await applyOne('考试方式竞争', racing.posts[0]!.id);
    const [task] = await signUpTasks(id);
    let decided!: () => void;
    const decidedNow = new Promise<void>((resolve) => (decided = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The last sign-up task passes in a transaction held open: the application moves on by the plan's mode (full → 20).
    const deciding = t.db.transaction(async (tx) => {
      const result = await decideTask(tx, { companyId: t.company1, taskId: task!, actorId: t.shenheId, status: 1, remarks: '' });
      decided();
      await released;
      return result;
    });
    await decidedNow;
    let modeAnswered = false;
    const changing = t.call(casualRecruitmentPass, { planId: racing.plan.id, examMode: 'interview' }, { token: t.admin }).finally(() => (modeAnswered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waited = !modeAnswered;
    release();
    expect(waited).toBe(true);
    expect((await deciding).status).toBe(20);
    expectError(await changing, 409, '已有报名人员通过报名资格审核，不能再更改考试方式');
    expect((await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.id, racing.plan.id)))[0]!.examMode).toBe('full');
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')('a direct pass waits for an exam-mode change in progress and goes by the new mode', async () => {
    const racing = await planWith('直通竞争计划', { 1: [{ workItem: '资格审查', kind: 'verify', assigneeId: t.shenheId }] });
    expect((await t.call(casualRecruitmentPass, { planId: racing.plan.id, examMode: 'interview' }, { token: t.admin })).code).toBe(200);
    const id = await applyOne('直通竞争', racing.posts[0]!.id);
    let changed!: () => void;
    const changedNow = new Promise<void>((resolve) => (changed = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // What casualRecruitmentPass does, held open before its commit: the plan locked, nobody passed yet, the mode changed.
    const changing = t.db.transaction(async (tx) => {
      await tx.select().from(recruitmentPlan).where(eq(recruitmentPlan.id, racing.plan.id)).for('update');
      await tx.update(recruitmentPlan).set({ examMode: 'direct' }).where(eq(recruitmentPlan.id, racing.plan.id));
      changed();
      await released;
    });
    await changedNow;
    let passAnswered = false;
    const passing = t.call(casualRecruitmentCandidatePass, { ids: [id] }, { token: t.admin }).finally(() => (passAnswered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waited = !passAnswered;
    release();
    expect(waited).toBe(true);
    await changing;
    expect((await passing).data).toEqual({ passed: 1, refused: [] });
    expect(await statusOf(id)).toBe(34);
  });
});

describe('select all across pages: batch pass by filter', () => {
  let all: Awaited<ReturnType<typeof planWith>>;
  beforeAll(async () => {
    all = await planWith('全选计划', {
      1: [
        { workItem: '初审', kind: 'verify', assigneeId: t.shenheId },
        { workItem: '复审', kind: 'verify', assigneeId: t.adminId },
      ],
    });
  });

  it('two batches by the same filter at once pass each application once', async () => {
    const made: number[] = [];
    for (const name of ['并选甲', '并选乙', '并选丙', '并选丁', '并选戊', '并选己', '并选庚', '并选辛']) made.push(await applyOne(name, all.posts[0]!.id));
    await warmUp(() => t.call(candidateTask, { id: made[0]! }, { token: t.shenhe }));
    const answers = await atOnce(3, () => t.call(updateCandidatePass, { filter: { planId: all.plan.id, realName: '并选' } }, { token: t.shenhe }));
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + a.data.passed, 0)).toBe(made.length);
    for (const a of answers) for (const r of a.data.refused) expect([TASK_DECIDED, '没有分配给您的待审核工作']).toContain(r.reason);
    for (const id of made) {
      expect(await statusOf(id)).toBe(11);
      expect(await historyCount(id)).toBe(2);
    }
  });
});
