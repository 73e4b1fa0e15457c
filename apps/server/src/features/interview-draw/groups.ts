import { randomInt } from 'node:crypto';
import {
  DRAW_GROUP_MISSING, DRAW_NO_CANDIDATES, DRAW_NO_GROUPS, DRAW_NO_SCORE_ITEMS, DRAW_POST_NOT_IN_PLAN,
  DRAW_POST_TAKEN, DRAW_ROOM_MISSING, DRAW_ROOM_TAKEN, DRAW_SCORES_ENTERED, DRAW_SEED_MAX,
  DRAW_WARNING_ITEMS_CHANGED, DRAW_WARNING_NO_LOGIN, type DrawCandidateRow, type DrawGroupRow,
  INTERVIEW_STAGE, type ParsedInputOf, TASK_STATUS, drawImpossibleMessage, drawWarningAvoidance,
  drawWarningUnnumbered, examStageRow, type drawInterviewExaminers, type saveInterviewDrawGroup,
  toChinaDateTime,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recruitmentPlan } from '../../db/tables.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { loadOwned } from '../../shared/rows.js';
import { idArray, rowsOf } from '../../shared/sql.js';
import { PLAN_MISSING, POST_MISSING, scoreOf } from '../pipeline/index.js';
import { type DrawExaminer, type DrawGroup, drawExaminers, drawOrder, mayTake } from './draw.js';
import { canScoreSql } from './examiners.js';

const INTERVIEW = examStageRow(INTERVIEW_STAGE).statuses;
/** Who takes part in a group's draw: the posts' applications waiting for the interview or its score. */
export const DRAWN_STATUSES = [INTERVIEW.awaitingTicket, INTERVIEW.awaitingScore] as const;
/** The first key of the advisory lock under which a company's examiners are drawn (the second is the company). */
const EXAMINER_DRAW_LOCK = 9302;

export const newSeed = () => randomInt(0, DRAW_SEED_MAX);

/** The plan's interview score items (the scoring seats), in the workflow's order. */
export const scoreItemsOf = (db: Db, companyId: number, planId: number) =>
  rowsOf<{ workItemId: number; workItem: string }>(
    db,
    sql`select id as "workItemId", work_item as "workItem" from workflow_item
      where company_id = ${companyId} and plan_id = ${planId} and stage = ${INTERVIEW_STAGE} and kind = 'score' order by sort, id`,
  );

/** The applications of the posts of group `g` (a SQL expression of the group's id). */
const groupApplications = (companyId: number, groupId: SQL) =>
  sql`select a.id from candidate_application a join interview_group_post gp on gp.recruitment_id = a.recruitment_id and gp.company_id = a.company_id
    where gp.group_id = ${groupId} and a.company_id = ${companyId}`;

/** Whether a score (or 缺考) of the group's candidates is entered: then the group and its draws are fixed. */
export async function scoringStarted(db: Db, companyId: number, groupId: number): Promise<boolean> {
  const [row] = await rowsOf<{ started: boolean }>(
    db,
    sql`select exists (select 1 from application_task t join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
        where t.company_id = ${companyId} and i.stage = ${INTERVIEW_STAGE} and i.kind = 'score' and t.status = ${TASK_STATUS.passed}
          and t.application_id in (${groupApplications(companyId, sql`${groupId}`)})) as started`,
  );
  return row!.started;
}

/** The company's group, locked as asked, or 404. */
export async function loadGroup(db: Db, companyId: number, id: number, lock?: 'update' | 'share') {
  const [group] = await rowsOf<{ id: number; planId: number; roomId: number; date: string; orderSeed: number | null; examinerSeed: number | null }>(
    db,
    sql`select id, plan_id as "planId", room_id as "roomId", draw_date::text as date, order_seed as "orderSeed", examiner_seed as "examinerSeed"
      from interview_group where id = ${id} and company_id = ${companyId} ${lock === 'update' ? sql`for update` : lock === 'share' ? sql`for share` : sql``}`,
  );
  if (!group) throw notFound(DRAW_GROUP_MISSING);
  return group;
}

async function requireNotStarted(tx: Db, companyId: number, groupId: number) {
  if (await scoringStarted(tx, companyId, groupId)) throw conflict(DRAW_SCORES_ENTERED);
}

