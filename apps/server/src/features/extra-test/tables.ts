import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { candidateApplication } from '../application/tables.js';
import { company } from '../company/tables.js';
import { staffUser } from '../staff/tables.js';

/**
 * 加试 (DESIGN §5 "Fair-exam rules beyond SPEC"): the extra-test score of a candidate tied after the whole tie-break
 * chain across the interview cut-off. One per application and stage (only the interview, 3): entered again over the
 * old one when the group is still tied; frozen once the post's interview results are published.
 */
export const extraTestScore = pgTable(
  'extra_test_score',
  {
    companyId: integer('company_id').notNull().references(() => company.id),
    applicationId: integer('application_id').notNull().references(() => candidateApplication.id),
    stage: smallint('stage').notNull().default(3),
    score: numeric('score', { precision: 5, scale: 2 }).notNull(),
    enteredBy: integer('entered_by').notNull().references(() => staffUser.id),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.stage] }),
    index('extra_test_score_company').on(t.companyId, t.applicationId),
    check('extra_test_score_stage', sql`${t.stage} = 3`),
    check('extra_test_score_range', sql`${t.score} >= 0`),
  ],
);
