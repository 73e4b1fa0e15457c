import { type WorkflowStage, candidateTask, saveWorkflow, submitAudit } from '@zhaokao/contracts';
import { asc, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { applicationHistory, candidateApplication } from '../../db/tables.js';
import type { DemoAccounts, TestApp } from '../../test/app.js';
import { applyWith, identityNo, insertPlan, saveTwoLevelReview } from '../../test/recruitment.js';

export const TASK_DECIDED = '该审核任务已处理，请刷新后查看';

/** Company 1's plan whose sign-up is reviewed in two levels (初审 by shenhe, then 复审 by admin). */
export async function insertReviewPlan(t: TestApp & DemoAccounts) {
  const plan = await insertPlan(t.db, t.company1, { name: '审核流程计划' });
  const saved = await saveTwoLevelReview(t, plan.plan.id);
  expect(saved.msg).toBe('保存成功');
  return plan;
}

type Items = { workItem: string; kind: 'verify' | 'score'; assigneeId: number }[];

/** The review helpers that examine.test.ts and examine.concurrency.test.ts both use; `defaultPost` is the post applyOne applies to. */
export function reviewHelpers(t: TestApp & DemoAccounts, defaultPost: () => number) {
  /** A new application to the post, answered by id. */
  let seq = 100;
  async function applyOne(name = '审核测试', recruitmentId = defaultPost()) {
    seq += 1;
    return applyWith(t, recruitmentId, { realName: name, identityNo: identityNo('1995-06-01', seq), phone: `139${String(seq).padStart(8, '0')}` });
  }

  const tasksOf = async (applicationId: number) => (await t.call(candidateTask, { id: applicationId }, { token: t.admin })).data;

  async function historyCount(applicationId: number) {
    const [row] = await t.db.select({ n: count() }).from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId));
    return row!.n;
  }

  /** A plan of company 1 with its own work items per stage. */
  async function planWith(name: string, stages: Partial<Record<WorkflowStage, Items>>) {
    const made = await insertPlan(t.db, t.company1, { name });
    for (const [stage, items] of Object.entries(stages)) {
      const saved = await t.call(saveWorkflow, { planId: made.plan.id, stage: Number(stage) as WorkflowStage, items: items! }, { token: t.admin });
      expect(saved.code).toBe(200);
    }
    return made;
  }

  /** The application's sign-up tasks, in order. */
  const signUpTasks = async (applicationId: number) => (await tasksOf(applicationId)).stages[0]!.steps.map((s) => s.taskId!);

  const statusOf = async (applicationId: number) =>
    (await t.db.select({ status: candidateApplication.status }).from(candidateApplication).where(eq(candidateApplication.id, applicationId)))[0]!.status;

  const historyOf = (applicationId: number) =>
    t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(asc(applicationHistory.id));

  async function decide(token: string, taskId: number, pass: boolean, remarks = pass ? '' : '学历不符合岗位要求', failStatus: 12 | 13 = 12) {
    const res = await t.call(submitAudit, pass ? { tastId: taskId, status: 1, remarks } : { tastId: taskId, status: 2, failStatus, remarks }, { token });
    expect(res.code).toBe(200);
    return res.data.status;
  }

  return { applyOne, tasksOf, historyCount, planWith, signUpTasks, statusOf, historyOf, decide };
}
