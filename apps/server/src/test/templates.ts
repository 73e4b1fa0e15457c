import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { watchAuditRows } from './audit-coverage.js';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Database, PGLITE_POOL_STATS, gatherStatistics, openDatabase } from '../db/client.js';
import type { Notifications } from '../db/notifications.js';
import { runDemoExams } from '../seed/demo-exams-run.js';
import { runDemoMoney } from '../seed/demo-money.js';
import { seedDemo, seedPlatform } from '../seed/seed.js';
import { type Config, readConfig } from '../shared/config.js';
import type { Mailer } from '../shared/mailer.js';
import type { SmsSender } from '../shared/sms.js';
import type { JobTransport } from '../features/job/index.js';
import { type FileStorage, LocalStorage } from '../shared/storage.js';

/*
 * Every test app starts from a database migrated and seeded once per test run (test/global-setup.ts): the platform,
 * the demo companies and, for `recruitment`, their plans and applications with the demo exams run through the API.
 * A test file copies it: PGlite loads the template's dumped data dir, PostgreSQL clones the template database.
 */

export type DatabaseKind = 'pglite' | 'postgres';
export type TemplateName = 'plain' | 'recruitment';

export interface DatabaseTemplate {
  kind: DatabaseKind;
  /** PGlite: the file holding the dumped data dir; PostgreSQL: the template database's name. */
  source: string;
  /** The files the seed and the demo exams stored, copied into every test app's uploads. */
  uploadsDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: Record<TemplateName, DatabaseTemplate>;
  }
}

export interface AppOptions {
  mailer?: Mailer;
  /** The candidate site's SMS codes; the log unless given. */
  sms?: SmsSender;
  rateLimits?: Partial<Config['rateLimits']>;
  /** Receives the log, from level info up (otherwise the log is silent). */
  logStream?: { write(line: string): void };
  /** Payment settings over the defaults (e.g. a real provider pointed at a local server). */
  payment?: Partial<Config['payment']>;
  /** The job queue (createTestApp makes one with `jobQueue`); without it jobs run in the app's process at once. */
  queue?: JobTransport;
  /** SESSION_CACHE_SECONDS; the default otherwise. */
  sessionCacheSeconds?: number;
  /** PostgreSQL: the database's LISTEN/NOTIFY, as the server is given it (createTestApp passes it). */
  notifications?: Notifications;
  /** Where the app keeps files; `${dataDir}/uploads` on the local disk otherwise. */
  storage?: FileStorage;
}

/** Tests sign in far more often than a person could; `rateLimits` lowers the limits again for the tests of them. */
const GENEROUS_LIMITS = { signIn: 100_000, apply: 100_000, public: 100_000, applyPerPerson: 100_000 };

/** The app the tests call, on `db`, keeping its files under `dataDir`. */
export async function buildTestApp(db: Database['db'], dataDir: string, options: AppOptions = {}) {
  const app = await buildApp(
    {
      db,
      storage: options.storage ?? new LocalStorage(path.join(dataDir, 'uploads')),
      mailer: options.mailer,
      sms: options.sms,
      queue: options.queue,
      notifications: options.notifications,
      config: {
        ...readConfig({}),
        dataDir,
        logLevel: options.logStream ? 'info' : 'silent',
        webDist: path.join(dataDir, 'no-web'),
        rateLimits: { ...GENEROUS_LIMITS, ...options.rateLimits },
        ...(options.sessionCacheSeconds !== undefined && { sessionCacheSeconds: options.sessionCacheSeconds }),
        // The sandbox gateway retries an unanswered notification on the providers' schedule, made fast here; no sweep timer.
        payment: { ...readConfig({}).payment, orderSweepSeconds: 0, sandboxRetryDelaysMs: [30, 30, 60], ...options.payment },
      },
    },
    { logStream: options.logStream },
  );
  watchAuditRows(app, db);
  await app.ready();
  return app;
}

const adminUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the postgres test project needs a PostgreSQL server');
  return url;
};

function urlOf(database: string) {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes the template `name` of `kind` under `dir` (a directory for this test run): a new database, migrated and seeded,
 * with the demo exams run through an app; for PGlite the data dir is dumped to a file.
 */
export async function makeTemplate(kind: DatabaseKind, name: TemplateName, dir: string): Promise<DatabaseTemplate> {
  const dataDir = path.join(dir, name);
  const uploadsDir = path.join(dataDir, 'uploads');
  await mkdir(dataDir, { recursive: true });
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: null });
    try {
      await seedThroughApp(database.db, name, dataDir);
      // as the server does at start (PGlite has no autovacuum)
      await gatherStatistics(database);
      const client = (database.db as unknown as { $client: PGlite }).$client;
      await client.exec('CHECKPOINT');
      const file = path.join(dir, `${name}.tar`);
      await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
      return { kind, source: file, uploadsDir };
    } finally {
      await database.close();
    }
  }
  const databaseName = `zk_template_${name}_${Date.now()}_${Math.random().toString(16).slice(2, 10)}`;
  await asAdmin((admin) => admin.query(`CREATE DATABASE "${databaseName}"`));
  try {
    const database = await openDatabase({ url: urlOf(databaseName) });
    try {
      await seedThroughApp(database.db, name, dataDir);
      // analysed now, so that autovacuum has no reason to connect to the template while test files copy it
      await database.db.execute(sql`VACUUM ANALYZE`);
    } finally {
      await database.close();
    }
  } catch (error) {
    await dropDatabase(databaseName);
    throw error;
  }
  return { kind, source: databaseName, uploadsDir };
}

/** What every test app of template `name` used to do first: the seed, then the demo money and exams through the app. */
async function seedThroughApp(db: Database['db'], name: TemplateName, dataDir: string) {
  await seedPlatform(db);
  const { examRuns, moneyRuns } = await seedDemo(db, { recruitment: name === 'recruitment' });
  const app = await buildTestApp(db, dataDir);
  try {
    await runDemoMoney(app, moneyRuns);
    await runDemoExams(app, examRuns);
  } finally {
    await app.close();
  }
}

export async function dropTemplate(template: DatabaseTemplate) {
  if (template.kind === 'postgres') await dropDatabase(template.source);
}

async function dropDatabase(name: string) {
  await asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** A database for one test file, copied from `template`, that `drop()` removes again. */
export async function databaseFrom(template: DatabaseTemplate): Promise<Database & { drop(): Promise<void> }> {
  if (template.kind === 'pglite') {
    const client = new PGlite({ loadDataDir: new Blob([await readFile(template.source)]) });
    await client.waitReady;
    return { db: drizzle(client), kind: 'pglite', pglite: client, poolStats: () => PGLITE_POOL_STATS, close: () => client.close(), drop: async () => {} };
  }
  const name = `zk_test_${Date.now()}_${Math.random().toString(16).slice(2, 10)}`;
  await asAdmin((admin) => cloneDatabase(admin, template.source, name));
  const database = await openDatabase({ url: urlOf(name) });
  return { ...database, drop: () => dropDatabase(name) };
}

/**
 * PostgreSQL copies a database only while nobody is connected to it; autovacuum may be for a moment after the
 * template was written, so a refusal for that reason is tried again.
 */
async function cloneDatabase(admin: pg.Client, template: string, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Copies the template's stored files (if it has any) into a test app's data dir. */
export async function copyUploads(template: DatabaseTemplate, dataDir: string) {
  await cp(template.uploadsDir, path.join(dataDir, 'uploads'), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
