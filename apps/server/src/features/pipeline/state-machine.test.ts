import {
  APPLICATION_STATUSES, APPLICATION_TRANSITIONS, FINAL_APPLICATION_STATUSES, GATE_STAGE_TABLE, SWITCH_MOVE,
  type ApplicationStatus, TASK_STATUS, type WorkflowStage, canMoveApplication, gateOfStatus, saveWorkflow,
} from '@zhaokao/contracts';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, applicationTask, candidateApplication, recruitmentPlan, workflowItem } from '../../db/tables.js';
import { AppError } from '../../shared/errors.js';
import { useTestApp } from '../../test/app.js';
import { identityNo, insertApplication, insertPlan } from '../../test/recruitment.js';
import { MOVE_REFUSED, recordApplied, transition } from './state-machine.js';

const t = useTestApp();
let plan: Awaited<ReturnType<typeof insertPlan>>;
/** The plan's work item ids by stage, in order. */
const itemsOf: Record<WorkflowStage, number[]> = { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] };

/**
 * DESIGN §5: entering 10 starts (or restarts) the sign-up tasks, 20 the written ones, 30 the interview ones, and a
 * gate's 待定 (25, 35, 40, 45) the gate's.
 */
const STAGE_ENTERED: Partial<Record<ApplicationStatus, WorkflowStage>> = { 10: 1, 20: 2, 30: 3, 25: 4, 35: 5, 40: 6, 45: 7 };

let seq = 0;
/** An application of the plan put directly at `status`, without tasks or history. */
async function applicationAt(status: ApplicationStatus) {
  seq += 1;
  const row = await insertApplication(
    t.db,
    { companyId: t.company1, planId: plan.plan.id, recruitmentId: plan.posts[0]!.id, realName: `流转${seq}` },
    { identityNo: identityNo('1990-01-01', seq), phone: `137${String(seq).padStart(8, '0')}` },
  );
  await t.db.update(candidateApplication).set({ status }).where(eq(candidateApplication.id, row.id));
  return { id: row.id, companyId: t.company1, planId: plan.plan.id, status };
}

/** Everything a move may write for one application: its status, its history and its tasks. */
async function stateOf(applicationId: number) {
  const [application] = await t.db.select({ status: candidateApplication.status }).from(candidateApplication).where(eq(candidateApplication.id, applicationId));
  const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(asc(applicationHistory.id));
  const tasks = await t.db
    .select({ id: applicationTask.id, workflowItemId: applicationTask.workflowItemId, stage: workflowItem.stage, status: applicationTask.status, verifierId: applicationTask.verifierId, verifiedAt: applicationTask.verifiedAt, remarks: applicationTask.remarks })
    .from(applicationTask)
    .innerJoin(workflowItem, eq(workflowItem.id, applicationTask.workflowItemId))
    .where(eq(applicationTask.applicationId, applicationId))
    .orderBy(asc(applicationTask.id));
  return { status: application!.status, history, tasks };
}

/** Tasks of every sign-up item already decided (the first passed, the rest failed), as after a return. */
async function decidedSignUpTasks(applicationId: number) {
  await t.db.insert(applicationTask).values(
    itemsOf[1].map((workflowItemId, i) => ({
      companyId: t.company1,
      applicationId,
      workflowItemId,
      status: i === 0 ? TASK_STATUS.passed : TASK_STATUS.failed,
      verifierId: t.shenheId,
      verifiedAt: new Date(),
      remarks: '已审核',
    })),
  );
}

const move = (application: Awaited<ReturnType<typeof applicationAt>>, to: ApplicationStatus, remarks = `改为 ${to}`) =>
  t.db.transaction((tx) => transition(tx, { application, to, actorId: t.adminId, remarks }));

async function expectRefused(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ httpStatus: 409, message: MOVE_REFUSED });
}

beforeAll(async () => {
  plan = await insertPlan(t.db, t.company1, { name: '状态流转计划' });
  const stages: [WorkflowStage, { workItem: string; kind: 'verify' | 'score'; assigneeId: number }[]][] = [
    [1, [{ workItem: '初审', kind: 'verify', assigneeId: t.shenheId }, { workItem: '复审', kind: 'verify', assigneeId: t.adminId }]],
    [2, [{ workItem: '笔试成绩录入', kind: 'score', assigneeId: t.adminId }]],
    [3, [{ workItem: '资格复核', kind: 'verify', assigneeId: t.shenheId }, { workItem: '面试评分', kind: 'score', assigneeId: t.adminId }]],
    ...GATE_STAGE_TABLE.map((g): [WorkflowStage, { workItem: string; kind: 'verify'; assigneeId: number }[]] => [
      g.stage,
      [{ workItem: `${g.name}核验`, kind: 'verify', assigneeId: t.adminId }, { workItem: `${g.name}结论`, kind: 'verify', assigneeId: t.adminId }],
    ]),
  ];
  // the plan runs every gate, each with two work items
  await t.db.update(recruitmentPlan).set({ gates: GATE_STAGE_TABLE.map((g) => g.stage) }).where(eq(recruitmentPlan.id, plan.plan.id));
  for (const [stage, items] of stages) {
    const saved = await t.call(saveWorkflow, { planId: plan.plan.id, stage, items }, { token: t.admin });
    expect(saved.code).toBe(200);
    itemsOf[stage] = saved.data.map((i) => i.id);
  }
});

