import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.js';

/** The pg-boss queue every job goes through; a message is `{ jobId }`, the job itself is the `job` row. */
export const QUEUE_NAME = 'zhaokao-job';

/** What carries a job's id from the call that made it to a worker (in this process or another). */
export interface JobTransport {
  /** No other server process uses the database (PGlite): at start, every job left running was this one's before. */
  readonly onlyProcess: boolean;
  /** Starts taking jobs: `run` is called with each job's id, at most `workers` at a time in this process. */
  start(run: (jobId: string) => Promise<void>): Promise<void>;
  send(jobId: string): Promise<void>;
  /** The ids of the queued jobs that have a message waiting or being worked on; undefined when the transport cannot tell. */
  pendingJobIds(): Promise<Set<string> | undefined>;
  /** Stops taking jobs and closes; the jobs being run are the caller's to finish or interrupt first. */
  stop(): Promise<void>;
}

/**
 * pg-boss's `db` over PGlite's one connection: a statement with parameters through `query`, a script without
 * (pg-boss's schema and its locked migrations are several statements) through `exec`, answering the last statement's rows.
 */
export function pgliteExecutor(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

export interface QueueOptions {
  /** Jobs this process runs at a time. */
  workers: number;
  /** How often an idle worker asks for a job (a job sent by this process wakes its workers at once). */
  pollingSeconds?: number;
}

/**
 * The job queue on pg-boss, in the database itself (schema `pgboss`): on PostgreSQL with a few connections of its
 * own, on PGlite through its one connection. Every process on the database takes jobs from it.
 */
export class PgBossQueue implements JobTransport {
  readonly onlyProcess: boolean;
  private readonly boss: PgBoss;
  private workerIds: string[] = [];

  constructor(
    database: Pick<Database, 'kind' | 'url' | 'pglite'>,
    private readonly options: QueueOptions,
    onError: (error: Error) => void,
  ) {
    this.onlyProcess = database.kind === 'pglite';
    const connection =
      database.kind === 'pglite' ? { db: pgliteExecutor(database.pglite!) } : { connectionString: database.url!, max: 3, application_name: 'zhaokao-jobs' };
    // pg-boss's own cron is not used; its maintenance (expiring, archiving, deleting its messages) is.
    this.boss = new PgBoss({ ...connection, schedule: false });
    this.boss.on('error', onError);
  }

  async start(run: (jobId: string) => Promise<void>) {
    await this.boss.start();
    await this.ensureQueue();
    for (let i = 0; i < this.options.workers; i++) {
      const id = await this.boss.work<{ jobId: string }>(
        QUEUE_NAME,
        { pollingIntervalSeconds: this.options.pollingSeconds ?? 2 },
        async ([message]) => run(message!.data.jobId),
      );
      this.workerIds.push(id);
    }
  }

  /**
   * Makes the queue unless it exists. Two processes starting at once on a new database both make it, and PostgreSQL
   * may end one of them as a deadlock: that one finds it made on its next try.
   */
  private async ensureQueue() {
    for (let attempt = 1; ; attempt++) {
      try {
        if (await this.boss.getQueue(QUEUE_NAME)) return;
        // A message whose worker died is delivered again after an hour (our own recovery is much sooner, see jobs.ts).
        await this.boss.createQueue(QUEUE_NAME, { name: QUEUE_NAME, retryLimit: 5, retryDelay: 5, expireInSeconds: 3600 });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  async send(jobId: string) {
    await this.boss.send(QUEUE_NAME, { jobId });
    for (const id of this.workerIds) this.boss.notifyWorker(id);
  }

  async pendingJobIds() {
    const rows = await this.boss
      .getDb()
      .executeSql(`select data->>'jobId' as "jobId" from pgboss.job where name = $1 and state < 'completed'`, [QUEUE_NAME]);
    return new Set(rows.rows.map((row: { jobId: string }) => row.jobId));
  }

  async stop() {
    this.workerIds = [];
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}

/**
 * Jobs run in this process as soon as they are sent, without a queue: for tests that do not start one (starting
 * pg-boss adds about 0.2 s to each test app on PGlite). A job sent here is lost with the process.
 */
export class InProcessQueue implements JobTransport {
  /** Tests may run two apps on one database: neither takes the other's running jobs for dead at its start. */
  readonly onlyProcess = false;
  private run: ((jobId: string) => Promise<void>) | undefined;

  async start(run: (jobId: string) => Promise<void>) {
    this.run = run;
  }

  async send(jobId: string) {
    const run = this.run;
    if (!run) return;
    setImmediate(() => void run(jobId).catch(() => undefined));
  }

  async pendingJobIds() {
    return undefined;
  }

  async stop() {
    this.run = undefined;
  }
}
