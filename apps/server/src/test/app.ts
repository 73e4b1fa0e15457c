import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Endpoint, type InputOf, type OutputOf, fillPath, saveRole, saveStaff } from '@zhaokao/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { staffUser } from '../db/tables.js';
import { DEMO_PASSWORD } from '../seed/seed.js';
import { auditViolationsOf } from './audit-coverage.js';
import { type AppOptions, buildTestApp, copyUploads, databaseFrom } from './templates.js';
import { PgBossQueue } from '../features/job/index.js';

export { DEMO_PASSWORD };

/** An answer as the client reads it: the HTTP status and the parsed body; `data` is null unless `code` is 200. */
export interface Answer<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildTestApp>>;
  db: Database['db'];
  /** PostgreSQL: the database's connection string. */
  databaseUrl?: string;
  uploadsDir: string;
  /** Signs in and answers the token. */
  login(loginAccount: string, password?: string): Promise<string>;
  /** Calls a contract endpoint as the web client does: path parameters filled, the rest as POST body or GET query. */
  call<E extends Endpoint>(ep: E, input: InputOf<E>, options?: { token?: string }): Promise<Answer<OutputOf<E>>>;
  /** A raw POST to `url` (below the host, e.g. `/api/...`), for input the contract's type would not let through; signed in when a token is given. */
  post(url: string, token?: string, payload?: object): Promise<LightMyRequestResponse>;
  /** A raw GET to `url`, signed in when a token is given. */
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The demo accounts (see README), signed in, with their companies and user ids. */
export interface DemoAccounts {
  /** Tokens: `admin` and `shenhe` (reviewer, no system settings) of company 1, `hospital` of company 2. */
  admin: string;
  shenhe: string;
  hospital: string;
  /** 湘江人力资源服务集团有限公司 */
  company1: number;
  /** 江城市第一人民医院 */
  company2: number;
  adminId: number;
  shenheId: number;
  hospitalId: number;
}

interface TestAppOptions extends AppOptions {
  /** Start from the demo departments, plans, posts and applications too, with the demo exams run. */
  recruitment?: boolean;
  /**
   * Run jobs through the job queue (pg-boss on the test's database), as the server does. Off by default: starting it
   * adds about 0.2 s to a test app on PGlite, and jobs then run in the app's process as soon as they are made.
   */
  jobQueue?: boolean;
  /**
   * PostgreSQL: an app on this app's database and files instead of a copy of the template, with connections (and a
   * listener) of its own, as a second server process would be.
   */
  sameDatabaseAs?: TestApp;
}

