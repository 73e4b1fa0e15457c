import { type AnyPgColumn, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A tenant: the recruiting unit (DESIGN §4). A headquarters may have subordinate units (下属单位, issue 12): each unit
 * is a tenant of its own whose `parentId` names the headquarters; one level only (a unit has no units of its own).
 */
export const company = pgTable('company', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** The headquarters of a subordinate unit; null for a company that is no unit. */
  parentId: integer('parent_id').references((): AnyPgColumn => company.id),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  /** Value of the `industry` dictionary. */
  industry: text('industry').notNull().default(''),
  address: text('address').notNull().default(''),
  introduce: text('introduce').notNull().default(''),
  manageIdea: text('manage_idea').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // A headquarters' units have different names (parallel additions of one name: one wins).
  uniqueIndex('company_parent_name').on(t.parentId, t.name),
]);