const chinaTime = (v: Date | string | null) => (v === null ? null : toChinaDateTime(new Date(v)));

/** The plan's groups as the pages show them (all of the plan, or those of `ids`). */
export async function groupRowsOf(db: Db, companyId: number, planId: number, ids?: readonly number[]): Promise<DrawGroupRow[]> {
  const only = ids ? sql`and g.id = any(${idArray(ids)})` : sql``;
  const groups = await rowsOf<{
    id: number;
    planId: number;
    roomId: number;
    roomName: string;
    date: string;
    orderSeed: number | null;
    orderDrawnAt: Date | string | null;
    orderDrawnBy: string | null;
    examinerSeed: number | null;
    examinersDrawnAt: Date | string | null;
    examinersDrawnBy: string | null;
  }>(
    db,
    sql`select g.id, g.plan_id as "planId", g.room_id as "roomId", r.name as "roomName", g.draw_date::text as date,
        g.order_seed as "orderSeed", g.order_drawn_at as "orderDrawnAt", so.name as "orderDrawnBy",
        g.examiner_seed as "examinerSeed", g.examiners_drawn_at as "examinersDrawnAt", se.name as "examinersDrawnBy"
      from interview_group g join exam_room r on r.id = g.room_id and r.company_id = g.company_id
      left join staff_user so on so.id = g.order_drawn_by
      left join staff_user se on se.id = g.examiners_drawn_by
      where g.company_id = ${companyId} and g.plan_id = ${planId} ${only}
      order by g.draw_date, r.sort, g.id`,
  );
  if (groups.length === 0) return [];
  const groupIds = idArray(groups.map((g) => g.id));
  const [posts, candidates, examiners, avoid, items] = await Promise.all([
    rowsOf<{ groupId: number; recruitmentId: number; jobVacancy: string; departmentName: string; candidates: number; unnumbered: number }>(
      db,
      sql`select gp.group_id as "groupId", p.id as "recruitmentId", p.job_vacancy as "jobVacancy", coalesce(o.name, '') as "departmentName",
          (select count(*)::int from candidate_application a where a.company_id = p.company_id and a.recruitment_id = p.id
            and a.status = any(${idArray(DRAWN_STATUSES)})) as candidates,
          (select count(*)::int from candidate_application a where a.company_id = p.company_id and a.recruitment_id = p.id
            and a.status = any(${idArray(DRAWN_STATUSES)})
            and not exists (select 1 from interview_group_candidate c where c.application_id = a.id)) as unnumbered
        from interview_group_post gp join recruitment_info p on p.id = gp.recruitment_id and p.company_id = gp.company_id
        left join sys_org o on o.id = p.department_id and o.company_id = p.company_id
        where gp.company_id = ${companyId} and gp.group_id = any(${groupIds})
        order by p.id`,
    ),
    rowsOf<{ groupId: number; total: number; complete: number }>(
      db,
      sql`select c.group_id as "groupId", count(*)::int as total,
          count(*) filter (where a.status <> all(${idArray(DRAWN_STATUSES)}))::int as complete
        from interview_group_candidate c join candidate_application a on a.id = c.application_id and a.company_id = c.company_id
        where c.company_id = ${companyId} and c.group_id = any(${groupIds}) group by c.group_id`,
    ),
    rowsOf<{ groupId: number; seat: number; examinerId: number; name: string; departmentName: string; workItemId: number | null; workItem: string; canScore: boolean }>(
      db,
      sql`select ge.group_id as "groupId", ge.seat, ge.examiner_id as "examinerId", e.name, coalesce(o.name, '') as "departmentName",
          ge.work_item_id as "workItemId", coalesce(i.work_item, '') as "workItem", ${canScoreSql} as "canScore"
        from interview_group_examiner ge join interview_examiner e on e.id = ge.examiner_id and e.company_id = ge.company_id
        left join sys_org o on o.id = e.department_id and o.company_id = e.company_id
        left join workflow_item i on i.id = ge.work_item_id and i.company_id = ge.company_id
        left join staff_user s on s.id = e.staff_user_id and s.company_id = e.company_id
        left join sys_role r on r.id = s.role_id
        where ge.company_id = ${companyId} and ge.group_id = any(${groupIds})
        order by ge.group_id, ge.seat`,
    ),
    avoidanceOf(db, companyId, groups.map((g) => g.id)),
    scoreItemsOf(db, companyId, planId),
  ]);
  const started = new Map<number, boolean>();
  for (const g of groups) started.set(g.id, await scoringStarted(db, companyId, g.id));
  return groups.map((g) => {
    const seats = examiners.filter((e) => Number(e.groupId) === g.id);
    const counts = candidates.find((c) => Number(c.groupId) === g.id);
    const groupPosts = posts.filter((p) => Number(p.groupId) === g.id);
    const warnings: string[] = [];
    const unnumbered = groupPosts.reduce((n, p) => n + Number(p.unnumbered), 0);
    if (g.orderSeed !== null && unnumbered > 0) warnings.push(drawWarningUnnumbered(unnumbered));
    if (seats.length > 0) {
      const avoidance = avoid.get(g.id)!;
      for (const s of seats) {
        if (!mayTake(avoidance, { id: s.examinerId, departmentId: avoidance.departmentOf.get(s.examinerId) ?? null }, s.seat)) warnings.push(drawWarningAvoidance(s.name));
      }
      const scoring = seats.filter((s) => s.seat > 0);
      if (scoring.length !== items.length || scoring.some((s, i) => s.workItemId !== items[i]!.workItemId)) warnings.push(DRAW_WARNING_ITEMS_CHANGED);
      if (scoring.some((s) => !s.canScore)) warnings.push(DRAW_WARNING_NO_LOGIN);
    }
    const total = Number(counts?.total ?? 0);
    return {
      id: g.id,
      planId: g.planId,
      roomId: g.roomId,
      roomName: g.roomName,
      date: g.date,
      posts: groupPosts.map((p) => ({ recruitmentId: p.recruitmentId, jobVacancy: p.jobVacancy, departmentName: p.departmentName, candidates: Number(p.candidates) })),
      candidateCount: total,
      orderSeed: g.orderSeed,
      orderDrawnAt: chinaTime(g.orderDrawnAt),
      orderDrawnBy: g.orderDrawnBy,
      examinerSeed: g.examinerSeed,
      examinersDrawnAt: chinaTime(g.examinersDrawnAt),
      examinersDrawnBy: g.examinersDrawnBy,
      examiners: seats.map((s) => ({ ...s, seat: Number(s.seat), chief: Number(s.seat) === 0, workItemId: s.workItemId === null ? null : Number(s.workItemId) })),
      scoredCount: Number(counts?.complete ?? 0),
      scoringStarted: started.get(g.id)!,
      revealed: total > 0 && Number(counts?.complete ?? 0) === total,
      warnings,
    };
  });
}

