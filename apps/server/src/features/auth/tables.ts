import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';
import { staffUser } from '../staff/tables.js';

export const userSession = pgTable(
  'user_session',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    companyId: integer('company_id').notNull().references(() => company.id),
    userId: integer('user_id').notNull().references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'logout' ends with 50008; 'elsewhere' (password reset, account disabled) with 50012. */
    endReason: text('end_reason'),
  },
  (t) => [uniqueIndex('user_session_token_hash').on(t.tokenHash), index('user_session_user').on(t.userId)],
);

export const passwordResetCode = pgTable(
  'password_reset_code',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull().references(() => staffUser.id),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_code_user').on(t.userId)],
);

/**
 * Failed sign-ins per account name and client address, for account names that exist and names that don't alike.
 * `attempts` counts tries that were let through to the password check since the last success or lock.
 */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    loginAccount: text('login_account').notNull(),
    client: text('client').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.loginAccount, t.client] })],
);