/**
 * A test app for this test file, made before its tests and closed after them, with the demo accounts signed in.
 * The object is filled in by the time the file's own `beforeAll` hooks run.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp & DemoAccounts {
  const t = {} as TestApp & DemoAccounts;
  beforeAll(async () => {
    const testApp = await createTestApp(options);
    Object.assign(t, testApp, await signInDemo(testApp));
  });
  // `close` is missing when the app could not be made; that failure is the one to report.
  afterAll(() => t.close?.());
  return t;
}

async function signInDemo(t: TestApp): Promise<DemoAccounts> {
  const accounts = ['admin', 'shenhe', 'hospital'] as const;
  const users = await t.db.select().from(staffUser).where(inArray(staffUser.loginAccount, [...accounts]));
  const user = (loginAccount: string) => users.find((u) => u.loginAccount === loginAccount)!;
  const [admin, shenhe, hospital] = await Promise.all(accounts.map((account) => t.login(account)));
  return {
    admin: admin!,
    shenhe: shenhe!,
    hospital: hospital!,
    company1: user('admin').companyId,
    company2: user('hospital').companyId,
    adminId: user('admin').id,
    shenheId: user('shenhe').id,
    hospitalId: user('hospital').id,
  };
}

/** A test app on a copy of the template database (see templates.ts), with its own data dir. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const template = inject('databaseTemplates')[options.recruitment ? 'recruitment' : 'plain'];
  const first = options.sameDatabaseAs;
  const database = first ? await sameDatabase(first) : await databaseFrom(template);
  const dataDir = first ? path.dirname(first.uploadsDir) : await mkdtemp(path.join(tmpdir(), 'zhaokao-test-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  if (!first) await copyUploads(template, dataDir);
  const queue = options.jobQueue
    ? new PgBossQueue(database, { workers: 2, pollingSeconds: 0.5 }, (error) => console.error(`job queue: ${error.message}`))
    : options.queue;
  const app = await buildTestApp(database.db, dataDir, { ...options, notifications: database.notifications, queue });
  return {
    app,
    db: database.db,
    databaseUrl: database.url,
    uploadsDir,
    async login(loginAccount, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/app/company/companyLogin', payload: { loginAccount, password } });
      const body = res.json();
      if (body.code !== 200) throw new Error(`login ${loginAccount} failed: ${body.msg}`);
      return body.data.token as string;
    },
    async call(ep, input, { token } = {}) {
      const values = (input ?? {}) as Record<string, unknown>;
      const pathNames = [...ep.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
      const rest = Object.fromEntries(Object.entries(values).filter(([key, value]) => !pathNames.includes(key) && value !== undefined));
      const res = await app.inject({
        method: ep.method,
        url: `/api${fillPath(ep.path, values)}`,
        headers: token ? { 'x-token': token } : {},
        ...(ep.method === 'GET' ? { query: Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value)])) } : { payload: rest }),
      });
      return { status: res.statusCode, ...res.json() };
    },
    post: (url, token, payload = {}) => app.inject({ method: 'POST', url, headers: token ? { 'x-token': token } : {}, payload }),
    get: (url, token) => app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {} }),
    async close() {
      const violations = auditViolationsOf(app);
      await app.close();
      await database.close();
      await database.drop();
      if (!first) await rm(dataDir, { recursive: true, force: true });
      expect(violations, 'staff writes whose 操作日志 rows were wrong').toEqual([]);
    },
  };
}

/** Another connection pool (and listener) on `first`'s PostgreSQL database, which it leaves in place when closed. */
async function sameDatabase(first: TestApp) {
  if (!first.databaseUrl) throw new Error('sameDatabaseAs: only PostgreSQL databases can be shared by two test apps');
  return { ...(await openDatabase({ url: first.databaseUrl })), drop: async () => {} };
}

/** Asserts an answer refused with `code` as both the HTTP status and the body's code, with `msg` and no data. */
export function expectError(res: { statusCode: number; json(): unknown } | Answer<unknown>, code: number, msg: string) {
  const status = 'statusCode' in res ? res.statusCode : res.status;
  const body = 'statusCode' in res ? res.json() : { code: res.code, msg: res.msg, data: res.data };
  expect(status).toBe(code);
  expect(body).toEqual({ code, msg, data: null });
}

/** Asserts a call made without a session was refused: HTTP 401 and code 50008. */
export function expectNoSession(res: RawAnswer) {
  expect(statusOf(res)).toBe(401);
  expect(codeOf(res)).toBe(50008);
}

/** Asserts a save succeeded and answers the saved record's id. */
export function savedId(res: { json(): { code: number; msg: string; data: { id: number } } }): number {
  expect(res.json()).toMatchObject({ code: 200, msg: '保存成功' });
  return res.json().data.id;
}

/** Makes `count` calls at once and answers their answers in order. */
export const atOnce = <T>(count: number, call: (index: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => call(i)));

/** Opens enough database connections first, so that the calls that follow really run side by side. */
export const warmUp = (call: () => Promise<unknown>) => atOnce(20, call);

type RawAnswer = { statusCode: number; json(): unknown } | Answer<unknown>;
const statusOf = (res: RawAnswer) => ('statusCode' in res ? res.statusCode : res.status);
const codeOf = (res: RawAnswer) => ('statusCode' in res ? (res.json() as { code: number }).code : res.code);

/** Makes the call and asserts it refused with `code` and `msg`, leaving what `snapshot` reads as it was. */
export async function expectRefusedUnchanged(snapshot: () => Promise<unknown>, call: () => Promise<RawAnswer>, code: number, msg: string) {
  const before = await snapshot();
  expectError(await call(), code, msg);
  expect(await snapshot()).toEqual(before);
}

