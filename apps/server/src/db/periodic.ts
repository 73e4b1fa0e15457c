import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.js';

/**
 * The last period each periodic task was claimed for (`claimPeriod`): with several server processes on one
 * database, each period's run is claimed by one of them only.
 */
export const periodicRun = pgTable('periodic_run', {
  task: text('task').primaryKey(),
  /** The start of the period claimed last, in epoch seconds of the database's clock (a multiple of the task's period). */
  slot: bigint('slot', { mode: 'number' }).notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Claims the current period of `task` (periods of `seconds`, counted on the database's clock, so that every process
 * counts alike): true for the first caller in the period, false for every other, whichever process it runs in.
 * One statement: a process that comes second waits on the first one's row and then finds the period taken.
 */
export async function claimPeriod(db: Db, task: string, seconds: number): Promise<boolean> {
  const claimed = await db
    .insert(periodicRun)
    // the period's start, not its number: a task whose period is made longer still finds later starts greater
    .values({ task, slot: sql`(floor(extract(epoch from now()) / ${seconds}) * ${seconds})::bigint` })
    .onConflictDoUpdate({
      target: periodicRun.task,
      set: { slot: sql`excluded.slot`, ranAt: sql`now()` },
      setWhere: sql`${periodicRun.slot} < excluded.slot`,
    })
    .returning({ task: periodicRun.task });
  return claimed.length > 0;
}

/**
 * Runs `work` once every `seconds` across all server processes on the database (none when `seconds` ≤ 0). Every
 * process wakes at the start of each period and tries to claim it; the one that does runs `work`. A run still
 * going when the next period starts makes this process skip it (another one may take it).
 */
export function schedulePeriodic(app: FastifyInstance, task: string, seconds: number, work: () => Promise<unknown>) {
  if (seconds <= 0) return;
  const periodMs = seconds * 1000;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const run = async () => {
    try {
      if (await claimPeriod(app.deps.db, task, seconds)) await work();
    } catch (err) {
      app.log.error({ err, task }, 'periodic task failed');
    }
  };
  const scheduleNext = () => {
    // a few milliseconds past the period's start: this machine's clock may run a little ahead of the database's
    timer = setTimeout(
      () => {
        scheduleNext();
        running ??= run().finally(() => {
          running = undefined;
        });
      },
      periodMs - (Date.now() % periodMs) + 20,
    );
    timer.unref();
  };
  scheduleNext();
  // a run under way finishes before the database closes
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}
