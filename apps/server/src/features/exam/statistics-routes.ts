import {
  APPLICATION_STATUS, type ApplicationStatus, DEFAULT_TICKET_PATTERN, GATE_STAGE_TABLE, INTERVIEW_STAGE,
  WRITTEN_STAGE, adjustPost, confirmInterviewList, examRatioStatistics, gateStatuses, stageEmptyMessage,
  statusesAfter, statusesFromStage, writtenPassStatistics,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { candidateNotice, postPlacesChange, recruitmentPlan } from '../../db/tables.js';
import { conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { loadOwned } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { PLAN_MISSING, POST_MISSING, scoreOf, statusIn, transitionMany } from '../pipeline/index.js';
import { ratioText } from './ratio.js';
import { interviewEntrySource } from './interview-entry.js';



export const TICKETS_ISSUED = '该计划已发放笔试准考证，不能再调整岗位';
export const POST_CANCELLED = '该岗位已取消';
export const ONLY_REDUCE = '只能减少招录人数';

const S = APPLICATION_STATUS;

/** Whether a written ticket of the plan has been issued (posts can then no longer be cancelled or reduced). */
const writtenTicketIssued = (companyId: number, planId: unknown) => sql`exists (select 1 from application_stage s
  where s.company_id = ${companyId} and s.plan_id = ${planId} and s.stage = ${WRITTEN_STAGE} and s.issued_at is not null)`;

export function examStatisticsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, examRatioStatistics, async ({ input, session }) => {
    const companyId = session.companyId;
    const plan = await loadOwned(db, recruitmentPlan, input.planId, companyId, PLAN_MISSING);
    const posts = await rowsOf<{
      recruitmentId: number;
      jobVacancy: string;
      departmentName: string | null;
      places: number;
      passed: number;
      required: number;
      belowMinimum: boolean;
      cancelled: boolean;
    }>(
      db,
      sql`select r.id as "recruitmentId", r.job_vacancy as "jobVacancy", o.name as "departmentName", r.places,
          coalesce(n.passed, 0) as passed,
          ceil(r.places * p.min_exam_ratio)::int as required,
          coalesce(n.passed, 0) < r.places * p.min_exam_ratio as "belowMinimum",
          r.cancelled_at is not null as cancelled
        from recruitment_info r
        join recruitment_plan p on p.id = r.plan_id and p.company_id = r.company_id
        left join sys_org o on o.id = r.department_id and o.company_id = r.company_id
        left join (select a.recruitment_id, count(*)::int as passed from candidate_application a
                   where a.company_id = ${companyId} and a.plan_id = ${plan.id} and ${statusIn(statusesFromStage(WRITTEN_STAGE), 'a')}
                   group by a.recruitment_id) n on n.recruitment_id = r.id
        where r.company_id = ${companyId} and r.plan_id = ${plan.id}
        order by r.id`,
    );
    const changes = await rowsOf<{
      recruitmentId: number;
      fromPlaces: number;
      toPlaces: number;
      cancelled: boolean;
      actorName: string | null;
      remarks: string;
      createdAt: string | Date;
    }>(
      db,
      sql`select c.recruitment_id as "recruitmentId", c.from_places as "fromPlaces", c.to_places as "toPlaces", c.cancelled,
          s.name as "actorName", c.remarks, c.created_at as "createdAt"
        from post_places_change c
        join recruitment_info r on r.id = c.recruitment_id and r.company_id = c.company_id
        left join staff_user s on s.id = c.actor_id and s.company_id = c.company_id
        where c.company_id = ${companyId} and r.plan_id = ${plan.id}
        order by c.id desc`,
    );
    const [issued] = await rowsOf<{ issued: boolean }>(db, sql`select ${writtenTicketIssued(companyId, plan.id)} as issued`);
    return {
      minExamRatio: plan.minExamRatio,
      ticketsIssued: Boolean(issued?.issued),
      rows: posts.map((r) => ({
        recruitmentId: r.recruitmentId,
        jobVacancy: r.jobVacancy,
        departmentName: r.departmentName ?? '',
        places: r.places,
        passed: Number(r.passed),
        ratio: ratioText(Number(r.passed), r.places),
        required: Number(r.required),
        belowMinimum: r.belowMinimum,
        cancelled: r.cancelled,
        changes: changes
          .filter((c) => c.recruitmentId === r.recruitmentId)
          .map((c) => ({
            fromPlaces: c.fromPlaces,
            toPlaces: c.toPlaces,
            cancelled: c.cancelled,
            actorName: c.actorName ?? '',
            remarks: c.remarks,
            createdAt: new Date(c.createdAt).toISOString(),
          })),
      })),
    };
  });

  defineRoute(
    app,
    adjustPost,
    async ({ input, session }) => {
      const companyId = session.companyId;
      return db.transaction(async (tx) => {
        const [found] = await rowsOf<{ planId: number }>(
          tx,
          sql`select plan_id as "planId" from recruitment_info where id = ${input.recruitmentId} and company_id = ${companyId}`,
        );
        if (!found) throw notFound(POST_MISSING);
        await lockWrittenSession(tx, companyId, found.planId);
        // Locked (after the session, as ticket issue does), so that the conditional update below reads, in its own
        // snapshot, whatever a change of this post or a ticket issue we had to wait for committed.
        const [post] = await rowsOf<{ id: number; planId: number; planName: string; jobVacancy: string; places: number; cancelled: boolean }>(
          tx,
          sql`select r.id, r.plan_id as "planId", p.name as "planName", r.job_vacancy as "jobVacancy", r.places,
              r.cancelled_at is not null as cancelled
            from recruitment_info r join recruitment_plan p on p.id = r.plan_id and p.company_id = r.company_id
            where r.id = ${input.recruitmentId} and r.company_id = ${companyId}
            for update of r`,
        );
        if (!post) throw notFound(POST_MISSING);
        const cancel = input.action === 'cancel';
        const places = cancel ? post.places : input.places;
        const [changed] = await rowsOf<{ id: number }>(
          tx,
          sql`update recruitment_info r
            set ${cancel ? sql`cancelled_at = now()` : sql`places = ${places}`}, updated_at = now()
            where r.id = ${post.id} and r.company_id = ${companyId} and r.cancelled_at is null
              ${cancel ? sql`` : sql`and r.places > ${places}`}
              and not ${writtenTicketIssued(companyId, sql`r.plan_id`)}
            returning r.id`,
        );
        if (!changed) {
          if (post.cancelled) throw conflict(POST_CANCELLED);
          const [issued] = await rowsOf<{ issued: boolean }>(tx, sql`select ${writtenTicketIssued(companyId, post.planId)} as issued`);
          if (issued?.issued) throw conflict(TICKETS_ISSUED);
          throw conflict(ONLY_REDUCE);
        }
        await tx.insert(postPlacesChange).values({
          companyId,
          recruitmentId: post.id,
          fromPlaces: post.places,
          toPlaces: places,
          cancelled: cancel,
          actorId: session.userId,
          remarks: input.remarks,
        });
        if (cancel) {
          await tx.execute(sql`
            insert into ${candidateNotice} (company_id, application_id, title, content)
            select ${companyId}, a.id, ${'岗位取消通知'},
              ${`您报考的“${post.planName}”${post.jobVacancy}岗位已取消。原因：${input.remarks}`}
            from candidate_application a
            where a.company_id = ${companyId} and a.recruitment_id = ${post.id}`);
        }
        return { recruitmentId: post.id, places, cancelled: cancel };
      });
    },
    { successMsg: '调整成功' },
  );

  defineRoute(app, writtenPassStatistics, async ({ input, session }) => {
    const companyId = session.companyId;
    const plan = await loadOwned(db, recruitmentPlan, input.planId, companyId, PLAN_MISSING);
    // In an interview-only plan nobody sat a written exam: the interview's statuses count only after one.
    const afterWritten = plan.examMode === 'full' ? statusIn(statusesFromStage(INTERVIEW_STAGE), 'a') : sql`false`;
    // Those at 资格复审 (whatever its outcome) passed the written stage; the interview list waits for its passes.
    const writtenPassed = statusIn([S.writtenPassed, ...GATE_STAGE_TABLE.filter((g) => g.after === WRITTEN_STAGE).flatMap(gateStatuses)], 'a');
    const awaitingInterview = interviewEntrySource(plan.gates);
    const rows = await rowsOf<{
      recruitmentId: number;
      jobVacancy: string;
      places: number;
      candidates: number;
      absent: number;
      passed: number;
      awaitingConfirmation: number;
      published: boolean;
      quota: number;
      passLine: string | number | null;
      cutoffScore: string | number | null;
    }>(
      db,
      sql`select r.id as "recruitmentId", r.job_vacancy as "jobVacancy", r.places,
          coalesce(n.candidates, 0) as candidates, coalesce(n.absent, 0) as absent, coalesce(n.passed, 0) as passed,
          coalesce(n.awaiting, 0) as "awaitingConfirmation",
          sp.recruitment_id is not null as published,
          coalesce(sp.quota, r.places * p.interview_entry_ratio) as quota,
          case when sp.recruitment_id is not null then sp.pass_line else p.written_pass_line end as "passLine",
          sp.cutoff_score as "cutoffScore"
        from recruitment_info r
        join recruitment_plan p on p.id = r.plan_id and p.company_id = r.company_id
        left join stage_publication sp on sp.recruitment_id = r.id and sp.company_id = r.company_id and sp.stage = ${WRITTEN_STAGE}
        left join (
          select a.recruitment_id,
            count(*) filter (where (a.status in (${S.awaitingWrittenScore}, ${S.writtenScoreInReview}, ${S.writtenFailed}) or ${writtenPassed} or ${afterWritten})
              and not coalesce(s.absent, false))::int as candidates,
            count(*) filter (where s.absent)::int as absent,
            count(*) filter (where ${writtenPassed} or ${afterWritten})::int as passed,
            count(*) filter (where a.status = ${awaitingInterview})::int as awaiting
          from candidate_application a
          left join application_stage s on s.application_id = a.id and s.company_id = a.company_id and s.stage = ${WRITTEN_STAGE}
          where a.company_id = ${companyId} and a.plan_id = ${plan.id} and ${statusIn(statusesAfter(S.awaitingWritten), 'a')}
          group by a.recruitment_id
        ) n on n.recruitment_id = r.id
        where r.company_id = ${companyId} and r.plan_id = ${plan.id} and r.cancelled_at is null
        order by r.id`,
    );
    return rows.map((r) => ({
      ...r,
      candidates: Number(r.candidates),
      absent: Number(r.absent),
      passed: Number(r.passed),
      awaitingConfirmation: Number(r.awaitingConfirmation),
      quota: Number(r.quota),
      passLine: scoreOf(r.passLine),
      cutoffScore: scoreOf(r.cutoffScore),
    }));
  });

  defineRoute(
    app,
    confirmInterviewList,
    async ({ input, session }) => {
      const companyId = session.companyId;
      return db.transaction(async (tx) => {
        // Locked: two confirmations of one post queue, the second finds nobody left waiting (24, or 26 after 资格复审).
        const [post] = await rowsOf<{ id: number; planId: number; gates: number[]; interviewItems: number }>(
          tx,
          sql`select r.id, r.plan_id as "planId", (select p.gates from recruitment_plan p where p.id = r.plan_id and p.company_id = r.company_id) as gates,
              (select count(*)::int from workflow_item i where i.company_id = r.company_id and i.plan_id = r.plan_id and i.stage = ${INTERVIEW_STAGE}) as "interviewItems"
            from recruitment_info r where r.id = ${input.recruitmentId} and r.company_id = ${companyId}
            for update of r`,
        );
        if (!post) throw notFound(POST_MISSING);
        if (Number(post.interviewItems) === 0) throw conflict(stageEmptyMessage(INTERVIEW_STAGE));
        return { moved: await moveToInterview(tx, companyId, post.planId, post.id, interviewEntrySource(post.gates), session.userId) };
      });
    },
    { successMsg: '面试名单已确认' },
  );
}

