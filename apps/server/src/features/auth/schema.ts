import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { company } from '../company/schema.js';
import { sysOrg } from '../org/schema.js';

export const sysRole = pgTable(
  'sys_role',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default([]),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_role_company_name').on(t.companyId, t.name)],
);

export const staffUser = pgTable(
  'staff_user',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    roleId: integer('role_id').notNull().references(() => sysRole.id),
    departmentId: integer('department_id').references(() => sysOrg.id),
    loginAccount: text('login_account').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    nickName: text('nick_name').notNull().default(''),
    userHead: text('user_head').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_user_login_account').on(t.loginAccount), index('staff_user_company').on(t.companyId)],
);

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

