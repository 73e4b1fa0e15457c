import {
  APPLICATION_STATUS, type ApplicationStatus, EXAM_STAGE_TABLE, type ExamStage, GATE_STAGE_TABLE,
  GATE_TASK_ELSEWHERE, type GateStage, type ExamStageRow, SIGN_UP_STAGE, examStageRow, type PlanExamMode,
  SIGN_UP_PASSED_STATUS, STAGE_CLOSED_MESSAGES, STAGE_OPEN_STATUSES, TASK_STATUS, type WorkflowStage,
  canMoveApplication, examStageEnteredBy, isGateWorkflowStage, isSignUpMove, stagePublishedMessage,
} from '@zhaokao/contracts';
import { noteAuditBefore } from '../../shared/request-transaction.js';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicationHistory, applicationTask, candidateApplication } from '../../db/tables.js';
import { conflict, forbidden, notFound } from '../../shared/errors.js';
import { affectedRowsOf, idArray, inList, rowsOf } from '../../shared/sql.js';
import { STAGE_RULES } from './stage-rules.js';
import { signUpClosedLocked } from './stage.js';

/**
 * DESIGN §5: the one place an application's status changes. Every move is checked against the contracts'
 * transition table, written to the history and followed by the new stage's tasks, all in the caller's
 * transaction. Routes never write `status` themselves.
 */

export const MOVE_REFUSED = '当前报名状态不能进行该操作';
export const TASK_MISSING = '审核任务不存在';
export const TASK_NOT_YOURS = '该审核任务不是分配给您的';
export const TASK_DECIDED = '该审核任务已处理，请刷新后查看';
export const TASK_NOT_YET = '前面的审核工作还未完成，暂时不能审核';
export const SCORE_TASK_REFUSED = '请在成绩录入中填写分数';
export const PUBLICATION_BUSY = '该岗位有成绩正在审核或退回，请稍后重新发布';
export const EXAM_VERIFY_FAIL_REFUSED = '笔试、面试阶段的核验不能判为不通过；缺考请在成绩录入中标记';

/**
 * For a task `t` of work item `i`: the earlier work items of `i`'s stage (`earlier.ids`, null for the first item),
 * found once per work item rather than once per task, so the first item's tasks need no look at other tasks.
 */
export const earlierItems = sql`cross join lateral (select array_agg(i2.id) as ids from workflow_item i2
    where i2.company_id = i.company_id and i2.plan_id = i.plan_id and i2.stage = i.stage and (i2.sort, i2.id) < (i.sort, i.id)) earlier`;

/** DESIGN §5: a task of an earlier work item that has not passed. While one exists, `t` cannot be decided. */
export const earlierItemOpen = sql`(earlier.ids is not null and exists (select 1 from application_task t2
    where t2.company_id = t.company_id and t2.application_id = t.application_id
      and t2.workflow_item_id = any(earlier.ids) and t2.status <> ${TASK_STATUS.passed}))`;

/** What deciding task `t` needs of it and of its application `a` (read `fromTaskToPlan`). */
export const taskDecisionColumns = sql`t.id as "taskId", t.status as "taskStatus", i.stage, i.assignee_id as "assigneeId",
    a.id as "applicationId", a.plan_id as "planId", a.status as "applicationStatus", a.real_name as "realName",
    ${earlierItemOpen} as "earlierOpen",
    (select count(*)::int from application_task t2 join workflow_item i2 on i2.id = t2.workflow_item_id and i2.company_id = t2.company_id
      where t2.company_id = t.company_id and t2.application_id = t.application_id and i2.stage = i.stage
        and t2.id <> t.id and t2.status = ${TASK_STATUS.pending}) as "othersPending"`;

/** Task `t`, its work item `i` with the earlier items of its stage, its application `a` and the application's plan `p`. */
export const fromTaskToPlan = sql`from application_task t
    join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
    ${earlierItems}
    join candidate_application a on a.id = t.application_id and a.company_id = t.company_id
    join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id`;

/**
 * The stage an application entering `to` (from `from`) starts, when its tasks are to be created or reset: the
 * sign-up review, an exam stage, or a gate (确认名单 or 递补 into its 待定 / 公示中).
 */
