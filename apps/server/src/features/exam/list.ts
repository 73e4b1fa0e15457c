import { type ExamStage, INTERVIEW_STAGE, type PlanExamMode, TASK_STATUS, WRITTEN_STAGE, statusesFromStage } from '@zhaokao/contracts';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { loadOwned } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { type ApplicantDbRow, applicantSearch, publishedRankSql, scoreOf, STAGE_RULES, statusIn } from '../pipeline/index.js';

/** The plans whose candidates sit the stage's exam. */
const STAGE_EXAM_MODES: Record<ExamStage, readonly PlanExamMode[]> = { [WRITTEN_STAGE]: ['full'], [INTERVIEW_STAGE]: ['full', 'interview'] };

/** The filters of 笔试工作 / 面试工作 and the score pages (examApplicationList and its export). */
export interface ExamListFilter {
  companyId: number;
  staffId: number;
  type: ExamStage;
  planId: number;
  recruitmentId?: number;
  status?: number;
  scoreStatus?: 1 | 2;
  keyword: string;
}

/** The plan of the list (404 unless the company's, as its post must be); `sits` is false when its candidates do not sit the stage. */
export async function examListPlan(db: Db, f: ExamListFilter) {
  const plan = await loadOwned(db, recruitmentPlan, f.planId, f.companyId, '招录计划不存在');
  if (f.recruitmentId !== undefined) {
    const [post] = await db
      .select({ id: recruitmentInfo.id })
      .from(recruitmentInfo)
      .where(and(eq(recruitmentInfo.id, f.recruitmentId), eq(recruitmentInfo.companyId, f.companyId), eq(recruitmentInfo.planId, plan.id)));
    if (!post) throw notFound('岗位不存在');
  }
  return { plan, sits: STAGE_EXAM_MODES[f.type].includes(plan.examMode) };
}

export interface ExamListDbRow extends ApplicantDbRow {
  ticketCode: string | null;
  roomName: string | null;
  seat: number | null;
  absent: boolean | null;
  score: string | number | null;
  confirmed: boolean;
  rank: number | null;
  myTaskId: number | null;
}

/** The list's two statements: the total, and one page (the score pages by ticket code, the work lists newest first). */
export function examListSql(f: ExamListFilter & { pageNum: number; pageSize: number }) {
  const { companyId } = f;
  const stage = STAGE_RULES[f.type];
  const score = sql`a.${stage.score}`;
  const parts: SQL[] = [sql`a.company_id = ${companyId}`, sql`a.plan_id = ${f.planId}`, statusIn(statusesFromStage(f.type), 'a')];
  if (f.recruitmentId !== undefined) parts.push(sql`a.recruitment_id = ${f.recruitmentId}`);
  if (f.status !== undefined) parts.push(statusIn([f.status], 'a'));
  if (f.scoreStatus === 1) {
    parts.push(sql`(a.status = ${stage.awaitingScore} or (a.status = ${stage.inReview} and s.confirmed_at is null))`);
  } else if (f.scoreStatus === 2) {
    parts.push(sql`a.status = ${stage.inReview}`);
  }
  if (f.keyword) parts.push(applicantSearch(f.keyword, { alias: 'a', code: 's.ticket_code' }));
  // The score pages follow the answer sheets: by ticket code; the work list shows the newest first.
  const order = f.scoreStatus === undefined ? sql`a.id desc` : sql`s.ticket_code nulls last, a.id`;
  const from = sql`from candidate_application a
      left join application_stage s on s.application_id = a.id and s.company_id = a.company_id and s.stage = ${f.type}
      where ${sql.join(parts, sql` and `)}`;
  return {
    count: sql`select count(*)::int as total ${from}`,
    page: sql`select a.id, a.recruitment_id as "recruitmentId", r.job_vacancy as "jobVacancy", a.real_name as "realName", ar.sex,
            a.identity_no as "identityNo", a.phone, a.status, s.ticket_code as "ticketCode", room.name as "roomName", s.seat,
            s.absent, ${score} as score, s.confirmed_at is not null as confirmed,
            coalesce(s.rank, case when a.status = ${stage.failed} and ${score} is not null then ${publishedRankSql(f.type)} end) as rank,
            my.id as "myTaskId"
          from (select a.id, s.ticket_code ${from} order by ${order} limit ${f.pageSize} offset ${(f.pageNum - 1) * f.pageSize}) page
          join candidate_application a on a.id = page.id and a.company_id = ${companyId}
          join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
          left join application_resume ar on ar.application_id = a.id and ar.company_id = a.company_id
          left join application_stage s on s.application_id = a.id and s.company_id = a.company_id and s.stage = ${f.type}
          left join exam_room room on room.id = s.room_id and room.company_id = s.company_id
          left join lateral (
            select t.id from application_task t
            join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
            where t.company_id = a.company_id and t.application_id = a.id and a.status = ${stage.awaitingScore}
              and i.stage = ${f.type} and i.kind = 'score' and i.assignee_id = ${f.staffId} and t.status = ${TASK_STATUS.pending}
              and not exists (select 1 from application_task t2
                join workflow_item i2 on i2.id = t2.workflow_item_id and i2.company_id = t2.company_id
                where t2.company_id = a.company_id and t2.application_id = a.id and i2.stage = ${f.type} and i2.kind = 'verify'
                  and t2.status <> ${TASK_STATUS.passed})
            order by i.sort, i.id limit 1
          ) my on true
          order by ${f.scoreStatus === undefined ? sql`a.id desc` : sql`page.ticket_code nulls last, a.id`}`,
  };
}

/** examApplicationList's total with the filters, as the list answers it (none when the plan's candidates do not sit the stage). */
export async function examListTotal(db: Db, f: ExamListFilter): Promise<number> {
  const { sits } = await examListPlan(db, f);
  if (!sits) return 0;
  const [row] = await rowsOf<{ total: number }>(db, examListSql({ ...f, pageNum: 1, pageSize: 1 }).count);
  return Number(row?.total ?? 0);
}

/** A row as the list answers it. */
export const examListRow = (r: ExamListDbRow) => ({
  ...r,
  sex: r.sex ?? '',
  status: Number(r.status),
  seat: r.seat === null ? null : Number(r.seat),
  absent: r.absent === true,
  score: scoreOf(r.score),
  rank: r.rank === null ? null : Number(r.rank),
  myTaskId: r.myTaskId === null ? null : Number(r.myTaskId),
});
