import type { JobKind, JobStatus } from '@zhaokao/contracts';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { company } from '../company/tables.js';
import { staffUser } from '../staff/tables.js';

/**
 * 后台任务: one row per long piece of work a staff member started (a large score import, a batch PDF). The row is
 * the job as the user sees it (status, progress, result); the queue (pg-boss, schema `pgboss`) only carries its id
 * to a worker. `worker` and `heartbeat_at` say which server process runs it, so that a job left `running` by a
 * process that died is found and run again (or failed, visibly).
 */
export const job = pgTable(
  'job',
  {
    /** A random UUID: also the print job's `jobId` of the contracts. */
    id: text('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => company.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => staffUser.id),
    kind: text('kind').$type<JobKind>().notNull(),
    title: text('title').notNull(),
    /** What the worker needs to do the work (an import's id, a print's plan, stage and filters). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    step: text('step').notNull().default(''),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** The outcome: `summary` (one sentence for the user) and what the kind adds (`saved`…). */
    result: jsonb('result').$type<{ summary: string } & Record<string, unknown>>(),
    /** The stored file the job made (files go through the storage driver), and the name to save it as. */
    resultFileKey: text('result_file_key'),
    resultFileName: text('result_file_name'),
    /** Why it failed, in Chinese. */
    error: text('error').notNull().default(''),
    /** How many times a worker took it up (a restart mid-run makes it run again, up to a limit). */
    attempts: integer('attempts').notNull().default(0),
    worker: text('worker'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('job_creator').on(t.companyId, t.createdBy, t.createdAt), index('job_status').on(t.status, t.heartbeatAt)],
);
