import type { Permission } from '@zhaokao/contracts';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';
import { sysOrg } from '../org/tables.js';

export const sysRole = pgTable(
  'sys_role',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    name: text('name').notNull(),
    permissions: text('permissions').array().$type<Permission[]>().notNull().default([]),
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
    /** The password was set by someone else (an initial or a reset one): the user must choose their own at sign-in. */
    passwordMustChange: boolean('password_must_change').notNull().default(false),
    /**
     * A linked account (issue 12): the headquarters' staff member who works in this subordinate unit through it.
     * It has no usable password: it is reached only by switching (features/company-units), never by signing in.
     */
    linkedStaffId: integer('linked_staff_id').references((): AnyPgColumn => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_user_login_account').on(t.loginAccount),
    index('staff_user_company').on(t.companyId),
    uniqueIndex('staff_user_linked').on(t.companyId, t.linkedStaffId),
  ],
);
