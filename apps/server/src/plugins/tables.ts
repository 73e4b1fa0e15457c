import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row per client (or person) and group of public calls: its request allowance as a token bucket kept in one
 * number (see `takeFromAllowance`); shared by every server process. The columns keep the names of the fixed windows
 * they replaced, so no migration was needed.
 */
export const rateLimitWindow = pgTable('rate_limit_window', {
  key: text('key').primaryKey(),
  /** When the allowance is whole again, in epoch microseconds (the "theoretical arrival time" of GCRA). */
  tat: bigint('window_start', { mode: 'number' }).notNull(),
  /** Requests still allowed right after the last one; -1 when that one was refused. */
  remaining: integer('hits').notNull(),
});
