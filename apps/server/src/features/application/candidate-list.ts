import { type SQL, sql } from 'drizzle-orm';
import { applicantSearch, statusIn } from '../pipeline/index.js';


export interface CandidateListFilter {
  companyId: number;
  planId: number;
  /** When set, the caller has checked that the post belongs to the plan. */
  recruitmentId?: number;
  status?: number;
  keyword: string;
  pageNum: number;
  pageSize: number;
}



/**
 * The WHERE of the candidate list. Every condition starts with `company_id` (DESIGN §2, Citus) and
 * each filter has an index: (company_id, plan_id | recruitment_id, [status,] id desc), and prefix
 * searches use the text_pattern_ops indexes on name, identity number and phone.
 */
function whereOf(f: CandidateListFilter): SQL {
  const parts: SQL[] = [sql`company_id = ${f.companyId}`];
  // A post belongs to one plan, so its own index answers without looking at plan_id.
  parts.push(f.recruitmentId !== undefined ? sql`recruitment_id = ${f.recruitmentId}` : sql`plan_id = ${f.planId}`);
  if (f.status !== undefined) parts.push(statusIn([f.status]));
  if (f.keyword) parts.push(applicantSearch(f.keyword));
  return sql.join(parts, sql` and `);
}

/**
 * The two statements of one page: the total, and the page by deferred join — the ids of the page
 * come from the narrow index alone (LIMIT/OFFSET over index entries, not wide rows), then only those
 * rows are read and joined, with the resume as submitted. The benchmark runs exactly these statements.
 * `desc nulls last` is the indexes' own order (id is never null, but the planner only uses an index
 * for the ORDER BY when the NULLS placement matches too; plain `desc` scanned the primary key backwards).
 */
export function candidateListSql(f: CandidateListFilter): { count: SQL; page: SQL } {
  const where = whereOf(f);
  const offset = (f.pageNum - 1) * f.pageSize;
  return {
    // The total, and whether the plan (and post) belong to the caller's company, in one round trip.
    count: sql`select (select count(*)::int from candidate_application where ${where}) as total,
      exists (select 1 from recruitment_plan where company_id = ${f.companyId} and id = ${f.planId}) as "planFound",
      ${
        f.recruitmentId === undefined
          ? sql`true`
          : sql`exists (select 1 from recruitment_info where company_id = ${f.companyId} and id = ${f.recruitmentId} and plan_id = ${f.planId})`
      } as "postFound"`,
    page: sql`
      select a.id, a.plan_id as "planId", a.recruitment_id as "recruitmentId", r.job_vacancy as "jobVacancy",
        a.talent_id as "talentId", a.real_name as "realName", s.sex, a.identity_no as "identityNo", a.phone,
        s.education, s.graduate_school as "graduateSchool", a.status, a.admission_ticket_code as "admissionTicketCode",
        a.written_grade as "writtenGrade", a.audition_grade as "auditionGrade", a.created_at as "createdAt"
      from (
        select id from candidate_application where ${where} order by id desc nulls last limit ${f.pageSize} offset ${offset}
      ) p
      join candidate_application a on a.company_id = ${f.companyId} and a.id = p.id
      join recruitment_info r on r.company_id = a.company_id and r.id = a.recruitment_id
      join application_resume s on s.company_id = a.company_id and s.application_id = a.id
      order by a.id desc`,
  };
}

export interface CandidateListCount {
  total: number;
  planFound: boolean;
  postFound: boolean;
}

export interface CandidateListRow {
  id: number;
  planId: number;
  recruitmentId: number;
  jobVacancy: string;
  talentId: number;
  realName: string;
  sex: string;
  identityNo: string;
  phone: string;
  education: string;
  graduateSchool: string;
  status: number;
  admissionTicketCode: string | null;
  writtenGrade: string | null;
  auditionGrade: string | null;
  createdAt: Date | string;
}