function stageStartedBy(to: ApplicationStatus): WorkflowStage | undefined {
  if (to === SIGN_UP_STAGE.statuses.pending) return SIGN_UP_STAGE.stage; // applied, or resubmitted after a return
  return EXAM_STAGE_TABLE.find((s) => s.statuses.awaitingTicket === to)?.stage ?? GATE_STAGE_TABLE.find((g) => g.statuses.pending === to)?.stage;
}

/** The gate an application leaves when it moves out of the gate's 待定 (合格, 不合格 or 放弃). */
const gateLeftBy = (from: ApplicationStatus | null): GateStage | undefined => GATE_STAGE_TABLE.find((g) => g.statuses.pending === from)?.stage;

/** One pending task per work item of the plan's `stage` that the application has no task for yet. */
export async function createStageTasks(db: Db, companyId: number, applicationIds: readonly number[] | 'open', planId: number, stage: WorkflowStage) {
  const applications =
    applicationIds === 'open'
      ? sql`select id from candidate_application where company_id = ${companyId} and plan_id = ${planId}
          and status in (${inList(STAGE_OPEN_STATUSES[stage])})`
      : sql`select unnest(${`{${applicationIds.join(',')}}`}::int[]) as id`;
  await db.execute(sql`
    insert into application_task (company_id, application_id, workflow_item_id)
    select ${companyId}, a.id, i.id
    from (${applications}) a
    cross join workflow_item i
    where i.company_id = ${companyId} and i.plan_id = ${planId} and i.stage = ${stage}
    on conflict do nothing`);
}

/**
 * The stages' guard rails, which every move obeys: a move of the sign-up stage (applying, the review,
 * resubmitting) is refused once the plan's sign-up is closed; a move into a post's written (interview) stage is
 * refused once the post's results of that stage are published. 409 with the reason, nothing written.
 */
async function refuseClosedSignUp(tx: Db, companyId: number, planId: number, from: ApplicationStatus | null, to: ApplicationStatus) {
  if (!isSignUpMove(from, to) || !(await signUpClosedLocked(tx, companyId, planId))) return;
  throw conflict(
    from === null ? STAGE_CLOSED_MESSAGES.apply : from === APPLICATION_STATUS.rejectedCorrectable ? STAGE_CLOSED_MESSAGES.resubmit : STAGE_CLOSED_MESSAGES.review,
  );
}

/** The condition a move into `stage` adds to its UPDATE of the applications `alias`: the post has not published that stage. */
const stageNotPublished = (stage: ExamStage, alias: string) =>
  sql`not exists (select 1 from stage_publication sp where sp.company_id = ${sql.raw(alias)}.company_id
    and sp.recruitment_id = ${sql.raw(alias)}.recruitment_id and sp.stage = ${stage})`;

/** After a move into `stage` left some of `ids` where they were: the published stage's message when that is why. */
async function refusePublishedStage(tx: Db, companyId: number, ids: readonly number[], stage: ExamStage | undefined) {
  if (stage === undefined) return;
  const [published] = await rowsOf(
    tx,
    sql`select 1 from candidate_application a
      join stage_publication sp on sp.company_id = a.company_id and sp.recruitment_id = a.recruitment_id and sp.stage = ${stage}
      where a.company_id = ${companyId} and a.id = any(${idArray(ids)}) limit 1`,
  );
  if (published) throw conflict(stagePublishedMessage(stage));
}

export interface Move {
  application: { id: number; companyId: number; planId: number; status: ApplicationStatus | null };
  to: ApplicationStatus;
  /** The staff member who made the move; null for the candidate. */
  actorId: number | null;
  remarks: string;
}

/**
 * Moves one application from its known status to `to`: refused with 409 when the table does not allow it
 * or the application is no longer in that status (someone else moved it first).
 */
export async function transition(tx: Db, move: Move): Promise<void> {
  const { application: a, to } = move;
  if (a.status === null || !canMoveApplication(a.status, to)) throw conflict(MOVE_REFUSED);
  await refuseClosedSignUp(tx, a.companyId, a.planId, a.status, to);
  const entered = examStageEnteredBy(to);
  const moved = await tx
    .update(candidateApplication)
    .set({ status: to, updatedAt: new Date() })
    .where(
      and(
        eq(candidateApplication.id, a.id),
        eq(candidateApplication.companyId, a.companyId),
        eq(candidateApplication.status, a.status),
        entered === undefined ? undefined : stageNotPublished(entered, 'candidate_application'),
      ),
    )
    .returning({ id: candidateApplication.id });
  if (moved.length === 0) {
    await refusePublishedStage(tx, a.companyId, [a.id], entered);
    throw conflict(MOVE_REFUSED);
  }
  noteAuditBefore({ [`application ${a.id} status`]: a.status, [`application ${a.id} status after`]: to });
  await afterMove(tx, move);
}

