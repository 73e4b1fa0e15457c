// runs on PostgreSQL too: one gate task decided by calls at once (a double click, two tabs), serialised by the candidate's row lock
import { type ApplicationStatus, TASK_STATUS, decideGateTasks, saveWorkflow } from '@zhaokao/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, applicationTask, candidateApplication, gateRecord, gateVacancy, recruitmentPlan } from '../../db/tables.js';
import { atOnce, expectOneSucceeded, useTestApp, warmUp } from '../../test/app.js';
import { identityNo, insertApplication, insertPlan } from '../../test/recruitment.js';
import { TASK_DECIDED, createStageTasks } from '../pipeline/index.js';

const t = useTestApp();
let plan: Awaited<ReturnType<typeof insertPlan>>;
/** 体检's two work items, both admin's. */
let items: [number, number];
let seq = 0;

/** A candidate at 体检 (35) with its gate record and the gate's tasks. */
async function atGate() {
  seq += 1;
  const row = await insertApplication(
    t.db,
    { companyId: t.company1, planId: plan.plan.id, recruitmentId: plan.posts[0]!.id, realName: `并发任务${seq}` },
    { identityNo: identityNo('1993-02-01', seq), phone: `134${String(seq).padStart(8, '0')}` },
  );
  await t.db.update(candidateApplication).set({ status: 35 as ApplicationStatus }).where(eq(candidateApplication.id, row.id));
  await t.db.insert(gateRecord).values({ companyId: t.company1, applicationId: row.id, stage: 5 });
  await createStageTasks(t.db, t.company1, [row.id], plan.plan.id, 5);
  return row.id;
}

const taskOf = async (applicationId: number, item: number) =>
  (await t.db.select().from(applicationTask).where(and(eq(applicationTask.applicationId, applicationId), eq(applicationTask.workflowItemId, item))))[0];

beforeAll(async () => {
  plan = await insertPlan(t.db, t.company1, { name: '并发体检任务计划' });
  await t.db.update(recruitmentPlan).set({ gates: [5] }).where(eq(recruitmentPlan.id, plan.plan.id));
  const saved = await t.call(
    saveWorkflow,
    {
      planId: plan.plan.id,
      stage: 5,
      items: [
        { workItem: '体检核验', kind: 'verify', assigneeId: t.adminId },
        { workItem: '体检结论', kind: 'verify', assigneeId: t.adminId },
      ],
    } as never,
    { token: t.admin },
  );
  expect(saved.code).toBe(200);
  items = saved.data.map((i) => i.id) as [number, number];
});

describe('at once', () => {
  it('the same task decided twice at once: one wins, the other gets 409 and the next item stays pending', async () => {
    await warmUp(() => t.call(decideGateTasks, { gate: 5, taskIds: [999999], result: 'passed', reason: '' }, { token: t.admin }));
    for (let round = 0; round < 3; round++) {
      const id = await atGate();
      const first = (await taskOf(id, items[0]))!.id;
      const answers = await atOnce(2, () => t.call(decideGateTasks, { gate: 5, taskIds: [first], result: 'passed', reason: '' }, { token: t.admin }));
      expectOneSucceeded(answers, 409, TASK_DECIDED);
      expect(await taskOf(id, items[0])).toMatchObject({ status: TASK_STATUS.passed });
      expect(await taskOf(id, items[1])).toMatchObject({ status: TASK_STATUS.pending, verifierId: null });
      const [app] = await t.db.select({ status: candidateApplication.status }).from(candidateApplication).where(eq(candidateApplication.id, id));
      expect(app!.status).toBe(35);
    }
  });

  it('the last task passed and failed at once: one result, one history row, a vacancy only for 不合格', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await atGate();
      await t.db.update(applicationTask).set({ status: TASK_STATUS.passed }).where(eq(applicationTask.id, (await taskOf(id, items[0]))!.id));
      const last = (await taskOf(id, items[1]))!.id;
      const answers = await atOnce(2, (i) =>
        t.call(decideGateTasks, { gate: 5, taskIds: [last], result: i === 0 ? 'passed' : 'failed', reason: i === 0 ? '' : '复查不合格' }, { token: t.admin }),
      );
      expectOneSucceeded(answers, 409, TASK_DECIDED);
      const winner = answers.findIndex((a) => a.code === 200);
      const [app] = await t.db.select({ status: candidateApplication.status }).from(candidateApplication).where(eq(candidateApplication.id, id));
      expect(app!.status).toBe(winner === 0 ? 36 : 37);
      expect(await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, id))).toHaveLength(1);
      expect(await t.db.select().from(gateVacancy).where(eq(gateVacancy.leftApplicationId, id))).toHaveLength(winner === 0 ? 0 : 1);
    }
  });
});
