import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A tenant: the recruiting unit (DESIGN §4). */
export const company = pgTable('company', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  /** Value of the `industry` dictionary. */
  industry: text('industry').notNull().default(''),
  address: text('address').notNull().default(''),
  introduce: text('introduce').notNull().default(''),
  manageIdea: text('manage_idea').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
