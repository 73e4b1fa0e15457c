import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';

/** Function items the platform sells (DESIGN §4); seeded. */
export const sysFunction = pgTable('sys_function', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** For a quota item (resume views): the uses one purchase grants; null for an item that is only held. */
  quota: integer('quota'),
});

export const companyRight = pgTable(
  'company_right',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    functionCode: text('function_code').notNull().references(() => sysFunction.code),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** Uses granted (a quota item) and used so far (`addAlreadyUseTimes`); null quota: no count. */
    quota: integer('quota'),
    used: integer('used').notNull().default(0),
    /** The paid order that granted it (null for rights given by the platform). */
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_right_company_function').on(t.companyId, t.functionCode),
    check('company_right_used', sql`${t.used} >= 0 and (${t.quota} is null or ${t.used} <= ${t.quota})`),
  ],
);

export const loginPageSetting = pgTable('login_page_setting', {
  companyId: integer('company_id').primaryKey().references(() => company.id),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  background: text('background').notNull().default(''),
  /** The login page's own logo; empty: the company's logo (设置单位信息) is shown. */
  logo: text('logo').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
