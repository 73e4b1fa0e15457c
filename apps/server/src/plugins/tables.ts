import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Requests per client and route group in the current fixed window; shared by every server process. */
export const rateLimitWindow = pgTable('rate_limit_window', {
  key: text('key').primaryKey(),
  /** Start of the window, in epoch milliseconds. */
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  hits: integer('hits').notNull(),
});