describe('every move of the transition table', () => {
  it('applying (none → 10) writes the first history row and creates the sign-up tasks', async () => {
    const application = await applicationAt(10);
    await t.db.transaction((tx) => recordApplied(tx, { ...application, status: null }));
    const after = await stateOf(application.id);
    expect(after.status).toBe(10);
    expect(after.history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 10, actorId: null, remarks: '考生报名' })]);
    expect(after.tasks.map((task) => [task.workflowItemId, task.status])).toEqual(itemsOf[1].map((id) => [id, TASK_STATUS.pending]));
  });

  const moves = APPLICATION_TRANSITIONS.filter((m) => m.from !== null);
  it.each(moves.map((m) => [m.from!, m.to, m.by] as const))('%i → %i (%s)', async (from, to) => {
    const application = await applicationAt(from);
    if (to === 10) await decidedSignUpTasks(application.id);
    const before = await stateOf(application.id);

    await move(application, to, `从 ${from} 改为 ${to}`);

    const after = await stateOf(application.id);
    expect(after.status).toBe(to);
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(after.history.at(-1)).toMatchObject({ companyId: t.company1, fromStatus: from, toStatus: to, actorId: t.adminId, remarks: `从 ${from} 改为 ${to}` });
    const stage = STAGE_ENTERED[to];
    if (stage === undefined) {
      expect(after.tasks).toEqual(before.tasks);
    } else {
      // One pending task per work item of the stage entered: created, or reset when it was decided before.
      const ofStage = after.tasks.filter((task) => task.stage === stage);
      expect(ofStage.map((task) => task.workflowItemId).sort()).toEqual([...itemsOf[stage]].sort());
      expect(ofStage.every((task) => task.status === TASK_STATUS.pending && task.verifierId === null && task.verifiedAt === null && task.remarks === '')).toBe(true);
      expect(after.tasks.filter((task) => task.stage !== stage)).toEqual(before.tasks.filter((task) => task.stage !== stage));
      // A restarted stage keeps its tasks (their ids), so nothing else refers to vanished rows.
      if (to === 10) expect(ofStage.map((task) => task.id)).toEqual(before.tasks.map((task) => task.id));
    }
  });

  it('entering a stage twice does not duplicate its tasks', async () => {
    const application = await applicationAt(11);
    await move(application, 12);
    await move({ ...application, status: 12 }, 10);
    await move({ ...application, status: 10 }, 20);
    const tasks = (await stateOf(application.id)).tasks;
    expect(tasks.filter((task) => task.stage === 1).map((task) => task.workflowItemId)).toEqual(itemsOf[1]);
    expect(tasks.filter((task) => task.stage === 2).map((task) => task.workflowItemId)).toEqual(itemsOf[2]);
  });
});

const refusedFrom = (from: ApplicationStatus) => APPLICATION_STATUSES.filter((to) => !canMoveApplication(from, to));

describe('refused moves: 409, nothing changed', () => {
  it('the final statuses have no move out (but 改报, and into a gate the plan runs: 确认名单 or 递补)', () => {
    for (const from of FINAL_APPLICATION_STATUSES) {
      const switchTo = from === SWITCH_MOVE.from ? [SWITCH_MOVE.to] : [];
      const intoGate = APPLICATION_TRANSITIONS.filter((m) => m.from === from && gateOfStatus(m.to)?.statuses.pending === m.to).map((m) => m.to);
      expect(refusedFrom(from)).toEqual(APPLICATION_STATUSES.filter((to) => !switchTo.includes(to) && !intoGate.includes(to)));
    }
  });

  it.each(APPLICATION_STATUSES.map((from) => [from] as const))('from %i, every move outside the table', async (from) => {
    const application = await applicationAt(from);
    await decidedSignUpTasks(application.id);
    const before = await stateOf(application.id);
    for (const to of refusedFrom(from)) await expectRefused(move(application, to));
    expect(await stateOf(application.id)).toEqual(before);
  });

  it('a move from a status the application has left meanwhile (a stale `from`)', async () => {
    const application = await applicationAt(11);
    await decidedSignUpTasks(application.id);
    const before = await stateOf(application.id);
    // 10 → 12 and 10 → 20 are allowed moves, but the application is no longer at 10.
    await expectRefused(move({ ...application, status: 10 }, 12));
    await expectRefused(move({ ...application, status: 10 }, 20));
    // Nor can a returned application be resubmitted twice from the same read.
    const returned = await applicationAt(12);
    await move(returned, 10);
    const afterFirst = await stateOf(returned.id);
    await expectRefused(move(returned, 10));
    expect(await stateOf(returned.id)).toEqual(afterFirst);
    expect(await stateOf(application.id)).toEqual(before);
  });

  it('an application of another company is not moved', async () => {
    const application = await applicationAt(10);
    const before = await stateOf(application.id);
    await expectRefused(move({ ...application, companyId: t.company2 }, 11));
    expect(await stateOf(application.id)).toEqual(before);
  });

  it('an application not created yet (status null) moves only by applying', async () => {
    const application = await applicationAt(10);
    const before = await stateOf(application.id);
    for (const to of APPLICATION_STATUSES) await expectRefused(t.db.transaction((tx) => transition(tx, { application: { ...application, status: null }, to, actorId: t.adminId, remarks: '' })));
    expect(await stateOf(application.id)).toEqual(before);
  });
});
