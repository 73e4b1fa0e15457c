import { SIGN_UP_STAGE } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';

/*
 * What the candidate site may show (DESIGN §11): every public read is limited by these conditions, so that a draft,
 * an unpublished item or another company's id is simply not found — the same 404 as an id nobody has.
 */

/** A plan `p` candidates may see: the company's, and not a draft (published, or ended and kept for the record). */
export const planVisible = (companyId: number, alias = 'p') => sql`${sql.raw(alias)}.company_id = ${companyId} and ${sql.raw(alias)}.status <> 'draft'`;

/**
 * The sign-up phase of a plan `p`: closed once the plan ended, staff closed sign-up (关闭报名) or its end date passed;
 * upcoming before its start date; open between them.
 */
export const planPhaseSql = (alias = 'p'): SQL => {
  const p = sql.raw(alias);
  return sql`case
    when ${p}.status = 'closed' or now() >= ${p}.sign_up_end_date
      or exists (select 1 from plan_stage_close c where c.plan_id = ${p}.id and c.stage = ${SIGN_UP_STAGE.stage}) then 'closed'
    when now() < ${p}.sign_up_start_date then 'upcoming'
    else 'open' end`;
};

/** A publication `pub` candidates may see: the company's, published, and (a plan's notice) of a plan they may see. */
export const publicationVisible = (companyId: number, alias = 'pub') => {
  const pub = sql.raw(alias);
  return sql`${pub}.company_id = ${companyId} and ${pub}.status = 'published'
    and (${pub}.recruitment_id is null or exists (select 1 from recruitment_plan vp where vp.id = ${pub}.recruitment_id and ${planVisible(companyId, 'vp')}))`;
};