/**
 * 回避 of each group: the hiring departments of its posts, the examiners with a declared conflict with one of its posts
 * or with an application of its posts, and every examiner's department (for checking seats already drawn).
 */
export async function avoidanceOf(db: Db, companyId: number, groupIds: readonly number[]): Promise<Map<number, DrawGroup & { departmentOf: Map<number, number | null> }>> {
  const ids = idArray(groupIds);
  // one after the other: `db` may be a transaction, whose one connection takes one query at a time
  const departments = await rowsOf<{ groupId: number; departmentId: number }>(
      db,
      sql`select distinct gp.group_id as "groupId", p.department_id as "departmentId"
        from interview_group_post gp join recruitment_info p on p.id = gp.recruitment_id and p.company_id = gp.company_id
        where gp.company_id = ${companyId} and gp.group_id = any(${ids}) and p.department_id is not null`,
  );
  const conflicts = await rowsOf<{ groupId: number; examinerId: number }>(
      db,
      sql`select distinct gp.group_id as "groupId", c.examiner_id as "examinerId"
        from interview_group_post gp join interview_conflict c on c.recruitment_id = gp.recruitment_id and c.company_id = gp.company_id
        where gp.company_id = ${companyId} and gp.group_id = any(${ids})
          and (c.application_id is null or exists (select 1 from candidate_application a where a.id = c.application_id
            and (a.status = any(${idArray([...DRAWN_STATUSES, INTERVIEW.inReview])})
              or exists (select 1 from interview_group_candidate gc where gc.application_id = a.id and gc.group_id = gp.group_id))))`,
  );
  const examiners = await rowsOf<{ id: number; departmentId: number | null }>(
    db,
    sql`select id, department_id as "departmentId" from interview_examiner where company_id = ${companyId}`,
  );
  const departmentOf = new Map(examiners.map((e) => [Number(e.id), e.departmentId === null ? null : Number(e.departmentId)]));
  // A conflict with one candidate is recorded with the candidate's post: the group holding the post holds the candidate
  // (counted while the candidate is at the interview or numbered in the group).
  return new Map(
    groupIds.map((id) => [
      id,
      {
        id,
        departmentIds: departments.filter((d) => Number(d.groupId) === id).map((d) => Number(d.departmentId)),
        conflicted: new Set(conflicts.filter((c) => Number(c.groupId) === id).map((c) => Number(c.examinerId))),
        departmentOf,
      },
    ]),
  );
}

