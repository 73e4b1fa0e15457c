import {
  type ApplicationStatus, type ExamStage, TASK_STATUS, WRITTEN_STAGE, batchSetGrade, compareScores,
  scoreEntryDetail, scoreOverFullMarksMessage, toChinaDateTime,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { candidateApplication, recruitmentInfo, recruitmentPlan } from '../../../db/tables.js';
import { badRequest, conflict, notFound } from '../../../shared/errors.js';
import { defineRoute } from '../../../shared/route.js';
import { loadOwned } from '../../../shared/rows.js';
import { idArray, rowsOf } from '../../../shared/sql.js';
import { postDetailOf } from '../../post/index.js';
import { CANNOT_ENTER, SCORE_LOCKED, holdPostScores, postsOfApplications } from './common.js';
import { APPLICATION_MISSING, PLAN_MISSING, POST_MISSING, scoreOf, STAGE_RULES, TASK_NOT_YET, transitionMany } from '../../pipeline/index.js';

export const SCORE_ITEM_MISSING = '评分项不存在';
export const ENTER_ALL_ITEMS = '请录入全部评分项';

/** One application's scores (one per score work item entered now), or 缺考. */
export interface ScoreInput {
  applicationId: number;
  absent: boolean;
  scores: { workItemId: number; score: string }[];
}

/** An application as score entry sees it, locked. */
interface EntryTarget {
  id: number;
  planId: number;
  status: number;
  confirmed: boolean;
  fullMarks: string;
  /** A verify task of the stage has not passed yet. */
  verifyOpen: boolean;
}

/**
 * Locks the applications (ascending id, as every batch does, so that two batches never wait for each other
 * crosswise) and reads what entry checks: status, review, full marks, the stage's verify tasks.
 */
export async function lockEntryTargets(tx: Db, companyId: number, stage: ExamStage, ids: readonly number[]): Promise<Map<number, EntryTarget>> {
  const rules = STAGE_RULES[stage];
  await holdPostScores(tx, postsOfApplications(companyId, idArray(ids)));
  const rows = await rowsOf<EntryTarget>(
    tx,
    sql`select a.id, a.plan_id as "planId", a.status, s.confirmed_at is not null as confirmed, p.${rules.fullMarks}::text as "fullMarks",
        a.id in (${verifyOpen(companyId, stage, sql`t.application_id = any(${idArray(ids)})`)}) as "verifyOpen"
      from candidate_application a
      join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
      left join application_stage s on s.application_id = a.id and s.stage = ${stage} and s.company_id = a.company_id
      where a.company_id = ${companyId} and a.id = any(${idArray(ids)})
      order by a.id
      for update of a`,
  );
  return new Map(rows.map((r) => [r.id, { ...r, status: Number(r.status) }]));
}

/**
 * The applications (of those `which` selects, a condition on task `t`) with a verify task of the stage not yet
 * passed: one statement run once (not per application), for `a.id in (...)`.
 */
export const verifyOpen = (companyId: number, stage: ExamStage, which: SQL) =>
  sql`select t.application_id from application_task t join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
    where t.company_id = ${companyId} and i.stage = ${stage} and i.kind = 'verify' and t.status <> ${TASK_STATUS.passed} and ${which}`;

/** Why the application cannot take a score now, or null. */
export function entryProblem(rules: (typeof STAGE_RULES)[ExamStage], target: EntryTarget): { status: number; message: string } | null {
  if (target.status !== rules.awaitingScore && target.status !== rules.inReview) return { status: 409, message: CANNOT_ENTER };
  if (target.confirmed) return { status: 409, message: SCORE_LOCKED };
  if (target.verifyOpen) return { status: 409, message: TASK_NOT_YET };
  return null;
}

/** A score work item of a stage: one examiner's score (a panel has several). */
export interface ScoreItem {
  id: number;
  workItem: string;
  /** The outside examiner scoring through the item ('' when its assignee scores). */
  examinerName: string;
}

/** A score item's examiner (workflow_item `i`, its assignee `s`): an outside examiner with their unit, or the assignee. */
const examinerNameSql = sql`case when i.examiner_name = '' then coalesce(s.name, '')
  else i.examiner_name || case when i.examiner_unit = '' then '' else '（' || i.examiner_unit || '）' end end`;

export interface ScoreDetails {
  /** Each score item's score, named after its examiner, in the workflow's order. */
  itemScores: { workItemId: number; examinerName: string; score: string | null; entered: boolean }[];
  /** Why the score was sent back (退回修改) while it awaits entry again; '' otherwise. */
  returnedReason: string;
}

/**
 * The score pages' rows with what they show beside the stage's score: each examiner's score, and the
 * reason of a return (22 → 21, 32 → 31) as long as the score awaits entry again, read from the return's history row.
 */
export async function withScoreDetails<R extends { id: number }>(db: Db, companyId: number, stage: ExamStage, rows: readonly R[]): Promise<(R & ScoreDetails)[]> {
  const rules = STAGE_RULES[stage];
  const ids = idArray(rows.map((r) => r.id));
  const [items, returns] = await Promise.all([
    rowsOf<ScoreDetails['itemScores'][number] & { applicationId: number }>(
      db,
      sql`select t.application_id as "applicationId", i.id as "workItemId", ${examinerNameSql} as "examinerName", t.score::text as score,
          t.status = ${TASK_STATUS.passed} and t.remarks <> '缺考' as entered
        from application_task t
        join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
        left join staff_user s on s.id = i.assignee_id and s.company_id = i.company_id
        where t.company_id = ${companyId} and t.application_id = any(${ids}) and i.stage = ${stage} and i.kind = 'score'
        order by i.sort, i.id`,
    ),
    rowsOf<{ id: number; remarks: string }>(
      db,
      sql`select a.id, h.remarks from candidate_application a
        join lateral (select h.from_status, h.to_status, h.remarks from application_history h
          where h.company_id = a.company_id and h.application_id = a.id order by h.id desc limit 1) h on true
        where a.company_id = ${companyId} and a.id = any(${ids}) and a.status = ${rules.awaitingScore}
          and h.from_status = ${rules.inReview} and h.to_status = ${rules.awaitingScore}`,
    ),
  ]);
  const reasons = new Map(returns.map((r) => [Number(r.id), r.remarks]));
  return rows.map((row) => ({
    ...row,
    itemScores: items
      .filter((item) => Number(item.applicationId) === row.id)
      .map((item) => ({ workItemId: Number(item.workItemId), examinerName: item.examinerName, score: scoreOf(item.score), entered: item.entered })),
    returnedReason: reasons.get(row.id) ?? '',
  }));
}

/** The score work items of the stage, per plan, in the workflow's order. */
export async function scoreItemsOf(db: Db, companyId: number, stage: ExamStage, planIds: readonly number[]): Promise<Map<number, ScoreItem[]>> {
  const rows = await rowsOf<ScoreItem & { planId: number }>(
    db,
    sql`select id, work_item as "workItem", examiner_name as "examinerName", plan_id as "planId" from workflow_item
      where company_id = ${companyId} and plan_id = any(${idArray(planIds)}) and stage = ${stage} and kind = 'score'
      order by sort, id`,
  );
  const items = new Map<number, ScoreItem[]>();
  for (const { planId, ...item } of rows) items.set(planId, [...(items.get(planId) ?? []), item]);
  return items;
}

/**
 * DESIGN §5 score entry, all or nothing, in the caller's transaction: each entry's score tasks are written (or
 * closed as 缺考); an application whose stage score tasks are all entered gets its stage score (the panel rule,
 * half up in SQL numeric) and moves 21 → 22 (31 → 32). A score not yet reviewed may be entered again.
 * Set-based: a few statements whatever the number of entries.
 */
export async function saveScores(tx: Db, companyId: number, actorId: number, stage: ExamStage, entries: readonly ScoreInput[]): Promise<number> {
  const rules = STAGE_RULES[stage];
  const ids = entries.map((e) => e.applicationId);
  if (new Set(ids).size !== ids.length) throw badRequest('同一考生不能重复录入');
  const targets = await lockEntryTargets(tx, companyId, stage, ids);
  const items = await scoreItemsOf(tx, companyId, stage, [...new Set([...targets.values()].map((t) => t.planId))]);

  const scored: { applicationId: number; workItemId: number; score: string }[] = [];
  for (const entry of entries) {
    const target = targets.get(entry.applicationId);
    if (!target) throw notFound(APPLICATION_MISSING);
    const problem = entryProblem(rules, target);
    if (problem) throw problem.status === 409 ? conflict(problem.message) : badRequest(problem.message);
    const planItems = items.get(target.planId) ?? [];
    const seen = new Set<number>();
    for (const s of entry.scores) {
      if (!planItems.some((item) => item.id === s.workItemId)) throw badRequest(SCORE_ITEM_MISSING);
      if (seen.has(s.workItemId)) throw badRequest('同一评分项不能重复录入');
      seen.add(s.workItemId);
      if (compareScores(s.score, target.fullMarks) > 0) throw badRequest(scoreOverFullMarksMessage(target.fullMarks));
      scored.push({ applicationId: entry.applicationId, ...s });
    }
  }

  const absentIds = entries.filter((e) => e.absent).map((e) => e.applicationId);
  const presentIds = entries.filter((e) => !e.absent).map((e) => e.applicationId);
  const scoreTasks = sql`from workflow_item i where i.id = t.workflow_item_id and i.company_id = t.company_id and i.stage = ${stage} and i.kind = 'score'`;
  if (presentIds.length > 0) {
    // Marked 缺考 before and scored now: the tasks closed as 缺考 are open again.
    await tx.execute(sql`
      update application_task t set status = ${TASK_STATUS.pending}, score = null, verifier_id = null, verified_at = null, remarks = ''
      ${scoreTasks} and t.company_id = ${companyId} and t.application_id = any(${idArray(presentIds)})
        and exists (select 1 from application_stage s where s.application_id = t.application_id and s.stage = ${stage} and s.absent)`);
  }
  await tx.execute(sql`
    insert into application_stage (company_id, application_id, stage, plan_id, recruitment_id, absent)
    select a.company_id, a.id, ${stage}, a.plan_id, a.recruitment_id, a.id = any(${idArray(absentIds)})
    from candidate_application a where a.company_id = ${companyId} and a.id = any(${idArray(ids)})
    on conflict (application_id, stage) do update set absent = excluded.absent
      where application_stage.absent is distinct from excluded.absent`);
  if (absentIds.length > 0) {
    await tx.execute(sql`
      update application_task t set status = ${TASK_STATUS.passed}, score = null, verifier_id = ${actorId}, verified_at = now(), remarks = '缺考'
      ${scoreTasks} and t.company_id = ${companyId} and t.application_id = any(${idArray(absentIds)})`);
  }
  if (scored.length > 0) {
    const [written] = await rowsOf<{ n: number }>(
      tx,
      sql`with v as (
          select * from unnest(${idArray(scored.map((s) => s.applicationId))}, ${idArray(scored.map((s) => s.workItemId))},
            ${`{${scored.map((s) => s.score).join(',')}}`}::numeric[]) as v(application_id, item_id, score)),
        done as (
          update application_task t set status = ${TASK_STATUS.passed}, score = v.score, verifier_id = ${actorId}, verified_at = now(), remarks = ''
          from v where t.company_id = ${companyId} and t.application_id = v.application_id and t.workflow_item_id = v.item_id
          returning 1)
        select count(*)::int as n from done`,
    );
    if (Number(written!.n) !== scored.length) throw conflict('评分任务不存在，请刷新后重试');
  }

  // The stage score once no score task is pending: the mean, with five or more items the highest and lowest
  // dropped first; round() of a numeric is half up.
  const stageScores = await rowsOf<{ id: number; planId: number; status: number; pending: number; score: string | null; absent: boolean }>(
    tx,
    sql`with s as (
        select t.application_id, t.status, t.score,
          count(*) over (partition by t.application_id) as n,
          row_number() over (partition by t.application_id order by t.score, t.id) as low,
          row_number() over (partition by t.application_id order by t.score desc, t.id) as high
        from application_task t join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
        where t.company_id = ${companyId} and t.application_id = any(${idArray(ids)}) and i.stage = ${stage} and i.kind = 'score'),
      g as (
        select application_id, count(*) filter (where status = ${TASK_STATUS.pending})::int as pending,
          round(avg(score) filter (where n < 5 or (low > 1 and high > 1)), 2) as stage_score
        from s group by application_id)
      select a.id, a.plan_id as "planId", a.status, g.pending, case when g.pending = 0 then g.stage_score::text end as score,
        a.id = any(${idArray(absentIds)}) as absent
      from g join candidate_application a on a.id = g.application_id and a.company_id = ${companyId}`,
  );
  if (stageScores.length !== ids.length) throw conflict('评分任务不存在，请刷新后重试');
  if (stageScores.some((g) => Number(g.status) === rules.inReview && Number(g.pending) > 0)) throw badRequest(ENTER_ALL_ITEMS);

  // Corrections before review: the score changes, the status stays.
  const corrected = stageScores.filter((g) => Number(g.status) === rules.inReview);
  if (corrected.length > 0) {
    await tx.execute(sql`
      update candidate_application a set ${rules.score} = v.score, updated_at = now()
      from unnest(${idArray(corrected.map((g) => g.id))}, ${`{${corrected.map((g) => g.score ?? 'NULL').join(',')}}`}::numeric[]) as v(id, score)
      where a.company_id = ${companyId} and a.id = v.id`);
  }
  // Complete entries move on with their score, in one write.
  const moves = new Map<string, { planId: number; absent: boolean; rows: typeof stageScores }>();
  for (const g of stageScores) {
    if (Number(g.status) !== rules.awaitingScore || Number(g.pending) > 0) continue;
    const key = `${g.planId}:${g.absent}`;
    const group = moves.get(key) ?? { planId: g.planId, absent: g.absent, rows: [] };
    group.rows.push(g);
    moves.set(key, group);
  }
  for (const group of moves.values()) {
    await transitionMany(tx, {
      companyId,
      planId: group.planId,
      applicationIds: group.rows.map((g) => g.id),
      from: rules.awaitingScore,
      to: rules.inReview,
      actorId,
      remarks: group.absent ? `${rules.name}缺考` : `录入${rules.name}成绩`,
      scores: { column: rules.score, values: group.rows.map((g) => g.score) },
    });
  }
  return entries.length;
}

export function entryRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, scoreEntryDetail, async ({ input, session }) => {
    const companyId = session.companyId;
    const application = await loadOwned(db, candidateApplication, input.id, companyId, APPLICATION_MISSING);
    const plan = await loadOwned(db, recruitmentPlan, application.planId, companyId, PLAN_MISSING);
    const post = await loadOwned(db, recruitmentInfo, application.recruitmentId, companyId, POST_MISSING);
    const [stageRow] = await rowsOf<{ ticketCode: string | null; absent: boolean; confirmed: boolean }>(
      db,
      sql`select ticket_code as "ticketCode", absent, confirmed_at is not null as confirmed from application_stage
        where company_id = ${companyId} and application_id = ${application.id} and stage = ${input.type}`,
    );
    const items = await rowsOf<{ workItemId: number; workItem: string; examinerName: string; taskId: number | null; score: string | null; taskStatus: number | null }>(
      db,
      sql`select i.id as "workItemId", i.work_item as "workItem",
          ${examinerNameSql} as "examinerName", t.id as "taskId", t.score::text as score, t.status as "taskStatus"
        from workflow_item i
        join staff_user s on s.id = i.assignee_id and s.company_id = i.company_id
        left join application_task t on t.workflow_item_id = i.id and t.company_id = i.company_id and t.application_id = ${application.id}
        where i.company_id = ${companyId} and i.plan_id = ${plan.id} and i.stage = ${input.type} and i.kind = 'score'
        order by i.sort, i.id`,
    );
    const written = input.type === WRITTEN_STAGE;
    return {
      applicationId: application.id,
      status: application.status as ApplicationStatus,
      job: await postDetailOf(db, companyId, post),
      realName: application.realName,
      identityNo: application.identityNo,
      ticketCode: stageRow?.ticketCode ?? null,
      examTime: toChinaDateTime(written ? plan.writtenStartDate : plan.auditionStartDate),
      examAddress: written ? plan.writtenExamAddress : plan.auditionExamAddress,
      fullMarks: written ? plan.writtenFullMarks : plan.auditionFullMarks,
      absent: stageRow?.absent ?? false,
      confirmed: stageRow?.confirmed ?? false,
      score: scoreOf(written ? application.writtenGrade : application.auditionGrade),
      items: items.map((i) => ({
        workItemId: i.workItemId,
        workItem: i.workItem,
        examinerName: i.examinerName,
        taskId: i.taskId,
        score: scoreOf(i.score),
        entered: Number(i.taskStatus) === TASK_STATUS.passed,
      })),
      returnedReason: (await withScoreDetails(db, companyId, input.type, [{ id: application.id }]))[0]!.returnedReason,
    };
  });

  defineRoute(
    app,
    batchSetGrade,
    async ({ input, session }) => ({
      saved: await db.transaction((tx) => saveScores(tx, session.companyId, session.userId, input.type, input.entries)),
    }),
    { successMsg: '成绩已保存' },
  );
}
