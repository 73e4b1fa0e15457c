import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidateApplication } from '../application/tables.js';
import { company } from '../company/tables.js';
import { recruitmentPlan } from '../plan/tables.js';
import { recruitmentInfo } from '../post/tables.js';
import { staffUser } from '../staff/tables.js';

/**
 * An application's passage through one gate stage (DESIGN §5 "After the interview"): when it entered (by 确认名单 or
 * by 递补), the reason given with 不合格 / 放弃, 公示's objection note, and who decided when. The status itself is the
 * application's, changed by the state machine only.
 */
export const gateRecord = pgTable(
  'gate_record',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    applicationId: integer('application_id').notNull().references(() => candidateApplication.id),
    /** GATE_STAGE_TABLE's stage (4 资格复审, 5 体检, 6 考察, 7 公示). */
    stage: smallint('stage').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    /** Entered by 递补 (filling the vacancy `vacancyId`). */
    substitute: boolean('substitute').notNull().default(false),
    vacancyId: integer('vacancy_id'),
    reason: text('reason').notNull().default(''),
    objection: text('objection').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => staffUser.id),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.stage] }),
    // with the application last: a lookup of one application's record (递补's exists per ranked row) is an index
    // condition whichever of this and the key the planner picks (it picked this one on stale statistics: 0.5 ms a row)
    index('gate_record_company_stage').on(t.companyId, t.stage, t.applicationId),
    check('gate_record_stage', sql`${t.stage} between 4 and 7`),
  ],
);

/**
 * A place left open at a gate by a failure or a withdrawal, for 递补: filled once, by the next eligible candidate of
 * the post (`filledBy`), recorded with who confirmed it.
 */
export const gateVacancy = pgTable(
  'gate_vacancy',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    planId: integer('plan_id').notNull().references(() => recruitmentPlan.id),
    recruitmentId: integer('recruitment_id').notNull().references(() => recruitmentInfo.id),
    stage: smallint('stage').notNull(),
    /** Who left the place, and how ('failed' or 'withdrew'). */
    leftApplicationId: integer('left_application_id').notNull().references(() => candidateApplication.id),
    leftResult: text('left_result').$type<'failed' | 'withdrew'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    filledBy: integer('filled_by').references(() => candidateApplication.id),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    filledByStaff: integer('filled_by_staff').references(() => staffUser.id),
  },
  (t) => [
    uniqueIndex('gate_vacancy_left').on(t.leftApplicationId, t.stage),
    index('gate_vacancy_plan').on(t.companyId, t.planId, t.stage),
    check('gate_vacancy_stage', sql`${t.stage} between 4 and 7`),
    check('gate_vacancy_left_result', sql`${t.leftResult} in ('failed', 'withdrew')`),
  ],
);
