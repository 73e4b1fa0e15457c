import {
  APPLICATION_STATUS,
  type ApplicationStatus,
  type BatchPassResult,
  SIGN_UP_PASSED_STATUS,
  STAGE_OPEN_STATUSES,
  TASK_STATUS,
  WORKFLOW_STAGES,
  WORKFLOW_STAGE_LIST,
  type WaitAuditRow,
  type WorkflowStage,
  candidateDetail,
  candidateTask,
  casualRecruitmentCandidatePass,
  casualRecruitmentPass,
  getCompanyRecruitmentAuditList,
  recruitmentAuditDetail,
  recruitmentWaitAuditList,
  submitAudit,
  updateCandidatePass,
} from '@zhaokao/contracts';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { candidateApplication, recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { AppError, conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { loadOwned } from '../../shared/rows.js';
import { escapeLike, inList, rowsOf } from '../../shared/sql.js';
import { gradeOf } from '../application/routes.js';
import { statusIn } from '../application/status-key.js';
import { applicationMoves, decideTask, earlierItemOpen, earlierItems, transition } from '../application/state-machine.js';
import { postDetailOf } from '../post/routes.js';
import { resumeViewOf } from '../talent/resume-view.js';

const APPLICATION_MISSING = '报名记录不存在';
const PLAN_MISSING = '招录计划不存在';
/** Applications passed in one transaction by a batch call. */
const BATCH_CHUNK = 100;

const iso = (v: string | Date) => new Date(v).toISOString();

const applicationOf = (db: Db, companyId: number, id: number) =>
  loadOwned(db, candidateApplication, id, companyId, APPLICATION_MISSING);

/** The statements of 待审核: the caller's pending tasks of the stage whose earlier items all passed. */
export function waitAuditSql(f: { companyId: number; staffId: number; stage: WorkflowStage; planId?: number; keyword: string; pageNum: number; pageSize: number }) {
  const parts: SQL[] = [
    sql`t.company_id = ${f.companyId}`,
    sql`t.status = ${TASK_STATUS.pending}`,
    sql`i.assignee_id = ${f.staffId}`,
    sql`i.stage = ${f.stage}`,
    statusIn(STAGE_OPEN_STATUSES[f.stage], 'a'),
    sql`not ${earlierItemOpen}`,
  ];
  if (f.planId !== undefined) parts.push(sql`a.plan_id = ${f.planId}`);
  if (f.keyword) {
    const prefix = `${escapeLike(f.keyword.toUpperCase())}%`;
    parts.push(sql`(a.real_name like ${`${escapeLike(f.keyword)}%`} or a.identity_no like ${prefix} or a.phone like ${prefix})`);
  }
  const from = sql`from application_task t
    join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
    ${earlierItems}
    join candidate_application a on a.id = t.application_id and a.company_id = t.company_id
    where ${sql.join(parts, sql` and `)}`;
  return {
    count: sql`select count(*)::int as total ${from}`,
    page: sql`select t.id as "taskId", t.work_item as "workItem", a.id as "applicationId", a.plan_id as "planId", p.name as "planName",
        a.recruitment_id as "recruitmentId", r.job_vacancy as "jobVacancy", a.real_name as "realName", a.identity_no as "identityNo",
        a.phone, a.status, a.created_at as "createdAt"
      from (select t.id, i.work_item, t.application_id ${from} order by t.application_id, t.id
            limit ${f.pageSize} offset ${(f.pageNum - 1) * f.pageSize}) t
      join candidate_application a on a.id = t.application_id and a.company_id = ${f.companyId}
      join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
      join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
      order by t.application_id, t.id`,
  };
}

/** The statements of 报名资格审核: the plan's applications with the work item decided now and the caller's part in it. */
export function auditListSql(f: {
  companyId: number;
  staffId: number;
  stage: WorkflowStage;
  planId: number;
  recruitmentId?: number;
  status?: number;
  realName: string;
  identityNo: string;
  phone: string;
  pageNum: number;
  pageSize: number;
}) {
  const parts: SQL[] = [sql`a.company_id = ${f.companyId}`, sql`a.plan_id = ${f.planId}`];
  if (f.recruitmentId !== undefined) parts.push(sql`a.recruitment_id = ${f.recruitmentId}`);
  if (f.status !== undefined) parts.push(statusIn([f.status], 'a'));
  if (f.realName) parts.push(sql`a.real_name like ${`${escapeLike(f.realName)}%`}`);
  if (f.identityNo) parts.push(sql`a.identity_no like ${`${escapeLike(f.identityNo.toUpperCase())}%`}`);
  if (f.phone) parts.push(sql`a.phone like ${`${escapeLike(f.phone)}%`}`);
  const where = sql.join(parts, sql` and `);
  return {
    // The total, and whether the plan (and post) belong to the caller's company, in one round trip.
    count: sql`select (select count(*)::int from candidate_application a where ${where}) as total,
      exists (select 1 from recruitment_plan where company_id = ${f.companyId} and id = ${f.planId}) as "planFound",
      ${
        f.recruitmentId === undefined
          ? sql`true`
          : sql`exists (select 1 from recruitment_info where company_id = ${f.companyId} and id = ${f.recruitmentId} and plan_id = ${f.planId})`
      } as "postFound"`,
    page: sql`select a.id, a.plan_id as "planId", a.recruitment_id as "recruitmentId", r.job_vacancy as "jobVacancy",
        a.real_name as "realName", ar.sex, a.identity_no as "identityNo", a.phone, ar.education, a.status,
        a.created_at as "createdAt", cur.task_id as "taskId", cur.work_item as "workItem", cur.assignee_id as "assigneeId", cur.status as "taskStatus"
      from (select a.id from candidate_application a where ${where} order by a.id desc nulls last
            limit ${f.pageSize} offset ${(f.pageNum - 1) * f.pageSize}) p
      join candidate_application a on a.company_id = ${f.companyId} and a.id = p.id
      join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
      left join application_resume ar on ar.application_id = a.id and ar.company_id = a.company_id
      left join lateral (
        select t.id as task_id, i.work_item, i.assignee_id, t.status
        from application_task t join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
        where t.company_id = a.company_id and t.application_id = a.id and i.stage = ${f.stage} and t.status <> ${TASK_STATUS.passed}
        order by i.sort, i.id limit 1
      ) cur on true
      order by a.id desc`,
  };
}

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
      rowsOf<{
        id: number;
        planId: number;
        recruitmentId: number;
        jobVacancy: string;
        realName: string;
        sex: string | null;
        identityNo: string;
        phone: string;
        education: string | null;
        status: number;
        createdAt: string;
        taskId: number | null;
        workItem: string | null;
        assigneeId: number | null;
        taskStatus: number | null;
      }>(db, q.page),
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

  /** Each application through the state machine on its own, so one refusal does not undo the others. */
  async function batchPass(companyId: number, ids: readonly number[], pass: (tx: Db, id: number) => Promise<void>): Promise<BatchPassResult> {
    const result: BatchPassResult = { passed: 0, refused: [] };
    const names = new Map(
      (
        await db
          .select({ id: candidateApplication.id, realName: candidateApplication.realName })
          .from(candidateApplication)
          .where(and(eq(candidateApplication.companyId, companyId), sql`${candidateApplication.id} in (${inList([...new Set(ids)])})`))
      ).map((r) => [r.id, r.realName]),
    );
    const given = [...new Set(ids)];
    // In ascending order, so that two batches over the same applications lock them in the same order (no deadlock).
    const ordered = [...given].sort((a, b) => a - b);
    for (let start = 0; start < ordered.length; start += BATCH_CHUNK) {
      // One commit per chunk rather than per application: waiting for the disk was half the time of a large batch.
      const part = await db.transaction(async (tx) => {
        const outcome: BatchPassResult = { passed: 0, refused: [] };
        for (const id of ordered.slice(start, start + BATCH_CHUNK)) {
          try {
            await tx.transaction((savepoint) => pass(savepoint, id)); // a refusal undoes this application only
            outcome.passed += 1;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            outcome.refused.push({ id, realName: names.get(id) ?? '', reason: error.message });
          }
        }
        return outcome;
      });
      result.passed += part.passed;
      result.refused.push(...part.refused);
    }
    // refusals in the order the caller gave the applications
    const position = new Map(given.map((id, i) => [id, i]));
    result.refused.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return result;
  }

  defineRoute(
    app,
    updateCandidatePass,
    async ({ input, session }) => {
      const companyId = session.companyId;
      return batchPass(companyId, input.ids, async (tx, id) => {
        await applicationOf(tx, companyId, id);
        const [task] = await rowsOf<{ id: number }>(
          tx,
          sql`select t.id from application_task t
            join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
            where t.company_id = ${companyId} and t.application_id = ${id} and i.stage = 1
              and t.status = ${TASK_STATUS.pending} and i.assignee_id = ${session.userId}
            order by i.sort, i.id limit 1`,
        );
        if (!task) throw conflict('没有分配给您的待审核工作');
        await decideTask(tx, { companyId, taskId: task.id, actorId: session.userId, status: TASK_STATUS.passed, remarks: input.remarks });
      });
    },
    { successMsg: '批量审核完成' },
  );

  defineRoute(app, casualRecruitmentPass, async ({ input, session }) => {
    const companyId = session.companyId;
    return db.transaction(async (tx) => {
      // Locked: a sign-up pass running now moves its application by the mode it read, so both wait for each other.
      const plan = await loadOwned(tx, recruitmentPlan, input.planId, companyId, PLAN_MISSING, 'update');
      const [moved] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from candidate_application where company_id = ${companyId} and plan_id = ${plan.id} and status >= 20`,
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
    return batchPass(companyId, input.ids, async (tx, id) => {
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
      writtenGrade: gradeOf(application.writtenGrade),
      auditionGrade: gradeOf(application.auditionGrade),
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
    const companyId = session.companyId;
    const application = await applicationOf(db, companyId, input.id);
    const steps = await rowsOf<{
      stage: number;
      workItemId: number;
      workItem: string;
      kind: 'verify' | 'score';
      assigneeId: number;
      assigneeName: string;
      verifierName: string | null;
      taskId: number | null;
      status: number | null;
      verifiedAt: string | null;
      score: string | number | null;
      remarks: string | null;
    }>(
      db,
      sql`select i.stage, i.id as "workItemId", i.work_item as "workItem", i.kind, i.assignee_id as "assigneeId", s.name as "assigneeName",
          v.name as "verifierName", t.id as "taskId", t.status, t.verified_at as "verifiedAt", t.score, t.remarks
        from workflow_item i
        join staff_user s on s.id = i.assignee_id and s.company_id = i.company_id
        left join application_task t on t.workflow_item_id = i.id and t.company_id = i.company_id and t.application_id = ${application.id}
        left join staff_user v on v.id = t.verifier_id and v.company_id = t.company_id
        where i.company_id = ${companyId} and i.plan_id = ${application.planId}
        order by i.stage, i.sort, i.id`,
    );
    const history = await rowsOf<{ fromStatus: number | null; toStatus: number; actorName: string | null; remarks: string; createdAt: string }>(
      db,
      sql`select h.from_status as "fromStatus", h.to_status as "toStatus", s.name as "actorName", h.remarks, h.created_at as "createdAt"
        from (${applicationMoves(sql`a.company_id = ${companyId} and a.id = ${application.id}`)}) h
        left join staff_user s on s.id = h.actor_id and s.company_id = h.company_id
        order by h.id nulls last`,
    );
    const stageOpen = (stage: WorkflowStage) => STAGE_OPEN_STATUSES[stage].includes(application.status);
    // The first step of the stage not yet passed is the one being decided; it is the caller's to decide when assigned to them.
    const current = steps.find((s) => stageOpen(s.stage as WorkflowStage) && s.taskId !== null && Number(s.status) !== TASK_STATUS.passed);
    const actionable =
      current && Number(current.status) === TASK_STATUS.pending && current.assigneeId === session.userId && current.stage === 1 ? current.taskId : null;
    return {
      stages: WORKFLOW_STAGE_LIST.map((stage) => ({
        stage,
        stageName: WORKFLOW_STAGES[stage],
        steps: steps
          .filter((s) => Number(s.stage) === stage)
          .map((s) => ({
            workItemId: s.workItemId,
            workItem: s.workItem,
            kind: s.kind,
            taskId: s.taskId,
            verifierName: s.verifierName ?? s.assigneeName,
            status: Number(s.status ?? TASK_STATUS.pending),
            verifiedAt: s.verifiedAt === null ? null : iso(s.verifiedAt),
            score: gradeOf(s.score),
            remarks: s.remarks ?? '',
          })),
      })),
      actionableTaskId: actionable,
      history: history.map((h) => ({
        fromStatus: h.fromStatus === null ? null : Number(h.fromStatus),
        toStatus: Number(h.toStatus),
        actorName: h.actorName ?? (h.fromStatus === null || h.toStatus === APPLICATION_STATUS.pending ? '考生' : ''),
        remarks: h.remarks,
        createdAt: iso(h.createdAt),
      })),
    };
  });
}
