import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';
import { staffUser } from '../staff/tables.js';
import { talent } from '../talent/tables.js';

/**
 * 站内信 (DESIGN §10): one row per recipient, a staff member or a candidate (talent), with its own read time. Marking
 * read is one conditional update (`read_at is null`), so two tabs marking at once count each message once.
 */
export const userMessage = pgTable(
  'user_message',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The sending company. */
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id),
    senderId: integer('sender_id').references(() => staffUser.id),
    recipientUserId: integer('recipient_user_id').references(() => staffUser.id),
    recipientTalentId: integer('recipient_talent_id').references(() => talent.id),
    content: text('content').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_message_recipient_user').on(t.recipientUserId, t.id.desc()),
    index('user_message_unread_user').on(t.recipientUserId).where(sql`${t.readAt} is null`),
    index('user_message_recipient_talent').on(t.recipientTalentId, t.id.desc()),
    check('user_message_one_recipient', sql`(${t.recipientUserId} is null) <> (${t.recipientTalentId} is null)`),
  ],
);
