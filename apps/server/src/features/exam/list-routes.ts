import { type ExamStage, type PlanExamMode, TASK_STATUS, examApplicationList } from '@zhaokao/contracts';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { loadOwned } from '../../shared/rows.js';
import { escapeLike, rowsOf } from '../../shared/sql.js';
import { gradeOf } from '../application/routes.js';
import { statusIn } from '../application/status-key.js';
import { STAGE_RULES } from './scores/common.js';
import { publishedRankSql } from './scores/ranking.js';

/** The plans whose candidates sit the stage's exam. */
const STAGE_EXAM_MODES: Record<ExamStage, readonly PlanExamMode[]> = { 2: ['full'], 3: ['full', 'interview'] };

export function examListRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, examApplicationList, async ({ input, session }) => {
    const companyId = session.companyId;
    const stage = STAGE_RULES[input.type];
    const grade = sql`a.${stage.grade}`;
    const plan = await loadOwned(db, recruitmentPlan, input.planId, companyId, '招录计划不存在');
    if (input.recruitmentId !== undefined) {
      const [post] = await db
        .select({ id: recruitmentInfo.id })
        .from(recruitmentInfo)
        .where(and(eq(recruitmentInfo.id, input.recruitmentId), eq(recruitmentInfo.companyId, companyId), eq(recruitmentInfo.planId, plan.id)));
      if (!post) throw notFound('岗位不存在');
    }
    if (!STAGE_EXAM_MODES[input.type].includes(plan.examMode)) return { total: 0, list: [] };

    const parts: SQL[] = [sql`a.company_id = ${companyId}`, sql`a.plan_id = ${plan.id}`, sql`a.status_key >= ${stage.awaitingTicket}`, sql`a.status >= ${stage.awaitingTicket}`];
    if (input.recruitmentId !== undefined) parts.push(sql`a.recruitment_id = ${input.recruitmentId}`);
    if (input.status !== undefined) parts.push(statusIn([input.status], 'a'));
    if (input.scoreStatus === 1) {
      parts.push(sql`(a.status = ${stage.awaitingScore} or (a.status = ${stage.inReview} and s.confirmed_at is null))`);
    } else if (input.scoreStatus === 2) {
      parts.push(sql`a.status = ${stage.inReview}`);
    }
    if (input.keyword) {
      const prefix = `${escapeLike(input.keyword.toUpperCase())}%`;
      parts.push(sql`(a.real_name like ${`${escapeLike(input.keyword)}%`} or a.identity_no like ${prefix} or a.phone like ${prefix} or s.ticket_code like ${prefix})`);
    }
    // The score pages follow the answer sheets: by ticket code; the work list shows the newest first.
    const order = input.scoreStatus === undefined ? sql`a.id desc` : sql`s.ticket_code nulls last, a.id`;
    const from = sql`from candidate_application a
      left join application_stage s on s.application_id = a.id and s.company_id = a.company_id and s.stage = ${input.type}
      where ${sql.join(parts, sql` and `)}`;

    const [totals, rows] = await Promise.all([
      rowsOf<{ total: number }>(db, sql`select count(*)::int as total ${from}`),
      rowsOf<{
        id: number;
        recruitmentId: number;
        jobVacancy: string;
        realName: string;
        sex: string | null;
        identityNo: string;
        phone: string;
        status: number;
        ticketCode: string | null;
        roomName: string | null;
        seat: number | null;
        absent: boolean | null;
        score: string | number | null;
        confirmed: boolean;
        rank: number | null;
        myTaskId: number | null;
      }>(
        db,
        sql`select a.id, a.recruitment_id as "recruitmentId", r.job_vacancy as "jobVacancy", a.real_name as "realName", ar.sex,
            a.identity_no as "identityNo", a.phone, a.status, s.ticket_code as "ticketCode", room.name as "roomName", s.seat,
            s.absent, ${grade} as score, s.confirmed_at is not null as confirmed,
            coalesce(s.rank, case when a.status = ${stage.failed} and ${grade} is not null then ${publishedRankSql(input.type)} end) as rank,
            my.id as "myTaskId"
          from (select a.id, s.ticket_code ${from} order by ${order} limit ${input.pageSize} offset ${(input.pageNum - 1) * input.pageSize}) page
          join candidate_application a on a.id = page.id and a.company_id = ${companyId}
          join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
          left join application_resume ar on ar.application_id = a.id and ar.company_id = a.company_id
          left join application_stage s on s.application_id = a.id and s.company_id = a.company_id and s.stage = ${input.type}
          left join exam_room room on room.id = s.room_id and room.company_id = s.company_id
          left join lateral (
            select t.id from application_task t
            join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
            where t.company_id = a.company_id and t.application_id = a.id and a.status = ${stage.awaitingScore}
              and i.stage = ${input.type} and i.kind = 'score' and i.assignee_id = ${session.userId} and t.status = ${TASK_STATUS.pending}
              and not exists (select 1 from application_task t2
                join workflow_item i2 on i2.id = t2.workflow_item_id and i2.company_id = t2.company_id
                where t2.company_id = a.company_id and t2.application_id = a.id and i2.stage = ${input.type} and i2.kind = 'verify'
                  and t2.status <> ${TASK_STATUS.passed})
            order by i.sort, i.id limit 1
          ) my on true
          order by ${input.scoreStatus === undefined ? sql`a.id desc` : sql`page.ticket_code nulls last, a.id`}`,
      ),
    ]);
    return {
      total: Number(totals[0]?.total ?? 0),
      list: rows.map((r) => ({
        ...r,
        sex: r.sex ?? '',
        status: Number(r.status),
        seat: r.seat === null ? null : Number(r.seat),
        absent: r.absent === true,
        score: gradeOf(r.score),
        rank: r.rank === null ? null : Number(r.rank),
        myTaskId: r.myTaskId === null ? null : Number(r.myTaskId),
      })),
    };
  });
}
