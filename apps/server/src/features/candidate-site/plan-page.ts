import {
  CANDIDATE_SITE_FEED_LIMIT, CANDIDATE_SITE_MESSAGES, type ParsedInputOf, SIGN_UP_PASSED_STATUSES,
  candidatePostList, candidateSitePost,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound } from '../../shared/errors.js';
import { emptyIfNull, pagedRows, parsedRows } from '../../shared/rows.js';
import { escapeLike, rowsOf } from '../../shared/sql.js';
import { statusIn } from '../pipeline/index.js';
import { planColumns, planDetailDbRow, siteCompanyOf } from './company-page.js';
import { attachmentsOf, publicationPage } from './publications.js';
import { planVisible } from './visible.js';

/** The plan candidates may see, or the one 404 (a draft, another company's plan and an unknown id alike). */
async function visiblePlan(db: Db, companyId: number, planId: number) {
  const [plan] = await parsedRows(
    db,
    sql`select ${planColumns}, p.written_exam_address as "writtenExamAddress", p.audition_exam_address as "auditionExamAddress", p.remark,
        p.fee_after_review as "feeAfterReview", p.fee_pay_days as "feePayDays",
        p.photo_width as "photoWidth", p.photo_height as "photoHeight", p.photo_min_kb as "photoMinKb", p.photo_max_kb as "photoMaxKb"
      from recruitment_plan p where p.id = ${planId} and ${planVisible(companyId)}`,
    planDetailDbRow,
  );
  if (!plan) throw notFound(CANDIDATE_SITE_MESSAGES.planMissing);
  return plan;
}

/** 计划页: the plan, its published notices with their attachments, and the posts' 学历要求 for the filter. */
export async function planPage(db: Db, companyId: number, planId: number) {
  const plan = await visiblePlan(db, companyId, planId);
  const [siteCompany, notices, educations] = await Promise.all([
    siteCompanyOf(db, companyId),
    publicationPage(db, companyId, 'notice', planId, { pageNum: 1, pageSize: CANDIDATE_SITE_FEED_LIMIT }),
    rowsOf<{ education: string }>(
      db,
      sql`select distinct education from recruitment_info where company_id = ${companyId} and plan_id = ${planId} and education <> '' order by education`,
    ),
  ]);
  const attachments = await attachmentsOf(db, notices.list.map((n) => n.id));
  return {
    company: siteCompany,
    plan,
    notices: { total: notices.total, list: notices.list.map((n) => ({ ...n, attachments: attachments.get(n.id)! })) },
    educations: educations.map((e) => e.education),
  };
}

const contains = (columns: SQL[], text: string) =>
  text ? sql`(${sql.join(columns.map((column) => sql`${column} ilike ${`%${escapeLike(text)}%`}`), sql` or `)})` : sql`true`;

/**
 * The plan's posts, filtered, with the live counts: 报名人数 counts every application to the post, 审核通过人数 those in a
 * status of the contracts' SIGN_UP_PASSED_STATUSES (every exam stage's). Only counts leave this query, no applicant.
 */
export async function postPage(db: Db, input: ParsedInputOf<typeof candidatePostList>) {
  await visiblePlan(db, input.companyId, input.planId);
  const where = sql`r.company_id = ${input.companyId} and r.plan_id = ${input.planId}
    and ${contains([sql`r.education`], input.education)}
    and ${contains([sql`r.skills_required`, sql`r.job_description`], input.major)}
    and ${contains([sql`r.job_vacancy`, sql`o.name`], input.keyword)}`;
  const from = sql`recruitment_info r left join sys_org o on o.id = r.department_id`;
  return pagedRows(
    db,
    {
      count: sql`select count(*)::int as n from ${from} where ${where}`,
      rows: sql`select r.id, r.job_vacancy as "jobVacancy", o.name as "departmentName", r.places, r.education, r.work_experience as "workExperience",
          r.salary, r.fixed_address as "fixedAddress", r.job_description as "jobDescription", r.skills_required as "skillsRequired",
          r.candidate_remark as "candidateRemark", r.application_place as "applicationPlace", r.cancelled_at is not null as cancelled,
          s.n as "applicationCount", s.passed as "passedCount"
        from ${from}
          cross join lateral (
            select count(*)::int as n, (count(*) filter (where ${statusIn(SIGN_UP_PASSED_STATUSES, 'a')}))::int as passed
            from candidate_application a where a.company_id = r.company_id and a.recruitment_id = r.id
          ) s
        where ${where} order by r.id`,
    },
    candidateSitePost.extend({ departmentName: emptyIfNull }),
    input,
  );
}
