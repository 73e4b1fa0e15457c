import { randomUUID } from 'node:crypto';
import { JOB_INTERRUPTED, JOB_KINDS, type JobKind } from '@zhaokao/contracts';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/errors.js';
import { afterCommit } from '../../shared/request-transaction.js';
import type { FileStorage } from '../../shared/storage.js';
import type { JobTransport } from './queue.js';
import { job } from './tables.js';

export type JobRow = typeof job.$inferSelect;

export const JOB_TIMING = {
  /** A running job's row is touched this often, even when its progress does not move. */
  heartbeatMs: 10_000,
  /** A running job whose row was not touched for this long belongs to a process that died: it is run again. */
  staleSeconds: 60,
  /** How often each process looks for such jobs (and for queued jobs without a message, and old files). */
  sweepMs: 30_000,
  /** Progress is written to the row at most this often. */
  progressMs: 500,
  /** A job interrupted this many times (a restart each) fails instead of running again. */
  attempts: 3,
  /** A finished job's file is removed this long after it finished. */
  fileHours: 24,
};

export interface JobContext {
  job: JobRow;
  /** The database itself (a worker runs outside any request). */
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /**
   * PGlite: one connection, which a transaction holds until it ends (every other call waits meanwhile); long work is
   * then cut into short transactions. PostgreSQL: the progress is written through another connection, even while the
   * job's own transaction is open.
   */
  oneConnection: boolean;
  /**
   * The progress so far: `done` of `total` units (total and step stay as they were when not given). Written to the
   * row now and then, not awaited; throws once the server is stopping, so that the job ends there and runs again later.
   */
  progress(done: number, total?: number, step?: string): void;
}

export interface JobOutcome {
  /** One sentence for the user (已保存 50000 条成绩). */
  summary: string;
  result?: Record<string, unknown>;
  /** A file for the user to download (a PDF, a workbook): stored, and named `fileName` when downloaded. */
  file?: { body: Buffer; fileName: string; extension: string };
}

export interface JobHandler {
  run(context: JobContext): Promise<JobOutcome>;
  /** The error shown when the work fails for a reason that is not the user's (an AppError's message is shown as it is). */
  failure: string;
}

/** Thrown by `progress` once the server is stopping: the job goes back to the queue. */
class JobInterrupted extends Error {}

/** What a job of a kind's worker needs to know to make a new one: `create` puts it in the request's transaction. */
export interface NewJob {
  companyId: number;
  createdBy: number;
  kind: JobKind;
  title: string;
  params: Record<string, unknown>;
  total?: number;
}

