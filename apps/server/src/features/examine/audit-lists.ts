import { type ParsedInputOf, STAGE_OPEN_STATUSES, TASK_STATUS, type WorkflowStage, type candidatePassCount } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../shared/sql.js';
import { applicantSearch, earlierItemOpen, earlierItems, statusIn } from '../pipeline/index.js';

/*
 * The statements of examine's two lists: 待审核 (the caller's tasks to decide) and 报名资格审核 (a plan's
 * applications), shared by their pages, their exports and the home page's count.
 */

/**
 * The caller's pending tasks `t` of the stage whose earlier items all passed, with their applications `a`, that also
 * meet `more`: the rows of 待审核, and the applications a batch pass takes.
 */
function actionableFrom(f: { companyId: number; staffId: number; stage: WorkflowStage }, more: SQL[]) {
  const parts: SQL[] = [
    sql`t.company_id = ${f.companyId}`,
    sql`t.status = ${TASK_STATUS.pending}`,
    sql`i.assignee_id = ${f.staffId}`,
    sql`i.stage = ${f.stage}`,
    statusIn(STAGE_OPEN_STATUSES[f.stage], 'a'),
    sql`not ${earlierItemOpen}`,
    ...more,
  ];
  return sql`from application_task t
    join workflow_item i on i.id = t.workflow_item_id and i.company_id = t.company_id
    ${earlierItems}
    join candidate_application a on a.id = t.application_id and a.company_id = t.company_id
    where ${sql.join(parts, sql` and `)}`;
}

/** The statements of 待审核: the caller's pending tasks of the stage whose earlier items all passed. */
export function waitAuditSql(f: {
  companyId: number;
  staffId: number;
  stage: WorkflowStage;
  planId?: number;
  keyword: string;
  afterId?: number;
  pageNum: number;
  pageSize: number;
}) {
  const parts: SQL[] = [];
  if (f.planId !== undefined) parts.push(sql`a.plan_id = ${f.planId}`);
  if (f.keyword) parts.push(applicantSearch(f.keyword, { alias: 'a' }));
  if (f.afterId !== undefined) parts.push(sql`t.application_id > ${f.afterId}`);
  const from = actionableFrom(f, parts);
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

/** 报名资格审核's filters (but the plan) on the applications `a`. */
function auditFilterParts(f: { recruitmentId?: number; status?: number; realName: string; identityNo: string; phone: string }): SQL[] {
  const parts: SQL[] = [];
  if (f.recruitmentId !== undefined) parts.push(sql`a.recruitment_id = ${f.recruitmentId}`);
  if (f.status !== undefined) parts.push(statusIn([f.status], 'a'));
  if (f.realName) parts.push(sql`a.real_name like ${`${escapeLike(f.realName)}%`}`);
  if (f.identityNo) parts.push(sql`a.identity_no like ${`${escapeLike(f.identityNo.toUpperCase())}%`}`);
  if (f.phone) parts.push(sql`a.phone like ${`${escapeLike(f.phone)}%`}`);
  return parts;
}

/**
 * The applications a batch pass by `filter` takes (报名资格审核's or 待审核's filters): those of the company whose
 * sign-up task the caller can decide now.
 */
export function passFilterFrom(companyId: number, staffId: number, filter: ParsedInputOf<typeof candidatePassCount>['filter']) {
  const parts = auditFilterParts(filter);
  if (filter.planId !== undefined) parts.push(sql`a.plan_id = ${filter.planId}`);
  if (filter.keyword) parts.push(applicantSearch(filter.keyword, { alias: 'a' }));
  return actionableFrom({ companyId, staffId, stage: 1 }, parts);
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
  afterId?: number;
  pageNum: number;
  pageSize: number;
}) {
  const parts: SQL[] = [sql`a.company_id = ${f.companyId}`, sql`a.plan_id = ${f.planId}`, ...auditFilterParts(f)];
  // The list is newest first: the applications after one are those of smaller ids.
  if (f.afterId !== undefined) parts.push(sql`a.id < ${f.afterId}`);
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