/** The application's first status (10, by the candidate): called right after inserting it with status 10. */
export async function recordApplied(tx: Db, application: Move['application']): Promise<void> {
  if (!canMoveApplication(null, APPLICATION_STATUS.pending)) throw conflict(MOVE_REFUSED);
  await refuseClosedSignUp(tx, application.companyId, application.planId, null, APPLICATION_STATUS.pending);
  await afterMove(tx, { application: { ...application, status: null }, to: APPLICATION_STATUS.pending, actorId: null, remarks: '考生报名' });
}

async function afterMove(tx: Db, { application: a, to, actorId, remarks }: Move) {
  await tx.insert(applicationHistory).values({
    companyId: a.companyId,
    applicationId: a.id,
    fromStatus: a.status,
    toStatus: to,
    actorId,
    remarks,
  });
  await followUp(tx, a.companyId, [a.id], a.planId, a.status, to);
}

/** The score review's return (22 → 21, 32 → 31) reopens the stage's score entry. */
function stageReturnedBy(from: ApplicationStatus | null, to: ApplicationStatus): ExamStage | undefined {
  return EXAM_STAGE_TABLE.find((s) => s.statuses.inReview === from && s.statuses.awaitingScore === to)?.stage;
}

/** What follows a move of `ids` from `from` to `to`: a stage's tasks started (or restarted), or its scores reopened. */
async function followUp(tx: Db, companyId: number, ids: readonly number[], planId: number, from: ApplicationStatus | null, to: ApplicationStatus) {
  const returned = stageReturnedBy(from, to);
  if (returned !== undefined) {
    // Scores sent back: the stage's score tasks pending again, the stage score, 缺考 and the review cleared.
    await tx.execute(sql`
      update application_task t set status = ${TASK_STATUS.pending}, verifier_id = null, verified_at = null, score = null, remarks = ''
      from workflow_item i
      where t.company_id = ${companyId} and t.application_id = any(${idArray(ids)})
        and i.id = t.workflow_item_id and i.company_id = t.company_id and i.stage = ${returned} and i.kind = 'score'`);
    await tx.execute(sql`update candidate_application set ${STAGE_RULES[returned].score} = null where company_id = ${companyId} and id = any(${idArray(ids)})`);
    await tx.execute(sql`
      update application_stage set absent = false, confirmed_by = null, confirmed_at = null
      where company_id = ${companyId} and stage = ${returned} and application_id = any(${idArray(ids)})`);
    return;
  }
  const left = gateLeftBy(from);
  if (left !== undefined) {
    // The gate decided (its last item passed, an item failed, or 放弃): its tasks still open are closed. They held no
    // decision; the gate's step list shows their items as closed.
    await tx.execute(sql`
      delete from application_task t using workflow_item i
      where t.company_id = ${companyId} and t.application_id = any(${idArray(ids)})
        and i.id = t.workflow_item_id and i.company_id = t.company_id and i.stage = ${left} and t.status = ${TASK_STATUS.pending}`);
  }
  const stage = stageStartedBy(to);
  if (stage === undefined) return;
  // A stage entered again (a corrected resume) starts over: its decided tasks are pending again.
  await tx.execute(sql`
    update application_task t set status = ${TASK_STATUS.pending}, verifier_id = null, verified_at = null, score = null, remarks = ''
    from workflow_item i
    where t.company_id = ${companyId} and t.application_id = any(${idArray(ids)})
      and i.id = t.workflow_item_id and i.company_id = t.company_id and i.stage = ${stage} and t.status <> ${TASK_STATUS.pending}`);
  await createStageTasks(tx, companyId, ids, planId, stage);
}