interface Running {
  abort: AbortController;
  finished: Promise<void>;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * 后台任务 of this server process: `create` adds a job row and sends it once the call commits; workers (of the
 * transport: pg-boss, or this process alone in tests) run it with its kind's handler, writing progress and the
 * outcome into the row. A job whose process died mid-run is found by its stale heartbeat (or, on PGlite, at the
 * next start: one process owns the database) and runs again, up to JOB_TIMING.attempts times, then fails with
 * “服务重启，任务中断，请重新提交”. A stopping server lets running jobs finish for `drainMs`, then interrupts them
 * (they go back to the queue).
 */
export class Jobs {
  readonly workerId = randomUUID();
  private readonly handlers = new Map<JobKind, JobHandler>();
  private readonly running = new Map<string, Running>();
  private started = false;
  private stopping = false;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      storage: FileStorage;
      log: FastifyBaseLogger;
      transport: JobTransport;
      drainMs: number;
    },
  ) {}

  handle(kind: JobKind, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  /** Adds a job in `db` (the request's transaction) and sends it to a worker once that commits; answers its id. */
  async create(db: Db, fields: NewJob): Promise<string> {
    const id = randomUUID();
    await db.insert(job).values({ id, ...fields, total: fields.total ?? 0 });
    await afterCommit(() => this.send(id));
    return id;
  }

  /** Jobs waiting or running, by kind (every process's: read from the job table), for the metrics. */
  async depth(): Promise<Record<JobKind, number>> {
    const rows = await this.deps.db
      .select({ kind: job.kind, count: sql<number>`count(*)::int` })
      .from(job)
      .where(inArray(job.status, ['queued', 'running']))
      .groupBy(job.kind);
    const counts = Object.fromEntries(Object.keys(JOB_KINDS).map((kind) => [kind, 0])) as Record<JobKind, number>;
    for (const row of rows) counts[row.kind] = Number(row.count);
    return counts;
  }

  private async send(id: string) {
    try {
      await this.deps.transport.send(id);
    } catch (error) {
      // The row stays queued: the next sweep finds it without a message and sends it again.
      this.deps.log.error({ err: error, jobId: id }, 'job not sent to the queue');
    }
  }

  async start() {
    if (this.started) return;
    this.started = true;
    await this.deps.transport.start((id) => this.run(id));
    await this.sweep(true);
    this.sweepTimer = setInterval(() => {
      this.sweeping ??= this.sweep(false)
        .catch((error: Error) => this.deps.log.warn({ err: error }, 'job sweep failed'))
        .finally(() => (this.sweeping = undefined));
    }, JOB_TIMING.sweepMs);
    this.sweepTimer.unref();
  }

  async stop() {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    clearInterval(this.sweepTimer);
    await this.sweeping;
    const finished = () => Promise.all([...this.running.values()].map((r) => r.finished));
    const drained = await Promise.race([finished().then(() => true), delay(this.deps.drainMs).then(() => false)]);
    if (!drained) {
      this.deps.log.warn({ jobs: [...this.running.keys()] }, 'stopping: interrupting running jobs, they go back to the queue');
      for (const r of this.running.values()) r.abort.abort();
      // One that never reports progress again stays running in its row: the next start or another process runs it again.
      await Promise.race([finished(), delay(5000)]);
    }
    await this.deps.transport.stop();
  }

  /**
   * Jobs left running by a process that died go back to the queue (or fail, after too many tries); queued jobs
   * without a message get one; files of jobs finished long ago are removed.
   */
  private async sweep(atStart: boolean) {
    const { db, transport } = this.deps;
    const dead = atStart && this.deps.transport.onlyProcess ? sql`true` : sql`${job.heartbeatAt} < now() - make_interval(secs => ${JOB_TIMING.staleSeconds})`;
    const gaveUp = sql`${job.attempts} >= ${JOB_TIMING.attempts}`;
    const recovered = await db
      .update(job)
      .set({
        status: sql`case when ${gaveUp} then 'failed' else 'queued' end`,
        error: sql`case when ${gaveUp} then ${JOB_INTERRUPTED} else '' end`,
        finishedAt: sql`case when ${gaveUp} then now() end`,
        worker: null,
        step: '',
      })
      .where(and(eq(job.status, 'running'), sql`${job.worker} is distinct from ${this.workerId}`, dead))
      .returning({ id: job.id, status: job.status });
    if (recovered.length > 0) this.deps.log.warn({ jobs: recovered }, 'jobs of a stopped server process: queued again or failed');

    const queued = await db.select({ id: job.id }).from(job).where(eq(job.status, 'queued'));
    const pending = atStart ? undefined : await transport.pendingJobIds();
    if (atStart || pending) {
      for (const { id } of queued) if (!pending?.has(id)) await this.send(id);
    }

    const expired = await db
      .select({ id: job.id, key: job.resultFileKey })
      .from(job)
      .where(and(isNotNull(job.resultFileKey), lt(job.finishedAt, sql`now() - make_interval(hours => ${JOB_TIMING.fileHours})`)))
      .limit(100);
    for (const { id, key } of expired) {
      await this.deps.storage.remove(key!);
      await db.update(job).set({ resultFileKey: null }).where(eq(job.id, id));
    }
  }

  /** Takes the job if it is still queued (a second message for it, or one for a job taken meanwhile, does nothing). */
  private async run(jobId: string): Promise<void> {
    // pg-boss delivers it again later, to this process after a restart or to another one.
    if (this.stopping) throw new Error('the server is stopping');
    const { db } = this.deps;
    const [claimed] = await db
      .update(job)
      .set({
        status: 'running',
        worker: this.workerId,
        heartbeatAt: sql`now()`,
        attempts: sql`${job.attempts} + 1`,
        startedAt: sql`coalesce(${job.startedAt}, now())`,
        step: '',
        error: '',
      })
      .where(and(eq(job.id, jobId), eq(job.status, 'queued')))
      .returning();
    if (!claimed) return;
    const abort = new AbortController();
    let finish!: () => void;
    this.running.set(jobId, { abort, finished: new Promise<void>((resolve) => (finish = resolve)) });
    try {
      await this.execute(claimed, abort.signal);
    } finally {
      this.running.delete(jobId);
      finish();
    }
  }

  private async execute(row: JobRow, signal: AbortSignal) {
    const { db, storage, log } = this.deps;
    const mine = and(eq(job.id, row.id), eq(job.worker, this.workerId), eq(job.status, 'running'));
    const writer = new ProgressWriter(db, mine, row, log);
    const heartbeat = setInterval(() => writer.write(), JOB_TIMING.heartbeatMs);
    heartbeat.unref();
    const handler = this.handlers.get(row.kind);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${row.kind}`);
      const outcome = await handler.run({
        job: row,
        db,
        storage,
        oneConnection: db instanceof PgliteDatabase,
        log: log.child({ jobId: row.id }),
        progress: (done, total, step) => {
          if (signal.aborted) throw new JobInterrupted();
          writer.set(done, total, step);
        },
      });
      clearInterval(heartbeat);
      await writer.settled();
      let key: string | null = null;
      if (outcome.file) {
        key = `jobs/${row.companyId}/${row.id}-${row.attempts}.${outcome.file.extension}`;
        await storage.put(key, outcome.file.body);
      }
      await db
        .update(job)
        .set({
          status: 'done',
          done: sql`greatest(${job.total}, ${job.done})`,
          step: '',
          result: { ...outcome.result, summary: outcome.summary },
          resultFileKey: key,
          resultFileName: outcome.file?.fileName ?? null,
          finishedAt: sql`now()`,
          heartbeatAt: sql`now()`,
        })
        .where(mine);
    } catch (error) {
      clearInterval(heartbeat);
      await writer.settled();
      if (error instanceof JobInterrupted) {
        // Not the job's fault: back to the queue without counting this try.
        await db.update(job).set({ status: 'queued', worker: null, step: '', attempts: sql`${job.attempts} - 1` }).where(mine);
        await this.send(row.id);
        return;
      }
      const userError = error instanceof AppError;
      if (!userError) log.error({ err: error, jobId: row.id, kind: row.kind }, 'job failed');
      const message = userError ? error.message : (handler?.failure ?? '任务执行失败，请重新提交');
      await db.update(job).set({ status: 'failed', error: message, step: '', finishedAt: sql`now()` }).where(mine);
    }
  }
}

/** Writes a job's progress (and heartbeat) at most every JOB_TIMING.progressMs, the last value last; never awaited by the work. */
class ProgressWriter {
  private done: number;
  private total: number;
  private step: string;
  private lastWrite = 0;
  private writing: Promise<void> | undefined;
  private trailing: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly mine: ReturnType<typeof and>,
    row: JobRow,
    private readonly log: FastifyBaseLogger,
  ) {
    this.done = row.done;
    this.total = row.total;
    this.step = row.step;
  }

  set(done: number, total = this.total, step = this.step) {
    this.done = done;
    this.total = total;
    this.step = step;
    const wait = this.lastWrite + JOB_TIMING.progressMs - Date.now();
    if (wait <= 0) this.write();
    else this.trailing ??= setTimeout(() => this.write(), wait);
  }

  write() {
    clearTimeout(this.trailing);
    this.trailing = undefined;
    if (this.writing) {
      // the one in flight carries older values: write again after it
      this.trailing = setTimeout(() => this.write(), JOB_TIMING.progressMs);
      return;
    }
    this.lastWrite = Date.now();
    this.writing = this.db
      .update(job)
      .set({ done: this.done, total: this.total, step: this.step, heartbeatAt: sql`now()` })
      .where(this.mine)
      .then(
        () => undefined,
        (error: Error) => this.log.warn({ err: error }, 'job progress not written'),
      )
      .finally(() => (this.writing = undefined));
  }

  /** Once the work has ended: no more writes, the one in flight done. */
  async settled() {
    clearTimeout(this.trailing);
    this.trailing = undefined;
    await this.writing;
  }
}

/** A job of the caller's (company and creator), or undefined. */
export async function jobOf(db: Db, id: string, owner: { companyId: number; userId?: number }, kind?: JobKind): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(job)
    .where(
      and(
        eq(job.id, id),
        eq(job.companyId, owner.companyId),
        owner.userId === undefined ? undefined : eq(job.createdBy, owner.userId),
        kind === undefined ? undefined : eq(job.kind, kind),
      ),
    );
  return row;
}

/** Whether the company has a job of `kind` still to finish whose params hold `match` (e.g. the same import). */
export async function unfinishedJobExists(db: Db, companyId: number, kind: JobKind, match: Record<string, unknown>) {
  const [row] = await db
    .select({ id: job.id })
    .from(job)
    .where(
      and(
        eq(job.companyId, companyId),
        eq(job.kind, kind),
        inArray(job.status, ['queued', 'running']),
        sql`${job.params} @> ${JSON.stringify(match)}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
