// runs on PostgreSQL too: two server processes on one PostgreSQL database (LISTEN/NOTIFY, periods claimed once, shared limits); PGlite serves one process only
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ResultCode, getCompanyUserInfo, logout, resetStaffPassword, saveCompanyRecharge, setStaffEnabled } from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from './app.js';
import type { Db } from './db/client.js';
import { claimPeriod, schedulePeriodic } from './db/periodic.js';
import { companyOrder, staffUser, userSession } from './db/tables.js';
import { sha256 } from './shared/crypto.js';
import { DEMO_PASSWORD, type TestApp, createTestApp } from './test/app.js';
import { startServerProcess, waitFor } from './test/server-process.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const HOUR = 3600;

/** Two apps on one database, each with its own connections and listener, as two server processes are. */
function twoProcesses(options: Parameters<typeof createTestApp>[0] = {}) {
  const apps = {} as { a: TestApp; b: TestApp };
  beforeAll(async () => {
    apps.a = await createTestApp(options);
    apps.b = await createTestApp({ ...options, sameDatabaseAs: apps.a });
  });
  afterAll(async () => {
    await apps.b?.close();
    await apps.a?.close();
  });
  return apps;
}

const info = (t: TestApp, token: string) => t.call(getCompanyUserInfo, {}, { token });
const codeOf = async (t: TestApp, token: string) => (await info(t, token)).code;

