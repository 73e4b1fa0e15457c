import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidateApplication } from '../application/tables.js';
import { company } from '../company/tables.js';
import { recruitmentPlan } from '../plan/tables.js';
import { staffUser } from '../staff/tables.js';

/**
 * 加分项目 (DESIGN §5 "Fair-exam rules beyond SPEC"): a plan's bonus categories (少数民族, 退役士兵…) with their points.
 * The cap and whether bonuses stack are the plan's (`recruitment_plan.bonus_cap`, `bonus_stacking`).
 */
export const bonusCategory = pgTable(
  'bonus_category',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    name: text('name').notNull(),
    points: numeric('points', { precision: 5, scale: 2 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** Removed from the plan's settings (kept for the grants that name it, all revoked). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('bonus_category_plan').on(t.companyId, t.planId, t.sort),
    check('bonus_category_points', sql`${t.points} > 0`),
  ],
);

/**
 * A bonus granted to an application against its proof, with the category's points at the time; revoked (never
 * deleted) with a reason. In force while `revoked_at` is null: once per category (the partial unique index).
 */
export const bonusGrant = pgTable(
  'bonus_grant',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    applicationId: integer('application_id').notNull().references(() => candidateApplication.id),
    categoryId: integer('category_id').notNull().references(() => bonusCategory.id),
    points: numeric('points', { precision: 5, scale: 2 }).notNull(),
    proofNote: text('proof_note').notNull(),
    grantedBy: integer('granted_by').notNull().references(() => staffUser.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    revokedBy: integer('revoked_by').references(() => staffUser.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason').notNull().default(''),
  },
  (t) => [
    uniqueIndex('bonus_grant_in_force').on(t.applicationId, t.categoryId).where(sql`${t.revokedAt} is null`),
    index('bonus_grant_application').on(t.companyId, t.applicationId).where(sql`${t.revokedAt} is null`),
    index('bonus_grant_category').on(t.companyId, t.categoryId),
  ],
);
