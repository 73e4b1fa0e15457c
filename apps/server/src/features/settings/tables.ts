import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';

/** Function items the platform sells (DESIGN §4); seeded. */
export const sysFunction = pgTable('sys_function', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
});

export const companyRight = pgTable(
  'company_right',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    functionCode: text('function_code').notNull().references(() => sysFunction.code),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_right_company_function').on(t.companyId, t.functionCode)],
);

export const loginPageSetting = pgTable('login_page_setting', {
  companyId: integer('company_id').primaryKey().references(() => company.id),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  background: text('background').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
