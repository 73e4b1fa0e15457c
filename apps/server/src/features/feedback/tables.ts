import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';
import { platformOperator } from '../platform/tables.js';
import { staffUser } from '../staff/tables.js';

/**
 * 公司反馈 (DESIGN §10, §12): what a company's staff wrote to the platform, and the operator's one reply. The reply is
 * written by one conditional update (`status = 'waiting'`), so of two operators answering at once only one succeeds.
 */
export const companyFeedback = pgTable(
  'company_feedback',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id),
    /** suggestion | problem | complaint | other (contracts FEEDBACK_TYPES) */
    type: text('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** waiting | replied */
    status: text('status').notNull().default('waiting'),
    reply: text('reply').notNull().default(''),
    createdBy: integer('created_by').references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    repliedBy: integer('replied_by').references(() => platformOperator.id),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('company_feedback_company').on(t.companyId, t.id.desc()),
    index('company_feedback_status').on(t.status, t.id.desc()),
    check('company_feedback_type', sql`${t.type} in ('suggestion', 'problem', 'complaint', 'other')`),
    check('company_feedback_status', sql`${t.status} in ('waiting', 'replied')`),
    check('company_feedback_reply', sql`(${t.status} = 'replied') = (${t.repliedAt} is not null)`),
  ],
);
