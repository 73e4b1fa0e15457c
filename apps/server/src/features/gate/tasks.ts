import { type GateStage, type GateStep, type ParsedInputOf, TASK_STATUS, type decideGateTasks, gateStageRow } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../shared/errors.js';
import { idArray, rowsOf } from '../../shared/sql.js';
import { MOVE_REFUSED, TASK_DECIDED, TASK_MISSING, TASK_NOT_YET, TASK_NOT_YOURS, earlierItemOpen, earlierItems, fromTaskToPlan, taskDecisionColumns } from '../pipeline/index.js';
import { closeGate, refusePublicityNotOver } from './decide.js';
import { PUBLICITY } from './list.js';

/**
 * A gate's work items (招录工作安排, DESIGN §5): a plan that set items for a gate decides its candidates through their
 * tasks, created by the state machine when they enter the gate (确认名单, 递补). Items are sequential: a task can be
 * decided once every earlier item's task passed, by its assignee only. The last item's pass is the gate's 合格, a
 * failure its 不合格 at once; 放弃 stays a direct decision (decide.ts), and leaving the gate closes the open tasks.
 */

interface TaskRow {
  taskId: number;
  taskStatus: number;
  stage: number;
  assigneeId: number;
  applicationId: number;
  planId: number;
  recruitmentId: number;
  applicationStatus: number;
  realName: string;
  earlierOpen: boolean;
  /** Other tasks of the gate still pending for the application. */
  othersPending: number;
  /** 公示 only: when its period ends for the application. */
  periodEnd: Date | string | null;
}

export type GateTaskDecision = ParsedInputOf<typeof decideGateTasks> & { companyId: number; actorId: number };

/**
 * decideGateTasks: the caller's tasks decided for a batch of candidates, all or none. The applications are locked
 * (in id order) before their tasks are read, so that a decision that committed meanwhile is seen whole; each task
 * must be the company's and the gate's (404), the caller's (403), pending (409: decided by someone else first), its
 * candidate pending at the gate and every earlier item passed (409). Nothing is written before every check passed;
 * each task is then written on condition that it is still pending (`status = 0`).
 */
export async function decideTasks(tx: Db, d: GateTaskDecision) {
  const gate = gateStageRow(d.gate);
  const taskIds = [...new Set(d.taskIds)];
  // Locked first, read after (as the state machine's lockTask does).
  await tx.execute(sql`
    select 1 from candidate_application a
    where a.company_id = ${d.companyId} and a.id in (select t.application_id from application_task t where t.company_id = ${d.companyId} and t.id = any(${idArray(taskIds)}))
    order by a.id
    for update of a`);
  const rows = await rowsOf<TaskRow>(
    tx,
    sql`select ${taskDecisionColumns}, a.recruitment_id as "recruitmentId",
        g.entered_at + make_interval(days => p.publicity_days) as "periodEnd"
      ${fromTaskToPlan}
      left join gate_record g on g.application_id = a.id and g.company_id = a.company_id and g.stage = ${gate.stage}
      where t.company_id = ${d.companyId} and t.id = any(${idArray(taskIds)})
      order by a.id, t.id`,
  );
  const byId = new Map(rows.map((r) => [Number(r.taskId), r]));
  const tasks = taskIds.map((id) => byId.get(id));
  if (tasks.some((t) => t === undefined || Number(t.stage) !== gate.stage)) throw notFound(TASK_MISSING);
  const found = tasks as TaskRow[];
  if (found.some((t) => Number(t.assigneeId) !== d.actorId)) throw forbidden(TASK_NOT_YOURS);
  if (found.some((t) => Number(t.taskStatus) !== TASK_STATUS.pending)) throw conflict(TASK_DECIDED);
  if (found.some((t) => Number(t.applicationStatus) !== gate.statuses.pending)) throw conflict(MOVE_REFUSED);
  // Two tasks of one candidate in a batch: the later item waits for the earlier one, which is not yet passed.
  if (found.some((t) => t.earlierOpen)) throw conflict(TASK_NOT_YET);
  const failed = d.result === 'failed';
  const closing = failed ? found : found.filter((t) => Number(t.othersPending) === 0);
  if (!failed && gate.stage === PUBLICITY.stage) refusePublicityNotOver(closing);

  const status = failed ? TASK_STATUS.failed : TASK_STATUS.passed;
  const [written] = await rowsOf<{ n: number }>(
    tx,
    sql`with decided as (
        update application_task set status = ${status}, verifier_id = ${d.actorId}, verified_at = now(), remarks = ${d.reason}
        where company_id = ${d.companyId} and id = any(${idArray(taskIds)}) and status = ${TASK_STATUS.pending}
        returning 1)
      select count(*)::int as n from decided`,
  );
  if (Number(written!.n) !== taskIds.length) throw conflict(TASK_DECIDED);
  const vacancies = await closeGate(tx, {
    companyId: d.companyId,
    actorId: d.actorId,
    gate,
    applications: closing.map((t) => ({ id: Number(t.applicationId), planId: Number(t.planId), recruitmentId: Number(t.recruitmentId) })),
    result: d.result,
    reason: d.reason,
  });
  return {
    done: taskIds.length,
    gatePassed: failed ? 0 : closing.length,
    gateFailed: failed ? closing.length : 0,
    vacancies,
  };
}

