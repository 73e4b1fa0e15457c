import {
  BONUS_CATEGORY_IN_USE, BONUS_NO_WRITTEN, BONUS_SETTINGS_AFTER_PUBLICATION, BONUS_STACKED_GRANTS,
  type BonusSettingsView, type PlanExamMode, WRITTEN_STAGE, type saveBonusSettings,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bonusCategory, recruitmentPlan } from '../../db/tables.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { loadOwned } from '../../shared/rows.js';
import { idArray, rowsOf } from '../../shared/sql.js';
import { PLAN_MISSING } from '../pipeline/index.js';

export const BONUS_CATEGORY_MISSING = '加分项目不存在';
export const BONUS_CATEGORY_GIVEN_TWICE = '加分项目重复';

type Plan = typeof recruitmentPlan.$inferSelect;

/** 加分 belongs to the written score: only a plan that runs the written exam sets it (409). */
const WRITTEN_EXAM_MODES: readonly PlanExamMode[] = ['full'];
export function requireWritten(plan: Plan) {
  if (!WRITTEN_EXAM_MODES.includes(plan.examMode)) throw conflict(BONUS_NO_WRITTEN);
}

/** The company's plan that runs the written exam (404, 409), locked as asked. */
export async function bonusPlanOf(db: Db, companyId: number, planId: number, lock?: 'update' | 'share') {
  const plan = await loadOwned(db, recruitmentPlan, planId, companyId, PLAN_MISSING, lock);
  requireWritten(plan);
  return plan;
}

/** Whether a post of the plan has published its written results. */
export async function writtenPublishedInPlan(db: Db, companyId: number, planId: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select 1 from stage_publication sp join recruitment_info ri on ri.id = sp.recruitment_id and ri.company_id = sp.company_id
      where sp.company_id = ${companyId} and sp.stage = ${WRITTEN_STAGE} and ri.plan_id = ${planId} limit 1`,
  );
  return rows.length > 0;
}

interface CategoryRow {
  id: number;
  name: string;
  points: string;
  granted: number;
}

/** The plan's categories in force (not removed), in their order, with how many grants in force each has. */
async function categoriesOf(db: Db, companyId: number, planId: number, lock = false): Promise<CategoryRow[]> {
  const rows = await rowsOf<CategoryRow>(
    db,
    sql`select c.id, c.name, c.points::text as points,
        (select count(*)::int from bonus_grant g where g.company_id = c.company_id and g.category_id = c.id and g.revoked_at is null) as granted
      from bonus_category c
      where c.company_id = ${companyId} and c.plan_id = ${planId} and c.removed_at is null
      order by c.sort, c.id ${lock ? sql`for update of c` : sql``}`,
  );
  return rows.map((r) => ({ ...r, granted: Number(r.granted) }));
}

/** '5' → '5.00' as numeric(5,2) keeps it. */
const twoPlaces = (v: string) => Number(v).toFixed(2);

export async function bonusSettingsOf(db: Db, companyId: number, planId: number): Promise<BonusSettingsView> {
  const plan = await bonusPlanOf(db, companyId, planId);
  return { planId: plan.id, cap: twoPlaces(plan.bonusCap), stacking: plan.bonusStacking, categories: await categoriesOf(db, companyId, plan.id) };
}

/**
 * Saves the plan's cap, stacking rule and categories as a whole, under a lock on the plan (grants hold it shared):
 * a category given by id must be the plan's (404); a category left out is removed (kept for its revoked grants),
 * unless a grant is in force (409); stacking cannot be turned off while a candidate holds several categories (409);
 * once a post's written results are published the cap, the stacking rule and the points stay (409). Names and new
 * categories may still change.
 */
export async function saveBonusSettingsOf(tx: Db, companyId: number, input: z.output<typeof saveBonusSettings.input>) {
  const plan = await bonusPlanOf(tx, companyId, input.planId, 'update');
  const existing = await categoriesOf(tx, companyId, plan.id, true);
  const byId = new Map(existing.map((c) => [c.id, c]));
  const given = new Set<number>();
  for (const c of input.categories) {
    if (c.id === undefined) continue;
    if (!byId.has(c.id)) throw notFound(BONUS_CATEGORY_MISSING);
    if (given.has(c.id)) throw badRequest(BONUS_CATEGORY_GIVEN_TWICE);
    given.add(c.id);
  }
  const removed = existing.filter((c) => !given.has(c.id));
  if (removed.some((c) => c.granted > 0)) throw conflict(BONUS_CATEGORY_IN_USE);

  const cap = twoPlaces(input.cap);
  const repointed = input.categories.some((c) => c.id !== undefined && twoPlaces(byId.get(c.id)!.points) !== twoPlaces(c.points));
  const rulesChanged = cap !== twoPlaces(plan.bonusCap) || input.stacking !== plan.bonusStacking || repointed;
  if (rulesChanged && (await writtenPublishedInPlan(tx, companyId, plan.id))) throw conflict(BONUS_SETTINGS_AFTER_PUBLICATION);
  if (!input.stacking && plan.bonusStacking) {
    const [stacked] = await rowsOf(
      tx,
      sql`select 1 from bonus_grant g join bonus_category c on c.id = g.category_id and c.company_id = g.company_id
        where g.company_id = ${companyId} and c.plan_id = ${plan.id} and g.revoked_at is null
        group by g.application_id having count(*) > 1 limit 1`,
    );
    if (stacked) throw conflict(BONUS_STACKED_GRANTS);
  }

  await tx.execute(sql`update recruitment_plan set bonus_cap = ${cap}::numeric, bonus_stacking = ${input.stacking}, updated_at = now()
    where id = ${plan.id} and company_id = ${companyId}`);
  if (removed.length > 0) {
    await tx.execute(sql`update bonus_category set removed_at = now()
      where company_id = ${companyId} and id = any(${idArray(removed.map((c) => c.id))})`);
  }
  for (const [sort, c] of input.categories.entries()) {
    if (c.id === undefined) {
      await tx.insert(bonusCategory).values({ companyId, planId: plan.id, name: c.name, points: c.points, sort });
    } else {
      await tx.execute(sql`update bonus_category set name = ${c.name}, points = ${c.points}::numeric, sort = ${sort}
        where company_id = ${companyId} and id = ${c.id}`);
    }
  }
  return null;
}
