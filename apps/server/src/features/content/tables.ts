import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const helpArticle = pgTable('help_article', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  category: text('category').notNull(),
  title: text('title').notNull().unique(),
  summary: text('summary').notNull(),
  /** Sanitised HTML. */
  content: text('content').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