/** Adds or changes a group (a change of room, date or posts clears its draws), before any of its scores. */
export async function saveGroup(db: Db, companyId: number, input: ParsedInputOf<typeof saveInterviewDrawGroup>): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    // The plan's row is the lock under which its groups' rooms and posts are checked free and taken.
    await loadOwned(tx, recruitmentPlan, input.planId, companyId, PLAN_MISSING, 'update');
    const before = input.id === undefined ? undefined : await loadGroup(tx, companyId, input.id, 'update');
    if (before && before.planId !== input.planId) throw notFound(DRAW_GROUP_MISSING);
    const [room] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from exam_room where id = ${input.roomId} and company_id = ${companyId} and plan_id = ${input.planId} and stage = ${INTERVIEW_STAGE}`,
    );
    if (!room) throw notFound(DRAW_ROOM_MISSING);
    const posts = await rowsOf<{ id: number; planId: number; jobVacancy: string; groupId: number | null }>(
      tx,
      sql`select p.id, p.plan_id as "planId", p.job_vacancy as "jobVacancy", gp.group_id as "groupId"
        from recruitment_info p left join interview_group_post gp on gp.recruitment_id = p.id
        where p.company_id = ${companyId} and p.id = any(${idArray(input.recruitmentIds)})`,
    );
    for (const id of input.recruitmentIds) {
      const post = posts.find((p) => p.id === id);
      if (!post) throw notFound(POST_MISSING);
      if (post.planId !== input.planId) throw badRequest(DRAW_POST_NOT_IN_PLAN);
      if (post.groupId !== null && post.groupId !== input.id) throw conflict(DRAW_POST_TAKEN(post.jobVacancy));
    }
    const [taken] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from interview_group where room_id = ${input.roomId} and draw_date = ${input.date}::date
        ${input.id === undefined ? sql`` : sql`and id <> ${input.id}`}`,
    );
    if (taken) throw conflict(DRAW_ROOM_TAKEN);

    if (before) {
      const current = await rowsOf<{ id: number }>(tx, sql`select recruitment_id as id from interview_group_post where group_id = ${before.id}`);
      const samePosts =
        current.length === input.recruitmentIds.length && current.every((p) => input.recruitmentIds.includes(Number(p.id)));
      if (samePosts && before.roomId === input.roomId && before.date === input.date) return { id: before.id };
      await requireNotStarted(tx, companyId, before.id);
      await tx.execute(sql`delete from interview_group_candidate where group_id = ${before.id}`);
      await tx.execute(sql`delete from interview_group_examiner where group_id = ${before.id}`);
      await tx.execute(sql`delete from interview_group_post where group_id = ${before.id}`);
      await tx.execute(sql`update interview_group set room_id = ${input.roomId}, draw_date = ${input.date}::date,
        order_seed = null, order_drawn_at = null, order_drawn_by = null, examiner_seed = null, examiners_drawn_at = null, examiners_drawn_by = null
        where id = ${before.id}`);
    }
    const id =
      before?.id ??
      Number(
        (
          await rowsOf<{ id: number }>(
            tx,
            sql`insert into interview_group (company_id, plan_id, room_id, draw_date) values (${companyId}, ${input.planId}, ${input.roomId}, ${input.date}::date) returning id`,
          )
        )[0]!.id,
      );
    await tx.execute(sql`insert into interview_group_post (company_id, group_id, recruitment_id)
      select ${companyId}, ${id}, unnest(${idArray(input.recruitmentIds)})`);
    return { id };
  });
}