export interface BulkMove {
  companyId: number;
  planId: number;
  applicationIds: readonly number[];
  from: ApplicationStatus;
  to: ApplicationStatus;
  actorId: number | null;
  remarks: string;
  /**
   * The stage score each application moves with (21 → 22, 31 → 32), parallel to `applicationIds`, written by the
   * same update: one write of each row rather than two. `column` is the stage's score column (`StageRules.score`).
   */
  scores?: { column: SQL; values: readonly (string | null)[] };
}

/**
 * `transition` for many applications of one plan at once, in a few statements whatever their number: all
 * of them move from `from` to `to`, with a history row each and the same follow-up, or none does (409 when
 * the table does not allow the move or one of them is no longer in `from`).
 */
export async function transitionMany(tx: Db, m: BulkMove): Promise<void> {
  if (!canMoveApplication(m.from, m.to)) throw conflict(MOVE_REFUSED);
  const ids = m.scores ? m.applicationIds : [...new Set(m.applicationIds)];
  if (ids.length === 0) return;
  await refuseClosedSignUp(tx, m.companyId, m.planId, m.from, m.to);
  const entered = examStageEnteredBy(m.to);
  const open = (alias: string) => (entered === undefined ? sql`` : sql`and ${stageNotPublished(entered, alias)}`);
  const update = m.scores
    ? sql`update candidate_application a set status = ${m.to}, updated_at = now(), ${m.scores.column} = v.score
        from unnest(${idArray(ids)}, ${`{${m.scores.values.map((v) => v ?? 'NULL').join(',')}}`}::numeric[]) as v(id, score)
        where a.company_id = ${m.companyId} and a.plan_id = ${m.planId} and a.id = v.id and a.status = ${m.from} ${open('a')}
        returning a.id`
    : sql`update candidate_application set status = ${m.to}, updated_at = now()
        where company_id = ${m.companyId} and plan_id = ${m.planId} and id = any(${idArray(ids)}) and status = ${m.from} ${open('candidate_application')}
        returning id`;
  const [moved] = await rowsOf<{ n: number }>(
    tx,
    sql`with moved as (${update}),
      written as (
        insert into application_history (company_id, application_id, from_status, to_status, actor_id, remarks)
        select ${m.companyId}, id, ${m.from}, ${m.to}, ${m.actorId}, ${m.remarks} from moved
        returning 1)
      select count(*)::int as n from written`,
  );
  if (Number(moved!.n) !== ids.length) {
    await refusePublishedStage(tx, m.companyId, ids, entered);
    throw conflict(MOVE_REFUSED);
  }
  noteAuditBefore({ status: m.from, 'status after': m.to, applications: ids.length });
  await followUp(tx, m.companyId, ids, m.planId, m.from, m.to);
}

/** The remarks of the moves a publication makes (22 → 24 / 23, 32 → 34 / 33). */
function publicationRemarks(stage: ExamStage) {
  const i = EXAM_STAGE_TABLE.findIndex((s) => s.stage === stage);
  const { name } = EXAM_STAGE_TABLE[i]!;
  const next = EXAM_STAGE_TABLE[i + 1];
  return next
    ? { passed: `${name}成绩发布：进入${next.name}`, failed: `${name}成绩发布：未进入${next.name}` }
    : { passed: `${name}成绩发布：拟录用`, failed: `${name}成绩发布：未被拟录用` };
}

function publicationMoves(stage: ExamStage) {
  const { statuses } = examStageRow(stage);
  return { from: statuses.inReview, passed: statuses.passed, failed: statuses.failed };
}

export interface PublicationMove {
  companyId: number;
  planId: number;
  recruitmentId: number;
  stage: ExamStage;
  /** Those of the post's applications at 22 / 32 who pass; every other one there fails. */
  passedIds: readonly number[];
  /** How many of the post's applications are at 22 / 32, as the caller counted them. */
  expected: number;
  actorId: number;
}

/**
 * A post's results published (DESIGN §5): every application of the post at 22 (32) moves, in one write of each
 * row, those passing to 24 (34) with a history row each, the others to 23 (33). The failures' history row is the
 * post's stage_publication row, written by the caller in the same transaction: one row for the post, read for
 * each of them by `applicationMoves`, so that a post of 100,000 needs no 100,000 history rows. 409 when
 * the applications are not as the caller counted them (a score was sent back meanwhile).
 */
