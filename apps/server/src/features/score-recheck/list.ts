import { type ExamStage, type RecheckState, scoreRecheckRow } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { emptyIfNull, loadOwned, parsedRows, timestampText } from '../../shared/rows.js';
import { PLAN_MISSING, POST_MISSING, STAGE_RULES, applicantSearch } from '../pipeline/index.js';

export interface RecheckFilter {
  companyId: number;
  stage: ExamStage;
  planId?: number;
  recruitmentId?: number;
  state?: RecheckState;
  keyword?: string;
}

/** The plan and post filtered by, when given: the company's (404), the post of the plan. */
export async function requireRecheckScope(db: Db, f: RecheckFilter) {
  const plan = f.planId === undefined ? undefined : await loadOwned(db, recruitmentPlan, f.planId, f.companyId, PLAN_MISSING);
  if (f.recruitmentId !== undefined) {
    const post = await loadOwned(db, recruitmentInfo, f.recruitmentId, f.companyId, POST_MISSING);
    if (plan && post.planId !== plan.id) throw notFound(POST_MISSING);
  }
  return plan;
}

/** The requests the filters find, unanswered first, newest first: the count and the rows. */
export function recheckListSql(f: RecheckFilter, extra?: SQL) {
  const parts: SQL[] = [sql`r.company_id = ${f.companyId}`, sql`r.stage = ${f.stage}`];
  if (f.planId !== undefined) parts.push(sql`a.plan_id = ${f.planId}`);
  if (f.recruitmentId !== undefined) parts.push(sql`a.recruitment_id = ${f.recruitmentId}`);
  if (f.state) parts.push(sql`r.state = ${f.state}`);
  if (f.keyword) parts.push(applicantSearch(f.keyword, { alias: 'a' }));
  if (extra) parts.push(extra);
  const where = sql.join(parts, sql` and `);
  const from = sql`from score_recheck r join candidate_application a on a.id = r.application_id and a.company_id = r.company_id where ${where}`;
  return {
    count: sql`select count(*)::int as total ${from}`,
    rows: sql`select r.id, a.id as "applicationId", a.plan_id as "planId", p.name as "planName", a.recruitment_id as "recruitmentId",
        i.job_vacancy as "jobVacancy", a.real_name as "realName", a.identity_no as "identityNo", a.phone, r.stage, r.reason, r.state,
        r.requested_at as "requestedAt", a.${STAGE_RULES[f.stage].score}::text as score, r.original_score::text as "originalScore",
        r.corrected_score::text as "correctedScore", r.error_kind as "errorKind", r.answer, u.name as "answeredBy", r.answered_at as "answeredAt",
        r.changes
      from score_recheck r
      join candidate_application a on a.id = r.application_id and a.company_id = r.company_id
      join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
      join recruitment_info i on i.id = a.recruitment_id and i.company_id = a.company_id
      left join staff_user u on u.id = r.answered_by
      where ${where}
      order by r.state <> 'pending', r.id desc`,
  };
}

export const recheckDbRow = scoreRecheckRow.extend({
  phone: emptyIfNull,
  requestedAt: timestampText,
  answeredAt: timestampText.nullable(),
  changes: z.union([z.string().transform((v) => JSON.parse(v) as unknown), z.array(z.unknown())]).pipe(scoreRecheckRow.shape.changes),
});

/** One request as the list shows it (after an answer). */
export async function recheckRowOf(db: Db, companyId: number, stage: ExamStage, id: number) {
  const [row] = await parsedRows(db, recheckListSql({ companyId, stage }, sql`r.id = ${id}`).rows, recheckDbRow);
  return row!;
}
