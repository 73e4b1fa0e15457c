import {
  SIGN_UP_OPEN_STATUSES, SIGN_UP_PASSED_STATUSES, SIGN_UP_REJECTED_STATUSES, STAGE_OPEN_STATUSES, TASK_STATUS,
  duplicateCandidateGroups, reviewerStatistics, signUpFinalReview,
} from '@zhaokao/contracts';
import { type SQL, and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { applicationTask, candidateApplication, recruitmentInfo, recruitmentPlan, staffUser, workflowItem } from '../../db/tables.js';
import { defineRoute } from '../../shared/route.js';
import { loadOwned } from '../../shared/rows.js';
import { duplicateGroups } from './duplicates.js';

const planOf = (db: Db, companyId: number, planId: number) => loadOwned(db, recruitmentPlan, planId, companyId, '招录计划不存在');

/** How many rows match `condition`, as a column of a grouped select. */
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

export function examineReportRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, reviewerStatistics, async ({ input, session }) => {
    const companyId = session.companyId;
    const plan = await planOf(db, companyId, input.planId);
    return db
      .select({
        workItemId: workflowItem.id,
        workItem: workflowItem.workItem,
        staffName: staffUser.name,
        // a rejected application's remaining tasks are no longer anybody's work
        pending: countWhere(and(eq(applicationTask.status, TASK_STATUS.pending), inArray(candidateApplication.status, [...STAGE_OPEN_STATUSES[input.type]]))!),
        passed: countWhere(eq(applicationTask.status, TASK_STATUS.passed)),
        failed: countWhere(eq(applicationTask.status, TASK_STATUS.failed)),
      })
      .from(workflowItem)
      .innerJoin(staffUser, and(eq(staffUser.id, workflowItem.assigneeId), eq(staffUser.companyId, workflowItem.companyId)))
      .leftJoin(applicationTask, and(eq(applicationTask.workflowItemId, workflowItem.id), eq(applicationTask.companyId, workflowItem.companyId)))
      .leftJoin(candidateApplication, and(eq(candidateApplication.id, applicationTask.applicationId), eq(candidateApplication.companyId, applicationTask.companyId)))
      .where(and(eq(workflowItem.companyId, companyId), eq(workflowItem.planId, plan.id), eq(workflowItem.stage, input.type)))
      .groupBy(workflowItem.id, workflowItem.workItem, workflowItem.sort, staffUser.name)
      .orderBy(asc(workflowItem.sort), asc(workflowItem.id));
  });

  defineRoute(app, signUpFinalReview, async ({ input, session }) => {
    const companyId = session.companyId;
    const plan = await planOf(db, companyId, input.planId);
    const a = candidateApplication;
    // one pass over the plan's applications on the (company_id, plan_id, status, id) index
    const counts = await db
      .select({
        recruitmentId: a.recruitmentId,
        applied: count(),
        inReview: countWhere(inArray(a.status, [...SIGN_UP_OPEN_STATUSES])),
        rejected: countWhere(inArray(a.status, [...SIGN_UP_REJECTED_STATUSES])),
        passed: countWhere(inArray(a.status, [...SIGN_UP_PASSED_STATUSES])),
      })
      .from(a)
      .where(and(eq(a.companyId, companyId), eq(a.planId, plan.id)))
      .groupBy(a.recruitmentId);
    const byPost = new Map(counts.map((c) => [c.recruitmentId, c]));
    const posts = await db
      .select({ id: recruitmentInfo.id, jobVacancy: recruitmentInfo.jobVacancy, places: recruitmentInfo.places })
      .from(recruitmentInfo)
      .where(and(eq(recruitmentInfo.companyId, companyId), eq(recruitmentInfo.planId, plan.id)))
      .orderBy(asc(recruitmentInfo.id));
    return posts.map((p) => {
      const c = byPost.get(p.id);
      return {
        recruitmentId: p.id,
        jobVacancy: p.jobVacancy,
        places: p.places,
        applied: c?.applied ?? 0,
        inReview: c?.inReview ?? 0,
        rejected: c?.rejected ?? 0,
        passed: c?.passed ?? 0,
      };
    });
  });

  defineRoute(app, duplicateCandidateGroups, async ({ input, session }) => {
    if (input.planId !== undefined) await planOf(db, session.companyId, input.planId);
    return duplicateGroups(db, session.companyId, input.planId);
  });
}