export async function transitionPublished(tx: Db, m: PublicationMove): Promise<{ passed: number; failed: number }> {
  const moves = publicationMoves(m.stage);
  if (!canMoveApplication(moves.from, moves.passed) || !canMoveApplication(moves.from, moves.failed)) throw conflict(MOVE_REFUSED);
  const passedIds = [...new Set(m.passedIds)];
  const ofThePost = sql`company_id = ${m.companyId} and plan_id = ${m.planId} and recruitment_id = ${m.recruitmentId} and status = ${moves.from}`;
  const passed =
    passedIds.length === 0
      ? 0
      : await affectedRowsOf(
          tx,
          sql`update candidate_application set status = ${moves.passed}, updated_at = now() where ${ofThePost} and id = any(${idArray(passedIds)})`,
        );
  // Every other application of the post still at `from` fails: one plain write of each row, nothing returned. Only
  // the status changes (not updated_at), which keeps each row's WAL record to the changed bytes; when they moved is
  // the publication's time, as their history is the publication's row.
  const failed = await affectedRowsOf(tx, sql`update candidate_application set status = ${moves.failed} where ${ofThePost}`);
  if (passed !== passedIds.length || passed + failed !== m.expected) throw conflict(PUBLICATION_BUSY);
  if (passedIds.length > 0) {
    await tx.execute(sql`
      insert into application_history (company_id, application_id, from_status, to_status, actor_id, remarks)
      select ${m.companyId}, id, ${moves.from}, ${moves.passed}, ${m.actorId}, ${publicationRemarks(m.stage).passed} from unnest(${idArray(passedIds)}) as moved(id)`);
  }
  await followUp(tx, m.companyId, passedIds, m.planId, moves.from, moves.passed);
  return { passed, failed };
}

/** `when <stage> then <what the stage gives>` for each exam stage, for a `case p.stage`. */
const byStage = (of: (s: ExamStageRow) => SQL) =>
  sql.join(EXAM_STAGE_TABLE.map((s) => sql`when ${sql.raw(String(s.stage))} then ${of(s)}`), sql` `);

/**
 * Every move of the applications `which` selects (a condition on `a`), in application_history's columns: its rows,
 * then the failures' moves that the publications stand for (see `transitionPublished`), whose `id` is null.
 */
export const applicationMoves = (which: SQL) => sql`
  select h.company_id, h.application_id, h.from_status, h.to_status, h.actor_id, h.remarks, h.created_at, h.id
  from application_history h
  join candidate_application a on a.id = h.application_id and a.company_id = h.company_id
  where ${which}
  union all
  select a.company_id, a.id, case p.stage ${byStage((s) => sql`${s.statuses.inReview}::smallint`)} end,
    a.status, p.published_by, case p.stage ${byStage((s) => sql`${publicationRemarks(s.stage).failed}::text`)} end,
    p.published_at, null
  from candidate_application a
  join stage_publication p on p.company_id = a.company_id and p.recruitment_id = a.recruitment_id
    and p.stage = case a.status ${sql.join(EXAM_STAGE_TABLE.map((s) => sql`when ${s.statuses.failed} then ${sql.raw(String(s.stage))}`), sql` `)} end
  where a.status in (${inList(EXAM_STAGE_TABLE.map((s) => s.statuses.failed))}) and ${which}`;

interface TaskToDecide {
  taskId: number;
  taskStatus: number;
  stage: WorkflowStage;
  kind: 'verify' | 'score';
  assigneeId: number;
  applicationId: number;
  planId: number;
  examMode: PlanExamMode;
  applicationStatus: ApplicationStatus;
  realName: string;
  /** An earlier work item of the stage has a task that has not passed. */
  earlierOpen: boolean;
  /** Other tasks of the stage still pending. */
  othersPending: number;
  /** The plan's sign-up is closed: its review is over. */
  signUpClosed: boolean;
}

/**
 * The task with its application locked until the transaction ends, so that decisions on one application queue,
 * and its plan key-share locked, so that the plan's exam mode read here cannot change before the move is made.
 */