describe.runIf(onPostgres)('a session ended on one process is refused by the other at once', () => {
  const p = twoProcesses({ sessionCacheSeconds: HOUR });
  let admin: string;
  let shenheId: number;
  beforeAll(async () => {
    admin = await p.a.login('admin');
    const [shenhe] = await p.a.db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.loginAccount, 'shenhe'));
    shenheId = shenhe!.id;
  });

  it('keeps the session cached for the hour (what the notifications have to undo)', async () => {
    const token = await p.a.login('admin');
    expect(await codeOf(p.b, token)).toBe(ResultCode.OK);
    // ended in the database alone, without a word to the processes: B still answers from its cache
    await p.a.db.update(userSession).set({ endedAt: new Date(), endReason: 'logout' }).where(eq(userSession.tokenHash, sha256(token)));
    expect(await codeOf(p.b, token)).toBe(ResultCode.OK);
  });

  it('logout on A: the next call on B is refused', async () => {
    const token = await p.a.login('admin');
    expect(await codeOf(p.a, token)).toBe(ResultCode.OK);
    expect(await codeOf(p.b, token)).toBe(ResultCode.OK);
    expect((await p.a.call(logout, {}, { token })).code).toBe(ResultCode.OK);
    expect(await codeOf(p.b, token)).toBe(ResultCode.TOKEN_ILLEGAL);
    expect(await codeOf(p.a, token)).toBe(ResultCode.TOKEN_ILLEGAL);
  });

  it('logout on B: the next call on A is refused', async () => {
    const token = await p.b.login('admin');
    expect(await codeOf(p.a, token)).toBe(ResultCode.OK);
    expect((await p.b.call(logout, {}, { token })).code).toBe(ResultCode.OK);
    expect(await codeOf(p.a, token)).toBe(ResultCode.TOKEN_ILLEGAL);
  });

  it('a password reset by the administrator on A: the staff member’s next call on B is refused', async () => {
    const token = await p.b.login('shenhe');
    expect(await codeOf(p.b, token)).toBe(ResultCode.OK);
    expect((await p.a.call(resetStaffPassword, { id: shenheId, newPassword: DEMO_PASSWORD }, { token: admin })).code).toBe(ResultCode.OK);
    expect(await codeOf(p.b, token)).toBe(ResultCode.TOKEN_ELSEWHERE);
  });

  it('an account disabled on A: its next call on B is refused, and it signs in again once enabled', async () => {
    const token = await p.b.login('shenhe');
    expect(await codeOf(p.b, token)).toBe(ResultCode.OK);
    expect((await p.a.call(setStaffEnabled, { id: shenheId, enabled: false }, { token: admin })).code).toBe(ResultCode.OK);
    expect(await codeOf(p.b, token)).toBe(ResultCode.TOKEN_ELSEWHERE);
    expect((await p.a.call(setStaffEnabled, { id: shenheId, enabled: true }, { token: admin })).code).toBe(ResultCode.OK);
    expect(await codeOf(p.b, await p.b.login('shenhe'))).toBe(ResultCode.OK);
  });

  it('a lost listening connection: nothing is cached until it is back, then notifications work again', async () => {
    const listening = () => p.b.app.deps.notifications!.listening;
    expect(listening()).toBe(true);
    const token = await p.a.login('admin');
    expect(await codeOf(p.b, token)).toBe(ResultCode.OK);
    // the database ends both processes' listening connections (a restart or a network fault would)
    await p.a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = 'zhaokao-listener'`);
    await waitFor(() => !listening());
    // while B does not listen, a change it is not told of is seen anyway: it reads the session every time
    await p.a.db.update(userSession).set({ endedAt: new Date(), endReason: 'logout' }).where(eq(userSession.tokenHash, sha256(token)));
    expect(await codeOf(p.b, token)).toBe(ResultCode.TOKEN_ILLEGAL);
    await waitFor(listening);
    const again = await p.a.login('admin');
    expect(await codeOf(p.b, again)).toBe(ResultCode.OK);
    expect((await p.a.call(logout, {}, { token: again })).code).toBe(ResultCode.OK);
    expect(await codeOf(p.b, again)).toBe(ResultCode.TOKEN_ILLEGAL);
  });
});

describe.runIf(onPostgres)('periodic work runs once per period across processes', () => {
  const p = twoProcesses();

  it('of 20 claims of one period made at once from both processes, one wins', async () => {
    const task = `claim-${Math.random()}`;
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => claimPeriod((i % 2 ? p.a : p.b).db, task, HOUR)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimPeriod(p.a.db, task, HOUR)).toBe(false);
  });

  it('a task scheduled every second on both processes runs once each second', async () => {
    const task = `tick-${Math.random()}`;
    const runs: number[] = [];
    const processes = [p.a, p.b].map((t) => {
      const app = Fastify();
      app.decorate('deps', { db: t.db } as Deps);
      schedulePeriodic(app, task, 1, async () => {
        runs.push(Math.floor(Date.now() / 1000));
      });
      return app;
    });
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await Promise.all(processes.map((app) => app.close()));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(runs).size).toBe(runs.length);
  });

  it('the order sweep scheduled on both processes closes an expired order', async () => {
    const sweeping = await Promise.all([1, 2].map(() => createTestApp({ sameDatabaseAs: p.a, payment: { orderSweepSeconds: 1 } })));
    try {
      const admin = await p.a.login('admin');
      const order = (await p.a.call(saveCompanyRecharge, { amountY: '10' }, { token: admin })).data;
      await p.a.db.update(companyOrder).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(companyOrder.id, order.id));
      await waitFor(async () => (await orderStatus(p.a.db, order.id)) === 2, 5000);
    } finally {
      await Promise.all(sweeping.map((t) => t.close()));
    }
  });
});

describe.runIf(onPostgres)('rate limits are shared by the processes', () => {
  const p = twoProcesses({ rateLimits: { signIn: 4 } });

  it('sign-ins from one address count together on both processes', async () => {
    const statuses = [];
    for (const t of [p.a, p.b, p.a, p.b, p.a, p.b]) statuses.push((await signIn(t)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });
});

describe.runIf(onPostgres)('two real server processes (main.ts)', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = await mkdtemp(path.join(tmpdir(), 'zhaokao-processes-'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('share sessions, and each finishes a request under way when told to stop; a second signal ends it at once', async () => {
    const [one, two] = await Promise.all([startServer(t.databaseUrl!, dataDir), startServer(t.databaseUrl!, dataDir)]);
    try {
      const token = (await one.post('/api/app/company/companyLogin', { loginAccount: 'admin', password: DEMO_PASSWORD })).data.token as string;
      expect((await two.post('/api/admin/company/getCompanyUserInfo', {}, token)).code).toBe(ResultCode.OK);
      expect((await one.post('/api/user/logout', {}, token)).code).toBe(ResultCode.OK);
      expect((await two.post('/api/admin/company/getCompanyUserInfo', {}, token)).code).toBe(ResultCode.TOKEN_ILLEGAL);

      // a request held up by a row lock is under way when the signal comes: it is answered, then the process ends
      const other = (await two.post('/api/app/company/companyLogin', { loginAccount: 'admin', password: DEMO_PASSWORD })).data.token as string;
      const stopped = await whileRowLocked(t, async (release) => {
        const answer = two.post('/api/admin/company/updateMyInfo', { name: '管理员' }, other);
        await new Promise((resolve) => setTimeout(resolve, 300));
        two.process.kill('SIGTERM');
        await waitFor(() => two.log().includes('shutting down'));
        // no new connections; a request on a connection still open is answered 503
        const refused = await fetch(`${two.url}/api/health`).then((res) => res.status, () => 'refused');
        expect([503, 'refused']).toContain(refused);
        release();
        expect((await answer).code).toBe(ResultCode.OK);
        return two.exited;
      });
      expect(stopped, two.log()).toBe(0);
      expect(two.log()).toContain('"msg":"stopped"');

      const again = (await one.post('/api/app/company/companyLogin', { loginAccount: 'admin', password: DEMO_PASSWORD })).data.token as string;
      const forced = await whileRowLocked(t, async () => {
        void one.post('/api/admin/company/updateMyInfo', { name: '管理员' }, again).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 300));
        one.process.kill('SIGTERM');
        await waitFor(() => one.log().includes('shutting down'));
        one.process.kill('SIGTERM');
        return one.exited;
      });
      expect(forced, one.log()).toBe(1);
      expect(one.log()).toContain('second signal: exiting without waiting');
    } finally {
      one.process.kill('SIGKILL');
      two.process.kill('SIGKILL');
    }
  }, 120_000);
});

/** `node src/main.ts` on the database, with an hour's session cache. */
async function startServer(databaseUrl: string, dataDir: string) {
  const server = await startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SESSION_CACHE_SECONDS: String(HOUR) }, 90_000);
  return { ...server, post: (route: string, body: object, token?: string) => server.send('POST', route, body, token) };
}

/** Runs `work` while the admin's staff row is locked by another connection, until `work` releases it (or ends). */
async function whileRowLocked<T>(t: TestApp, work: (release: () => void) => Promise<T>): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = t.db.transaction(async (tx) => {
    await tx.execute(sql`select id from staff_user where login_account = 'admin' for update`);
    locked();
    await released;
  });
  await isLocked;
  try {
    return await work(release);
  } finally {
    release();
    await holding;
  }
}

const signIn = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/app/company/companyLogin',
    payload: { loginAccount: 'nobody', password: 'wrong-pass' },
    remoteAddress: '10.20.30.40',
  });

async function orderStatus(db: Db, id: number) {
  const [row] = await db.select({ status: companyOrder.status }).from(companyOrder).where(eq(companyOrder.id, id));
  return row?.status;
}