export async function deleteGroup(db: Db, companyId: number, id: number): Promise<null> {
  await db.transaction(async (tx) => {
    await loadGroup(tx, companyId, id, 'update');
    await requireNotStarted(tx, companyId, id);
    await tx.execute(sql`delete from interview_group where id = ${id} and company_id = ${companyId}`);
  });
  return null;
}

/** 抽取面试顺序: numbers 1..n for the posts' candidates at 30/31, seeded and recorded; again only before any score. */
export async function drawGroupOrder(db: Db, companyId: number, actorId: number, id: number, seed = newSeed()): Promise<{ seed: number; candidates: number }> {
  return db.transaction(async (tx) => {
    await loadGroup(tx, companyId, id, 'update');
    await requireNotStarted(tx, companyId, id);
    const applications = await rowsOf<{ id: number }>(
      tx,
      sql`select a.id from candidate_application a join interview_group_post gp on gp.recruitment_id = a.recruitment_id and gp.company_id = a.company_id
        where gp.group_id = ${id} and a.company_id = ${companyId} and a.status = any(${idArray(DRAWN_STATUSES)})`,
    );
    if (applications.length === 0) throw conflict(DRAW_NO_CANDIDATES);
    const order = drawOrder(
      applications.map((a) => Number(a.id)),
      seed,
    );
    await tx.execute(sql`delete from interview_group_candidate where group_id = ${id}`);
    const ids = [...order.keys()];
    await tx.execute(sql`insert into interview_group_candidate (company_id, group_id, application_id, order_no)
      select ${companyId}, ${id}, v.application_id, v.order_no from unnest(${idArray(ids)}, ${idArray(ids.map((a) => order.get(a)!))}) as v(application_id, order_no)`);
    await tx.execute(sql`update interview_group set order_seed = ${seed}, order_drawn_at = now(), order_drawn_by = ${actorId} where id = ${id}`);
    return { seed, candidates: ids.length };
  });
}

/**
 * 抽取考官 for the plan's groups of a day (or some of them), all or nothing: the examiners already drawn that day into
 * the company's other groups are out; 409 when no assignment satisfies 回避. Draws of one company are serialised.
 */