/**
 * The plan's written exam session, locked as seating and ticket issue lock it (made with the default pattern when
 * missing, as they make it): a post is not cancelled or reduced while tickets are being issued, nor the other way round.
 */
async function lockWrittenSession(tx: Db, companyId: number, planId: number) {
  await tx.execute(sql`insert into exam_session (company_id, plan_id, stage, code_pattern)
    values (${companyId}, ${planId}, ${WRITTEN_STAGE}, ${DEFAULT_TICKET_PATTERN}) on conflict do nothing`);
  await tx.execute(sql`select 1 from exam_session where company_id = ${companyId} and plan_id = ${planId} and stage = ${WRITTEN_STAGE} for update`);
}

/**
 * The post's candidates waiting for the interview list — its written passes (24), or with 资格复审 those who passed it
 * (`from`, interviewEntrySource) — to the interview (30) through the state machine, which keeps a history row each
 * and creates their interview tasks.
 */
async function moveToInterview(tx: Db, companyId: number, planId: number, recruitmentId: number, from: ApplicationStatus, actorId: number): Promise<number> {
  const waiting = await rowsOf<{ id: number }>(
    tx,
    sql`select id from candidate_application
      where company_id = ${companyId} and recruitment_id = ${recruitmentId} and status = ${from}`,
  );
  await transitionMany(tx, {
    companyId,
    planId,
    applicationIds: waiting.map((a) => a.id),
    from,
    to: S.awaitingInterview,
    actorId,
    remarks: '确认面试名单',
  });
  return waiting.length;
}