/** Makes a save both as an addition and as an edit of record `id`, and asserts each refused with `code` and `msg`, changing nothing. */
export async function expectAddAndEditRefused(
  snapshot: () => Promise<unknown>,
  save: (input: object) => Promise<RawAnswer>,
  input: object,
  id: number,
  code: number,
  msg: string,
) {
  for (const payload of [input, { ...input, id }]) await expectRefusedUnchanged(snapshot, () => save(payload), code, msg);
}

/**
 * Asserts the refusals of a call on one record of company 1 (`mine`) of what `idOf(what)` reads: each malformed id
 * answers 400 with its message, shenhe (without the permission) 403, and company 2's record, hospital asking for `mine`
 * or an id no record has 404 “<what>不存在”; and that none of them changed what `snapshot` reads.
 */
export async function expectIdRefusals(
  t: DemoAccounts,
  send: (token: string, id: number | string) => Promise<RawAnswer>,
  what: string,
  ids: { mine: number; theirs: number },
  snapshot: () => Promise<unknown> = async () => null,
) {
  const before = await snapshot();
  for (const [id, msg] of [
    ['abc', `${what}编号必须是数字`],
    ['0', `${what}编号必须是正数`],
    ['2147483648', `${what}编号不正确`],
  ]) {
    expectError(await send(t.admin, id!), 400, msg!);
  }
  expect(statusOf(await send(t.shenhe, ids.mine))).toBe(403);
  await expectOthersNotFound(t, send, ids, `${what}不存在`);
  expect(await snapshot()).toEqual(before);
}

/**
 * Asserts that a record is out of reach of the other company: admin asking for company 2's record (`theirs`),
 * hospital asking for company 1's (`mine`) and admin asking for an id no record has are each answered 404 with `msg`;
 * with `snapshot`, each of them changed nothing it reads.
 */
export async function expectOthersNotFound(
  t: DemoAccounts,
  send: (token: string, id: number) => Promise<RawAnswer>,
  ids: { mine: number; theirs: number },
  msg: string,
  snapshot: () => Promise<unknown> = async () => null,
) {
  for (const [token, id] of [
    [t.admin, ids.theirs],
    [t.hospital, ids.mine],
    [t.admin, 999999],
  ] as const) {
    await expectRefusedUnchanged(snapshot, () => send(token, id), 404, msg);
  }
}

/** Asserts that of `answers`, calls made at once, exactly one succeeded and every other was refused with `code` and `msg`. */
export function expectOneSucceeded(answers: RawAnswer[], code: number, msg: string) {
  const codes = answers.map(codeOf);
  expect(codes.filter((c) => c === 200)).toHaveLength(1);
  expect(codes.filter((c) => c === code)).toHaveLength(answers.length - 1);
  expectError(answers.find((res) => statusOf(res) === code)!, code, msg);
}

/** Reads every row of each table, by id, to prove a refused call changed nothing: `snapshotOf(t, { staff: staffUser })`. */
export const snapshotOf =
  <N extends string>(t: { db: Database['db'] }, tables: Record<N, PgTable & { id: AnyPgColumn }>) =>
  async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries<PgTable & { id: AnyPgColumn }>(tables).map(async ([name, table]) => [
          name,
          await t.db.select().from(table).orderBy(asc(table.id)),
        ]),
      ),
    ) as Record<N, unknown[]>;

/**
 * A staff member of company 1 whose role holds only `permissions`, made through the API and signed in: for the
 * 403 cases and for calls made by someone other than the administrator. `phone` defaults to a random one.
 */
export async function staffWith(
  t: TestApp & { admin: string },
  name: string,
  account: string,
  permissions: string[],
  phone = `1370000${String(Math.floor(Math.random() * 9000) + 1000)}`,
): Promise<string> {
  const role = await t.call(saveRole, { name, permissions } as never, { token: t.admin });
  expect(role.code).toBe(200);
  const staff = await t.call(saveStaff, { name, loginAccount: account, phone, roleId: role.data.id, password: DEMO_PASSWORD } as never, {
    token: t.admin,
  });
  expect(staff.code).toBe(200);
  // as if the new staff member had already replaced the initial password with their own
  await t.db.update(staffUser).set({ passwordMustChange: false }).where(eq(staffUser.id, staff.data.id));
  return t.login(account);
}
