import {
  type ApplicationStatus, BATCH_PASS_MAX, SIGN_UP_PASSED_STATUS, SIGN_UP_PASSED_STATUSES, SIGN_UP_STAGE,
  STAGE_OPEN_STATUSES, TASK_STATUS, type WaitAuditRow, candidateDetail, candidatePassCount, candidateTask,
  casualRecruitmentCandidatePass, casualRecruitmentPass, getCompanyRecruitmentAuditList,
  recruitmentAuditDetail, recruitmentWaitAuditList, submitAudit, updateCandidatePass,
} from '@zhaokao/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { candidateApplication, recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { loadOwned } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { postDetailOf } from '../post/index.js';
import { resumeViewOf } from '../talent/index.js';
import { type ApplicantDbRow, APPLICATION_MISSING, decideTask, PLAN_MISSING, scoreOf, statusIn, transition } from '../pipeline/index.js';
import { auditListSql, passFilterFrom, waitAuditSql } from './audit-lists.js';
import { batchPass, taskStepsOf } from './task-work.js';


const iso = (v: string | Date) => new Date(v).toISOString();

const applicationOf = (db: Db, companyId: number, id: number) =>
  loadOwned(db, candidateApplication, id, companyId, APPLICATION_MISSING);

export function examineRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(
    app,
    submitAudit,
    async ({ input, session }) => {
      const decided = await db.transaction((tx) =>
        decideTask(tx, {
          companyId: session.companyId,
          taskId: input.tastId,
          actorId: session.userId,
          status: input.status,
          failStatus: input.failStatus,
          remarks: input.remarks,
        }),
      );
      return { applicationId: decided.applicationId, status: decided.status };
    },
    { successMsg: '审核成功' },
  );

  defineRoute(app, recruitmentWaitAuditList, async ({ input, session }) => {
    if (input.planId !== undefined) await loadOwned(db, recruitmentPlan, input.planId, session.companyId, PLAN_MISSING);
    const q = waitAuditSql({ ...input, stage: input.type, companyId: session.companyId, staffId: session.userId });
    const [totals, rows] = await Promise.all([
      rowsOf<{ total: number }>(db, q.count),
      rowsOf<Omit<WaitAuditRow, 'createdAt'> & { createdAt: string }>(db, q.page),
    ]);
    return {
      total: Number(totals[0]?.total ?? 0),
      list: rows.map((r) => ({ ...r, status: Number(r.status), createdAt: iso(r.createdAt) })),
    };
  });

  defineRoute(app, getCompanyRecruitmentAuditList, async ({ input, session }) => {
    const companyId = session.companyId;
    // Both statements at once: each is limited to the caller's company by its own WHERE, so nothing
    // is answered before the count has shown that the plan (and post) are theirs.
    const q = auditListSql({ ...input, stage: input.type, companyId, staffId: session.userId });
    const [totals, rows] = await Promise.all([
      rowsOf<{ total: number; planFound: boolean; postFound: boolean }>(db, q.count),
      rowsOf<
        ApplicantDbRow & {
          planId: number;
          education: string | null;
          createdAt: string;
          taskId: number | null;
          workItem: string | null;
          assigneeId: number | null;
          taskStatus: number | null;
        }
      >(db, q.page),
    ]);
    if (!totals[0]?.planFound) throw notFound(PLAN_MISSING);
    if (!totals[0].postFound) throw notFound('岗位不存在');
    return {
      total: Number(totals[0]?.total ?? 0),
      list: rows.map((r) => {
        const status = Number(r.status) as ApplicationStatus;
        const open = STAGE_OPEN_STATUSES[input.type].includes(status) && r.taskId !== null && Number(r.taskStatus) === TASK_STATUS.pending;
        return {
          id: r.id,
          planId: r.planId,
          recruitmentId: r.recruitmentId,
          jobVacancy: r.jobVacancy,
          realName: r.realName,
          sex: r.sex ?? '',
          identityNo: r.identityNo,
          phone: r.phone,
          education: r.education ?? '',
          status,
          currentWorkItem: open ? (r.workItem ?? '') : '',
          myTaskId: open && Number(r.assigneeId) === session.userId ? Number(r.taskId) : null,
          createdAt: iso(r.createdAt),
        };
      }),
    };
  });

  defineRoute(
    app,
    updateCandidatePass,
    async ({ input, session }) => {
      const companyId = session.companyId;
      let ids = input.ids ?? [];
      if (input.filter) {
        if (input.filter.planId !== undefined) await loadOwned(db, recruitmentPlan, input.filter.planId, companyId, PLAN_MISSING);
        // One more than allowed, to tell a filter finding too many.
        const found = await rowsOf<{ id: number }>(
          db,
          sql`select distinct a.id ${passFilterFrom(companyId, session.userId, input.filter)} order by a.id limit ${BATCH_PASS_MAX + 1}`,
        );
        if (found.length > BATCH_PASS_MAX) throw conflict(`符合条件的报名人员超过 ${BATCH_PASS_MAX} 人，请缩小筛选范围后再批量通过`);
        ids = found.map((r) => Number(r.id));
      }
      return batchPass(db, companyId, ids, async (tx, id) => {
        await applicationOf(tx, companyId, id);
        const [task] = await rowsOf<{ id: number }>(
          tx,
          sql`select t.id from application_task t
            join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
            where t.company_id = ${companyId} and t.application_id = ${id} and i.stage = ${SIGN_UP_STAGE.stage}
              and t.status = ${TASK_STATUS.pending} and i.assignee_id = ${session.userId}
            order by i.sort, i.id limit 1`,
        );
        if (!task) throw conflict('没有分配给您的待审核工作');
        await decideTask(tx, { companyId, taskId: task.id, actorId: session.userId, status: TASK_STATUS.passed, remarks: input.remarks });
      });
    },
    { successMsg: '批量审核完成' },
  );

  defineRoute(app, candidatePassCount, async ({ input, session }) => {
    if (input.filter.planId !== undefined) await loadOwned(db, recruitmentPlan, input.filter.planId, session.companyId, PLAN_MISSING);
    const [row] = await rowsOf<{ total: number }>(
      db,
      sql`select count(distinct a.id)::int as total ${passFilterFrom(session.companyId, session.userId, input.filter)}`,
    );
    return { total: Number(row?.total ?? 0) };
  });

  defineRoute(app, casualRecruitmentPass, async ({ input, session }) => {
    const companyId = session.companyId;
    return db.transaction(async (tx) => {
      // Locked: a sign-up pass running now moves its application by the mode it read, so both wait for each other.
      const plan = await loadOwned(tx, recruitmentPlan, input.planId, companyId, PLAN_MISSING, 'update');
      const [moved] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from candidate_application where company_id = ${companyId} and plan_id = ${plan.id} and ${statusIn(SIGN_UP_PASSED_STATUSES)}`,
      );
      if (Number(moved?.n ?? 0) > 0 && input.examMode !== plan.examMode) {
        throw conflict('已有报名人员通过报名资格审核，不能再更改考试方式');
      }
      await tx
        .update(recruitmentPlan)
        .set({ examMode: input.examMode, updatedAt: new Date() })
        .where(and(eq(recruitmentPlan.id, plan.id), eq(recruitmentPlan.companyId, companyId)));
      return { planId: plan.id, examMode: input.examMode };
    });
  });

  defineRoute(app, casualRecruitmentCandidatePass, async ({ input, session }) => {
    const companyId = session.companyId;
    return batchPass(db, companyId, input.ids, async (tx, id) => {
      const application = await loadOwned(tx, candidateApplication, id, companyId, APPLICATION_MISSING, 'update');
      // The mode read again under a lock: a change of it in progress (casualRecruitmentPass) is waited for, and seen.
      const [plan] = await tx
        .select({ examMode: recruitmentPlan.examMode })
        .from(recruitmentPlan)
        .where(and(eq(recruitmentPlan.id, application.planId), eq(recruitmentPlan.companyId, companyId)))
        .for('key share');
      if (plan!.examMode === 'full') throw conflict('该招录计划需要笔试和面试，不能直接通过');
      await transition(tx, {
        application,
        to: SIGN_UP_PASSED_STATUS[plan!.examMode],
        actorId: session.userId,
        remarks: input.remarks || '考核招聘直接通过',
      });
    });
  });

  defineRoute(app, recruitmentAuditDetail, async ({ input, session }) => {
    const companyId = session.companyId;
    const application = await applicationOf(db, companyId, input.id);
    const plan = await loadOwned(db, recruitmentPlan, application.planId, companyId, PLAN_MISSING);
    const post = await loadOwned(db, recruitmentInfo, application.recruitmentId, companyId, '岗位不存在');
    return {
      id: application.id,
      planId: plan.id,
      planName: plan.name,
      examMode: plan.examMode,
      recruitmentId: post.id,
      realName: application.realName,
      identityNo: application.identityNo,
      phone: application.phone,
      status: application.status,
      admissionTicketCode: application.admissionTicketCode,
      writtenGrade: scoreOf(application.writtenGrade),
      auditionGrade: scoreOf(application.auditionGrade),
      createdAt: application.createdAt.toISOString(),
      job: await postDetailOf(db, companyId, post),
    };
  });

  defineRoute(app, candidateDetail, async ({ input, session }) => {
    const companyId = session.companyId;
    const application = await applicationOf(db, companyId, input.id);
    const post = await loadOwned(db, recruitmentInfo, application.recruitmentId, companyId, '岗位不存在');
    const view = await resumeViewOf(db, companyId, application.id, post.talentTemplateId);
    if (!view) throw notFound('该报名没有简历');
    return view;
  });

  defineRoute(app, candidateTask, async ({ input, session }) => {
    const application = await applicationOf(db, session.companyId, input.id);
    return taskStepsOf(db, application, session.userId);
  });
}