/** The caller's tasks of the gate that can be decided now, for the plan: pending, candidate pending there, earlier items passed. */
export async function actionableCount(db: Db, companyId: number, stage: GateStage, planId: number, userId: number): Promise<number> {
  const gate = gateStageRow(stage);
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n
      from workflow_item i
      ${earlierItems}
      join application_task t on t.workflow_item_id = i.id and t.company_id = i.company_id and t.status = ${TASK_STATUS.pending}
      join candidate_application a on a.id = t.application_id and a.company_id = t.company_id and a.status = ${gate.statuses.pending}
      where i.company_id = ${companyId} and i.plan_id = ${planId} and i.stage = ${stage} and i.assignee_id = ${userId}
        and not ${earlierItemOpen}`,
  );
  return Number(row?.n ?? 0);
}

/** How many work items the plan set for the gate (0: decided directly). */
export async function gateItemCount(db: Db, companyId: number, stage: GateStage, planId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from workflow_item where company_id = ${companyId} and plan_id = ${planId} and stage = ${stage}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Each application's step list at the gate (its plan's items, in order, with their tasks) and the caller's task
 * that can be decided now: the first item not yet passed, while the candidate is pending at the gate, when it is
 * assigned to `userId`. A task still pending (or never made) once the candidate left the gate shows as closed.
 */
export async function gateStepsOf(db: Db, companyId: number, stage: GateStage, applicationIds: readonly number[], userId: number) {
  const gate = gateStageRow(stage);
  const out = new Map<number, { steps: GateStep[]; myTaskId: number | null }>();
  if (applicationIds.length === 0) return out;
  const rows = await rowsOf<{
    applicationId: number;
    applicationStatus: number;
    workItem: string;
    assigneeId: number;
    assigneeName: string;
    verifierName: string | null;
    taskId: number | null;
    status: number | null;
    verifiedAt: Date | string | null;
    remarks: string | null;
  }>(
    db,
    sql`select a.id as "applicationId", a.status as "applicationStatus", i.work_item as "workItem", i.assignee_id as "assigneeId",
        s.name as "assigneeName", v.name as "verifierName", t.id as "taskId", t.status, t.verified_at as "verifiedAt", t.remarks
      from candidate_application a
      join workflow_item i on i.company_id = a.company_id and i.plan_id = a.plan_id and i.stage = ${stage}
      join staff_user s on s.id = i.assignee_id and s.company_id = i.company_id
      left join application_task t on t.workflow_item_id = i.id and t.company_id = i.company_id and t.application_id = a.id
      left join staff_user v on v.id = t.verifier_id and v.company_id = t.company_id
      where a.company_id = ${companyId} and a.id = any(${idArray(applicationIds)})
      order by a.id, i.sort, i.id`,
  );
  for (const r of rows) {
    const id = Number(r.applicationId);
    const entry = out.get(id) ?? { steps: [] as GateStep[], myTaskId: null as number | null };
    const open = Number(r.applicationStatus) === gate.statuses.pending;
    const status = r.status === null ? null : Number(r.status);
    const state: GateStep['state'] =
      status === TASK_STATUS.passed ? 'passed' : status === TASK_STATUS.failed ? 'failed' : open ? 'pending' : 'closed';
    // The first step not passed of a candidate still at the gate is the one being decided.
    const first = open && state === 'pending' && !entry.steps.some((s) => s.state === 'pending');
    if (first && r.taskId !== null && Number(r.assigneeId) === userId) entry.myTaskId = Number(r.taskId);
    entry.steps.push({
      workItem: r.workItem,
      verifierName: r.verifierName ?? r.assigneeName,
      state,
      verifiedAt: r.verifiedAt === null ? null : new Date(r.verifiedAt).toISOString(),
      remarks: r.remarks ?? '',
    });
    out.set(id, entry);
  }
  return out;
}