export async function drawDayExaminers(
  db: Db,
  companyId: number,
  actorId: number,
  input: ParsedInputOf<typeof drawInterviewExaminers>,
): Promise<{ seed: number; groups: number }> {
  const seed = input.seed ?? newSeed();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EXAMINER_DRAW_LOCK}, ${companyId}::int)`);
    await loadOwned(tx, recruitmentPlan, input.planId, companyId, PLAN_MISSING);
    const groups = await rowsOf<{ id: number }>(
      tx,
      sql`select id from interview_group where company_id = ${companyId} and plan_id = ${input.planId} and draw_date = ${input.date}::date
        ${input.groupIds ? sql`and id = any(${idArray(input.groupIds)})` : sql``}
        order by id for update`,
    );
    if (input.groupIds && new Set(input.groupIds).size !== groups.length) throw notFound(DRAW_GROUP_MISSING);
    if (groups.length === 0) throw conflict(DRAW_NO_GROUPS);
    const groupIds = groups.map((g) => Number(g.id));
    for (const id of groupIds) await requireNotStarted(tx, companyId, id);
    const items = await scoreItemsOf(tx, companyId, input.planId);
    if (items.length === 0) throw conflict(DRAW_NO_SCORE_ITEMS);
    const examiners = (
      await rowsOf<DrawExaminer>(
        tx,
        sql`select e.id, e.department_id as "departmentId" from interview_examiner e
          where e.company_id = ${companyId} and e.enabled
            and not exists (select 1 from interview_group_examiner ge where ge.examiner_id = e.id and ge.draw_date = ${input.date}::date
              and ge.group_id <> all(${idArray(groupIds)}))`,
      )
    ).map((e) => ({ id: Number(e.id), departmentId: e.departmentId === null ? null : Number(e.departmentId) }));
    const avoidance = [...(await avoidanceOf(tx, companyId, groupIds)).values()];
    const seating = drawExaminers(avoidance, examiners, items.length, seed);
    if (!seating) throw conflict(drawImpossibleMessage(groupIds.length * (items.length + 1), examiners.length));
    const rows = [...seating.entries()].flatMap(([groupId, seats]) =>
      seats.map((examinerId, seat) => ({ groupId, seat, examinerId, workItemId: seat === 0 ? null : items[seat - 1]!.workItemId })),
    );
    await tx.execute(sql`delete from interview_group_examiner where group_id = any(${idArray(groupIds)})`);
    await tx.execute(sql`insert into interview_group_examiner (company_id, group_id, seat, examiner_id, work_item_id, draw_date)
      select ${companyId}, v.group_id, v.seat, v.examiner_id, nullif(v.work_item_id, 0), ${input.date}::date
      from unnest(${idArray(rows.map((r) => r.groupId))}, ${idArray(rows.map((r) => r.seat))}, ${idArray(rows.map((r) => r.examinerId))},
        ${idArray(rows.map((r) => r.workItemId ?? 0))}) as v(group_id, seat, examiner_id, work_item_id)`);
    await tx.execute(sql`update interview_group set examiner_seed = ${seed}, examiners_drawn_at = now(), examiners_drawn_by = ${actorId}
      where id = any(${idArray(groupIds)})`);
    return { seed, groups: groupIds.length };
  });
}

/**
 * A group's candidates by order number with each seat's score; names, ticket codes and application ids only when
 * `revealed` (every candidate's scores in).
 */
export async function groupCandidatesOf(db: Db, companyId: number, group: DrawGroupRow): Promise<DrawCandidateRow[]> {
  const items = await scoreItemsOf(db, companyId, group.planId);
  const rows = await rowsOf<{
    orderNo: number;
    applicationId: number;
    recruitmentId: number;
    jobVacancy: string;
    realName: string;
    ticketCode: string | null;
    status: number;
    absent: boolean | null;
    interviewScore: string | null;
  }>(
    db,
    sql`select c.order_no as "orderNo", a.id as "applicationId", a.recruitment_id as "recruitmentId", p.job_vacancy as "jobVacancy",
        a.real_name as "realName", s.ticket_code as "ticketCode", a.status, s.absent, a.audition_grade::text as "interviewScore"
      from interview_group_candidate c
      join candidate_application a on a.id = c.application_id and a.company_id = c.company_id
      join recruitment_info p on p.id = a.recruitment_id and p.company_id = a.company_id
      left join application_stage s on s.application_id = a.id and s.stage = ${INTERVIEW_STAGE} and s.company_id = a.company_id
      where c.company_id = ${companyId} and c.group_id = ${group.id}
      order by c.order_no`,
  );
  const tasks = await rowsOf<{ applicationId: number; workItemId: number; score: string | null; entered: boolean }>(
    db,
    sql`select t.application_id as "applicationId", t.workflow_item_id as "workItemId", t.score::text as score,
        t.status = ${TASK_STATUS.passed} and t.remarks <> '缺考' as entered
      from application_task t where t.company_id = ${companyId}
        and t.application_id = any(${idArray(rows.map((r) => Number(r.applicationId)))}) and t.workflow_item_id = any(${idArray(items.map((i) => i.workItemId))})`,
  );
  return rows.map((r) => {
    const complete = !(DRAWN_STATUSES as readonly number[]).includes(Number(r.status));
    return {
      orderNo: Number(r.orderNo),
      recruitmentId: r.recruitmentId,
      jobVacancy: r.jobVacancy,
      seatScores: items.map((item, i) => {
        const task = tasks.find((t) => Number(t.applicationId) === Number(r.applicationId) && Number(t.workItemId) === item.workItemId);
        return { seat: i + 1, score: task?.entered ? scoreOf(task.score) : null };
      }),
      interviewScore: complete ? scoreOf(r.interviewScore) : null,
      absent: r.absent ?? false,
      complete,
      applicationId: group.revealed ? Number(r.applicationId) : null,
      realName: group.revealed ? r.realName : null,
      ticketCode: group.revealed ? r.ticketCode : null,
    };
  });
}

/** The group of the company for the staff pages (404 otherwise). */
export async function groupRowOf(db: Db, companyId: number, id: number): Promise<DrawGroupRow> {
  const group = await loadGroup(db, companyId, id);
  return (await groupRowsOf(db, companyId, group.planId, [id]))[0]!;
}

