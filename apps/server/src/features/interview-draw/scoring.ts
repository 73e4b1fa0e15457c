import {
  DRAW_CANDIDATE_ABSENT, DRAW_CHIEF_DOES_NOT_SCORE, DRAW_EXAMINERS_NOT_DRAWN, DRAW_NOT_YOUR_GROUP,
  DRAW_ORDER_NO_MISSING, DRAW_ORDER_NOT_DRAWN, type ExaminerGroupRow, INTERVIEW_STAGE, examStageRow,
  TASK_STATUS,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../shared/errors.js';
import { rowsOf } from '../../shared/sql.js';
import { saveScores } from '../exam/index.js';
import { scoreOf } from '../pipeline/index.js';
import { loadGroup } from './groups.js';

/**
 * The examiner's side (DESIGN §5 interview draws): a staff user linked to an examiner sees the groups they were drawn
 * into and their candidates by order number only, and enters their seat's score for a number. The score goes through
 * 成绩录入's saveScores (one score task of the candidate), so the panel rule and the move 31 → 32 are its own.
 */

/** The caller's seats: group rows as the tablet lists them (one group, or all). */
async function seatsOf(db: Db, companyId: number, userId: number, groupId?: number): Promise<(ExaminerGroupRow & { workItemId: number | null })[]> {
  const rows = await rowsOf<ExaminerGroupRow & { workItemId: number | null }>(
    db,
    sql`select g.id as "groupId", g.plan_id as "planId", p.name as "planName", r.name as "roomName", g.draw_date::text as date,
        ge.seat, ge.seat = 0 as chief, coalesce(i.work_item, '') as "workItem", ge.work_item_id as "workItemId",
        (select count(*)::int from interview_group_candidate c where c.group_id = g.id) as "candidateCount",
        (select count(*)::int from interview_group_candidate c join application_task t on t.application_id = c.application_id
          and t.workflow_item_id = ge.work_item_id and t.company_id = c.company_id
          where c.group_id = g.id and t.status = ${TASK_STATUS.passed} and t.remarks <> '缺考') as "scoredByMe"
      from interview_group_examiner ge
      join interview_examiner e on e.id = ge.examiner_id and e.company_id = ge.company_id
      join interview_group g on g.id = ge.group_id and g.company_id = ge.company_id
      join recruitment_plan p on p.id = g.plan_id and p.company_id = g.company_id
      join exam_room r on r.id = g.room_id
      left join workflow_item i on i.id = ge.work_item_id and i.company_id = ge.company_id
      where ge.company_id = ${companyId} and e.staff_user_id = ${userId} ${groupId === undefined ? sql`` : sql`and g.id = ${groupId}`}
      order by g.draw_date desc, g.id`,
  );
  return rows.map((r) => ({ ...r, seat: Number(r.seat), candidateCount: Number(r.candidateCount), scoredByMe: Number(r.scoredByMe) }));
}

/** The caller's groups (the contract's output drops the seat's work item). */
export const myGroupsOf = (db: Db, companyId: number, userId: number): Promise<ExaminerGroupRow[]> => seatsOf(db, companyId, userId);

/** The caller's seat in the company's group: 404 for a group not the company's, 403 when not drawn into it. */
async function mySeat(db: Db, companyId: number, userId: number, groupId: number, lock?: 'share') {
  await loadGroup(db, companyId, groupId, lock);
  const [seat] = await seatsOf(db, companyId, userId, groupId);
  if (!seat) throw forbidden(DRAW_NOT_YOUR_GROUP);
  return seat;
}

/** The caller's group by order number: no name, identity number or ticket code. */
export async function myGroupOf(db: Db, companyId: number, userId: number, groupId: number) {
  const { workItemId, ...group } = await mySeat(db, companyId, userId, groupId);
  const rows = await rowsOf<{ orderNo: number; jobVacancy: string; score: string | null; entered: boolean | null; absent: boolean | null; locked: boolean }>(
    db,
    sql`select c.order_no as "orderNo", p.job_vacancy as "jobVacancy", t.score::text as score,
        t.status = ${TASK_STATUS.passed} and t.remarks <> '缺考' as entered, s.absent, coalesce(s.confirmed_at is not null, false) as locked
      from interview_group_candidate c
      join candidate_application a on a.id = c.application_id and a.company_id = c.company_id
      join recruitment_info p on p.id = a.recruitment_id and p.company_id = a.company_id
      left join application_task t on t.application_id = a.id and t.company_id = a.company_id and t.workflow_item_id = ${workItemId ?? 0}
      left join application_stage s on s.application_id = a.id and s.stage = ${INTERVIEW_STAGE} and s.company_id = a.company_id
      where c.company_id = ${companyId} and c.group_id = ${groupId}
      order by c.order_no`,
  );
  const [plan] = await rowsOf<{ fullMarks: string }>(
    db,
    sql`select audition_full_marks::text as "fullMarks" from recruitment_plan where id = ${group.planId} and company_id = ${companyId}`,
  );
  return {
    group,
    fullMarks: plan!.fullMarks,
    candidates: rows.map((r) => ({
      orderNo: Number(r.orderNo),
      jobVacancy: r.jobVacancy,
      myScore: r.entered ? scoreOf(r.score) : null,
      absent: r.absent ?? false,
      locked: r.locked,
    })),
  };
}

/**
 * The caller's seat's score for an order number. The group is held (for share) until the end, so a re-draw waits and
 * then finds the score; the candidate's row is locked by saveScores, so two scores of one seat are entered one after
 * the other (the later one stands, as a correction before review).
 */
export async function scoreOrderNo(db: Db, companyId: number, userId: number, input: { groupId: number; orderNo: number; score: string }) {
  return db.transaction(async (tx) => {
    const seat = await mySeat(tx, companyId, userId, input.groupId, 'share');
    if (seat.chief) throw forbidden(DRAW_CHIEF_DOES_NOT_SCORE);
    if (seat.workItemId === null) throw conflict(DRAW_EXAMINERS_NOT_DRAWN);
    const [drawn] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from interview_group_candidate where group_id = ${input.groupId}`);
    if (Number(drawn!.n) === 0) throw conflict(DRAW_ORDER_NOT_DRAWN);
    const [candidate] = await rowsOf<{ applicationId: number; absent: boolean | null }>(
      tx,
      sql`select c.application_id as "applicationId", s.absent from interview_group_candidate c
        left join application_stage s on s.application_id = c.application_id and s.stage = ${INTERVIEW_STAGE}
        where c.company_id = ${companyId} and c.group_id = ${input.groupId} and c.order_no = ${input.orderNo}`,
    );
    if (!candidate) throw notFound(DRAW_ORDER_NO_MISSING);
    if (candidate.absent) throw conflict(DRAW_CANDIDATE_ABSENT);
    const applicationId = Number(candidate.applicationId);
    await saveScores(tx, companyId, userId, INTERVIEW_STAGE, [{ applicationId, absent: false, scores: [{ workItemId: seat.workItemId, score: input.score }] }]);
    const [after] = await rowsOf<{ status: number }>(tx, sql`select status from candidate_application where id = ${applicationId}`);
    return { orderNo: input.orderNo, score: input.score, complete: Number(after!.status) === examStageRow(INTERVIEW_STAGE).statuses.inReview };
  });
}

