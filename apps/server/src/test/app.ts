import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Database, openDatabase } from '../db/client.js';
import { seedDemo, seedPlatform, DEMO_PASSWORD } from '../seed/seed.js';
import { type Config, readConfig } from '../shared/config.js';
import type { Mailer } from '../shared/mailer.js';
import { LocalStorage } from '../shared/storage.js';

export { DEMO_PASSWORD };

/** A fresh database for one test file: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
async function freshDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({ dataDir: null });
    return { ...database, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `zk_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Database['db'];
  uploadsDir: string;
  /** Signs in and answers the token. */
  login(loginAccount: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** `recruitment`: seed the demo departments, plans, posts and applications too. */
/** Tests sign in far more often than a person could; `rateLimits` lowers the limits again for the tests of them. */
const GENEROUS_LIMITS = { signIn: 100_000, apply: 100_000, public: 100_000 };

export async function createTestApp(
  options: {
    mailer?: Mailer;
    recruitment?: boolean;
    rateLimits?: Partial<Config['rateLimits']>;
    /** Receives the log, from level info up (otherwise the log is silent). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  await seedPlatform(database.db);
  await seedDemo(database.db, { recruitment: options.recruitment ?? false });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'zhaokao-test-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const app = await buildApp(
    {
      db: database.db,
      storage: new LocalStorage(uploadsDir),
      mailer: options.mailer,
      config: {
        ...readConfig({}),
        dataDir,
        logLevel: options.logStream ? 'info' : 'silent',
        webDist: path.join(dataDir, 'no-web'),
        rateLimits: { ...GENEROUS_LIMITS, ...options.rateLimits },
      },
    },
    { logStream: options.logStream },
  );
  await app.ready();
  return {
    app,
    db: database.db,
    uploadsDir,
    async login(loginAccount, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/app/company/companyLogin', payload: { loginAccount, password } });
      const body = res.json();
      if (body.code !== 200) throw new Error(`login ${loginAccount} failed: ${body.msg}`);
      return body.data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
