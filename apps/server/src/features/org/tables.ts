import { type AnyPgColumn, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';

/** 招录部门: a company's departments as a tree. */
export const sysOrg = pgTable(
  'sys_org',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => company.id),
    parentId: integer('parent_id').references((): AnyPgColumn => sysOrg.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sys_org_company_parent').on(t.companyId, t.parentId),
    // Sibling names are unique; NULLS NOT DISTINCT makes that hold among the top-level departments too.
    unique('sys_org_company_parent_name').on(t.companyId, t.parentId, t.name).nullsNotDistinct(),
  ],
);
