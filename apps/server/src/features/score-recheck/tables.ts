import type { RecheckErrorKind, RecheckRankChange, RecheckState } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidateApplication } from '../application/tables.js';
import { company } from '../company/tables.js';
import { staffUser } from '../staff/tables.js';

/**
 * 成绩复查 (DESIGN §5 "Fair-exam rules beyond SPEC"): a candidate's request to re-check one published stage score of
 * an application, once per application and stage (the unique index), answered once by staff: corrected (the scores
 * before and after, the kind of error, and the places the correction changed in the post's ranking) or refused.
 */
export const scoreRecheck = pgTable(
  'score_recheck',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    applicationId: integer('application_id').notNull().references(() => candidateApplication.id),
    /** 2 笔试, 3 面试. */
    stage: smallint('stage').notNull(),
    reason: text('reason').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** pending | corrected | refused */
    state: text('state').$type<RecheckState>().notNull().default('pending'),
    errorKind: text('error_kind').$type<RecheckErrorKind>(),
    originalScore: numeric('original_score', { precision: 6, scale: 2 }),
    correctedScore: numeric('corrected_score', { precision: 6, scale: 2 }),
    /** The refusal's reason, or the staff's note on a correction. */
    answer: text('answer').notNull().default(''),
    answeredBy: integer('answered_by').references(() => staffUser.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** A correction's changed places in the post's ranking, as compared in its transaction. */
    changes: jsonb('changes').$type<RecheckRankChange[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('score_recheck_once').on(t.applicationId, t.stage),
    index('score_recheck_company').on(t.companyId, t.stage, t.id),
    check('score_recheck_stage', sql`${t.stage} in (2, 3)`),
    check('score_recheck_state', sql`${t.state} in ('pending', 'corrected', 'refused')`),
    check('score_recheck_error_kind', sql`${t.errorKind} is null or ${t.errorKind} in ('entry', 'sum', 'missed')`),
  ],
);
