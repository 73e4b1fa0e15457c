import { type SQL, sql } from 'drizzle-orm';

/**
 * 加分 in the written score (DESIGN §5 "Fair-exam rules beyond SPEC"): the written score that ranks is the paper score
 * (`candidate_application.written_grade`) plus the bonus in force — the sum of the application's grants not revoked,
 * at most its plan's cap (without stacking a plan holds one grant per application, so the sum is its points). An
 * absent paper score stays absent. Every ranking and publication reads the written score through these fragments.
 */

/** The written score that ranks from the paper score and the bonus (null for none). */
export const addBonus = (paper: SQL, bonus: SQL): SQL => sql`(${paper} + coalesce(${bonus}, 0::numeric))`;

/**
 * The bonus in force of each application of the post, grouped once (to be joined once, on `application_id`):
 * columns application_id, bonus (capped) and names ('退役士兵、少数民族', in the categories' order).
 */
export const postBonusSql = (companyId: number, recruitmentId: number): SQL => sql`
  select g.application_id, least(sum(g.points), max(p.bonus_cap)) as bonus,
    string_agg(c.name, '、' order by c.sort, c.id) as names
  from bonus_grant g
  join bonus_category c on c.id = g.category_id and c.company_id = g.company_id
  join recruitment_plan p on p.id = c.plan_id and p.company_id = c.company_id
  join recruitment_info ri on ri.plan_id = p.id and ri.company_id = p.company_id and ri.id = ${recruitmentId}
  join candidate_application b on b.id = g.application_id and b.company_id = g.company_id and b.recruitment_id = ri.id
  where g.company_id = ${companyId} and g.revoked_at is null
  group by g.application_id`;

/** The bonus in force of application `x` (a correlated subquery; null for none): for reads of a few rows. */
export const bonusSql = (x: string): SQL =>
  sql.raw(`(select least(sum(g.points), (select p.bonus_cap from recruitment_plan p where p.id = ${x}.plan_id and p.company_id = ${x}.company_id))
    from bonus_grant g where g.company_id = ${x}.company_id and g.application_id = ${x}.id and g.revoked_at is null having count(*) > 0)`);

/** The bonus cap of application `x`'s plan (correlated). */
export const bonusCapSql = (x: string): SQL =>
  sql.raw(`(select p.bonus_cap from recruitment_plan p where p.id = ${x}.plan_id and p.company_id = ${x}.company_id)`);

/** The written score that ranks of application `x` (correlated; see postBonusSql for whole posts). */
export const writtenTotalSql = (x: string): SQL => addBonus(sql.raw(`${x}.written_grade`), bonusSql(x));
