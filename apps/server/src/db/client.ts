import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { Notifications } from './notifications.js';
import { loadPgliteTemplate } from './pglite-template.js';

/** A database or a transaction on it; queries name their tables (db/tables.ts), so the client holds no schema. */
export type Db = PgDatabase<PgQueryResultHKT>;

type Origin = 'existing' | 'template' | 'initdb';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PGlite only: where the cluster came from. `existing` = the data dir already held one;
   * `template` = loaded from the build-time template (dist/pglite-template.tar.gz);
   * `initdb` = created from scratch by PGlite (no usable template).
   */
  origin?: Origin;
  /** PGlite only: why the template was not used for a new cluster. */
  templateSkipped?: string;
  /** PostgreSQL only: the connection string, for connections outside the pool (e.g. another test app on the same database). */
  url?: string;
  /** PostgreSQL only: LISTEN/NOTIFY between the server processes on this database; closed with it. */
  notifications?: Notifications;
  /** PGlite only: the client itself, for what talks to it directly (the job queue's own SQL). */
  pglite?: PGlite;
  /** The connections now, for the metrics; PGlite is one connection that queues its own queries, so fixed figures. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

function isMissingOrEmpty(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * A new cluster in `dataDir` (missing or empty), loaded from the template with PGlite's `loadDataDir`.
 * `marker` (a file next to the data dir) exists while the template is being written, so a first start
 * interrupted half-way is recognised and started over by the next start. Answers why loading failed
 * (the data dir is then empty again and the caller lets PGlite run initdb as before).
 */
async function loadTemplate(dataDir: string, marker: string, template: Blob): Promise<PGlite | { error: string }> {
  writeFileSync(marker, `${process.pid}\n`);
  const client = new PGlite(dataDir, { loadDataDir: template });
  try {
    await client.waitReady;
  } catch (error) {
    if (!client.closed) await client.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(marker, { force: true });
    return { error: `loading the template failed: ${(error as Error).message}` };
  }
  rmSync(marker);
  return client;
}

async function openPglite(dataDir: string | null): Promise<{ client: PGlite; origin: Origin; templateSkipped?: string }> {
  if (!dataDir) {
    // in memory (tests): the template saves initdb here too
    const template = loadPgliteTemplate(migrationsFolder);
    if (!template.blob) return { client: new PGlite(), origin: 'initdb', templateSkipped: template.reason };
    const client = new PGlite({ loadDataDir: template.blob });
    try {
      await client.waitReady;
      return { client, origin: 'template' };
    } catch (error) {
      if (!client.closed) await client.close().catch(() => {});
      return { client: new PGlite(), origin: 'initdb', templateSkipped: `loading the template failed: ${(error as Error).message}` };
    }
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const marker = `${dataDir}.initializing`;
  const interrupted = existsSync(marker);
  // an interrupted first start: the data dir holds nothing but part of the template
  if (interrupted) rmSync(dataDir, { recursive: true, force: true });
  else if (!isMissingOrEmpty(dataDir)) {
    const origin = existsSync(path.join(dataDir, 'PG_VERSION')) ? 'existing' : 'initdb';
    return { client: new PGlite(dataDir), origin };
  }
  const template = loadPgliteTemplate(migrationsFolder);
  let templateSkipped = template.blob ? undefined : template.reason;
  if (template.blob) {
    const loaded = await loadTemplate(dataDir, marker, template.blob);
    if (loaded instanceof PGlite) return { client: loaded, origin: 'template' };
    templateSkipped = loaded.error;
  }
  rmSync(marker, { force: true });
  return { client: new PGlite(dataDir), origin: 'initdb', templateSkipped };
}

/** Any number; the same in every process, so that one process at a time migrates. */
const MIGRATION_LOCK = 7_120_260_001;

/**
 * Runs the migrations holding a PostgreSQL advisory lock, taken on a connection of its own (the pool may have one
 * connection only): server processes started together migrate one after another, and the later ones find nothing to do.
 */
async function migrateExclusively(url: string, migrate: () => Promise<void>) {
  const lock = new pg.Client({ connectionString: url });
  // without a listener, the loss of this idle connection would end the process; the migration goes on without the lock
  lock.on('error', (error) => console.error(`PostgreSQL migration lock lost: ${error.message}`));
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lock.end();
  }
}

/** PGlite runs one query at a time on its one connection, and queues the rest itself. */
export const PGLITE_POOL_STATS: PoolStats = { total: 1, idle: 1, waiting: 0, max: 1 };

/** PostgreSQL when a URL is given, otherwise PGlite stored in `dataDir` (or in memory when it is null). */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string | null;
  /** PostgreSQL connections per server process. */
  poolSize?: number;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle connection that the server closes (restart, admin command) is dropped from the pool and
    // replaced on the next query; without a listener the 'error' event would end the process.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost while idle: ${error.message}`));
    // pool.end() answers once the pool has let go of its connections, before they have closed;
    // close() waits for them, so a DROP DATABASE right after it finds none.
    const connections = new Set<pg.PoolClient>();
    pool.on('connect', (client) => {
      connections.add(client);
      client.once('end', () => connections.delete(client));
    });
    const db = drizzlePg(pool);
    await migrateExclusively(options.url, () => migratePg(db, { migrationsFolder }));
    const notifications = new Notifications(options.url, pool);
    const close = async () => {
      await notifications.close();
      const closed = [...connections].map((client) => new Promise((resolve) => client.once('end', resolve)));
      await pool.end();
      await Promise.all(closed);
    };
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 0 });
    return { db, kind: 'postgres', url: options.url, notifications, poolStats, close };
  }
  const { client, origin, templateSkipped } = await openPglite(options.dataDir ?? null);
  const db = drizzlePglite(client);
  // a no-op when the cluster is current; applies migrations newer than an existing cluster or the template
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', origin, templateSkipped, pglite: client, poolStats: () => PGLITE_POOL_STATS, close: () => client.close() };
}

/**
 * PGlite runs no autovacuum, so its planner never had statistics and guessed a row or so per table: on the demo data
 * the score pages' list (read again after every score confirmation) took 1.1 s, nested loops going over every
 * application of the company 20 times, instead of 5 ms. Called at every start, once the seed and the demo exams are
 * written (and on the test templates); on PostgreSQL autovacuum does it.
 */
export async function gatherStatistics(database: Pick<Database, 'db' | 'kind'>) {
  if (database.kind === 'pglite') await database.db.execute(sql`ANALYZE`);
}
