import * as contracts from '@zhaokao/contracts';
import { ALL_PERMISSIONS, type Endpoint } from '@zhaokao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, staffUser, sysRole } from './db/schema.js';
import { hashPassword } from './shared/crypto.js';
import { type TestApp, createTestApp } from './test/app.js';

/** Every endpoint the contracts declare, so that a new one is walked without anyone adding it here. */
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'input' in value;
const endpoints = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) =>
  isEndpoint(value) ? [[name, value] as const] : [],
);

const urlOf = (ep: Endpoint) => `/api${ep.path.replace(/:([A-Za-z]+)/g, '1')}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tokens = new Map<string, Promise<string>>();
const tokenWithout = (missing: readonly string[]) => {
  const name = `without ${[...missing].sort().join(' ')}`;
  if (!tokens.has(name)) tokens.set(name, signInWithout(name, missing));
  return tokens.get(name)!;
};

/** Signs in a new staff member of the first company whose role holds every permission but `missing`. */
async function signInWithout(name: string, missing: readonly string[]) {
  const [comp] = await t.db.select({ id: company.id }).from(company).orderBy(company.id).limit(1);
  const [role] = await t.db
    .insert(sysRole)
    .values({ companyId: comp!.id, name, permissions: ALL_PERMISSIONS.filter((p) => !missing.includes(p)) })
    .returning({ id: sysRole.id });
  const loginAccount = `walk${role!.id}`;
  await t.db.insert(staffUser).values({
    companyId: comp!.id,
    roleId: role!.id,
    loginAccount,
    passwordHash: await hashPassword('Walk2026pass'),
    name,
  });
  return t.login(loginAccount, 'Walk2026pass');
}

describe('every contract that needs a session', () => {
  it('has endpoints to walk', () => {
    expect(endpoints.length).toBeGreaterThan(30);
  });

  it.each(endpoints.filter(([, ep]) => ep.auth))(
    '%s answers 50008 without a token',
    async (_name, ep) => {
      const res = await t.app.inject({ method: ep.method, url: urlOf(ep), ...(ep.method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 50008, data: null });
    },
  );

  it.each(endpoints.filter(([, ep]) => ep.auth && ep.permissions.length > 0))(
    '%s answers 403 to a user without its permission',
    async (_name, ep) => {
      const token = await tokenWithout(ep.permissions);
      const res = await t.app.inject({
        method: ep.method,
        url: urlOf(ep),
        headers: { 'x-token': token },
        ...(ep.method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, msg: '您没有执行该操作的权限', data: null });
    },
  );
});