async function lockTask(tx: Db, companyId: number, taskId: number): Promise<TaskToDecide | undefined> {
  // Locked first, read after: a decision committed while this one waited for the lock is then seen whole (its task
  // decided too, not only its application moved), which one locking read would not see.
  await tx.execute(sql`
    select 1 from application_task t
    join candidate_application a on a.id = t.application_id and a.company_id = t.company_id
    join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
    where t.id = ${taskId} and t.company_id = ${companyId}
    for update of a for key share of p`);
  const [row] = await rowsOf<TaskToDecide>(
    tx,
    sql`
      select ${taskDecisionColumns}, i.kind, p.exam_mode as "examMode",
        exists (select 1 from plan_stage_close c where c.company_id = p.company_id and c.plan_id = p.id and c.stage = 1) as "signUpClosed"
      ${fromTaskToPlan}
      where t.id = ${taskId} and t.company_id = ${companyId}
      for update of a for key share of p`,
  );
  if (!row) return undefined;
  return { ...row, taskStatus: Number(row.taskStatus), stage: Number(row.stage) as WorkflowStage, applicationStatus: Number(row.applicationStatus) as ApplicationStatus };
}

export interface Decision {
  companyId: number;
  taskId: number;
  actorId: number;
  status: typeof TASK_STATUS.passed | typeof TASK_STATUS.failed;
  /** 12 or 13 when the task fails. */
  failStatus?: ApplicationStatus;
  remarks: string;
}

/**
 * A reviewer decides a sign-up task (DESIGN §5): only their own pending task whose earlier items all passed.
 * The last pass moves the application on (by the plan's exam mode), a failure returns or rejects it, the
 * first decision of several marks it 审核中. A verify task of the written or interview stage can only pass
 * (it never moves the application: the stage's score tasks follow it); score tasks are entered as scores.
 * Answers the application's status after the decision.
 */
export async function decideTask(tx: Db, d: Decision): Promise<{ applicationId: number; status: ApplicationStatus; realName: string }> {
  const task = await lockTask(tx, d.companyId, d.taskId);
  if (!task) throw notFound(TASK_MISSING);
  if (task.assigneeId !== d.actorId) throw forbidden(TASK_NOT_YOURS);
  if (isGateWorkflowStage(task.stage)) throw conflict(GATE_TASK_ELSEWHERE); // decided on the gate's page (gate/tasks.ts)
  if (task.kind === 'score') throw conflict(SCORE_TASK_REFUSED);
  if (task.stage !== SIGN_UP_STAGE.stage && d.status === TASK_STATUS.failed) throw conflict(EXAM_VERIFY_FAIL_REFUSED);
  if (task.taskStatus !== TASK_STATUS.pending) throw conflict(TASK_DECIDED);
  if (task.stage === SIGN_UP_STAGE.stage && task.signUpClosed) throw conflict(STAGE_CLOSED_MESSAGES.review);
  if (!STAGE_OPEN_STATUSES[task.stage].includes(task.applicationStatus)) throw conflict(MOVE_REFUSED);
  if (task.earlierOpen) throw conflict(TASK_NOT_YET);

  // A verify task of the written or interview stage moves nothing: the stage's score tasks come after it.
  let to: ApplicationStatus = task.applicationStatus;
  if (task.stage === SIGN_UP_STAGE.stage) {
    if (d.status === TASK_STATUS.failed) to = d.failStatus!;
    else if (task.othersPending === 0) to = SIGN_UP_PASSED_STATUS[task.examMode];
    else if (task.applicationStatus === SIGN_UP_STAGE.statuses.pending) to = SIGN_UP_STAGE.statuses.inReview;
  }
  // Refused before the task is written, so a refusal changes nothing.
  if (to !== task.applicationStatus && !canMoveApplication(task.applicationStatus, to)) throw conflict(MOVE_REFUSED);

  const decided = await tx
    .update(applicationTask)
    .set({ status: d.status, verifierId: d.actorId, verifiedAt: new Date(), remarks: d.remarks })
    .where(and(eq(applicationTask.id, task.taskId), eq(applicationTask.companyId, d.companyId), eq(applicationTask.status, TASK_STATUS.pending)))
    .returning({ id: applicationTask.id });
  if (decided.length === 0) throw conflict(TASK_DECIDED);

  if (to !== task.applicationStatus) {
    await transition(tx, {
      application: { id: task.applicationId, companyId: d.companyId, planId: task.planId, status: task.applicationStatus },
      to,
      actorId: d.actorId,
      remarks: d.remarks,
    });
  }
  return { applicationId: task.applicationId, status: to, realName: task.realName };
}
