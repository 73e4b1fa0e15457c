import * as contracts from '@zhaokao/contracts';
import { ALL_PERMISSIONS, type Endpoint } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { staffUser, sysRole } from './db/tables.js';
import { hashPassword } from './shared/crypto.js';
import { useTestApp } from './test/app.js';

/** Every endpoint the contracts declare, so that a new one is walked without anyone adding it here. */
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'input' in value;
const endpoints = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) =>
  isEndpoint(value) ? [[name, value] as const] : [],
);

/** The input of a call without any body or query: each path parameter is 1. */
const pathOnlyInput = (ep: Endpoint) => Object.fromEntries([...ep.path.matchAll(/:([A-Za-z]+)/g)].map((match) => [match[1]!, 1]));

const t = useTestApp();

const tokens = new Map<string, Promise<string>>();
const tokenWithout = (missing: readonly string[]) => {
  const name = `without ${[...missing].sort().join(' ')}`;
  if (!tokens.has(name)) tokens.set(name, signInWithout(name, missing));
  return tokens.get(name)!;
};

/**
 * Signs in a new staff member of the first company whose role holds every permission but `missing`; with
 * `passwordMustChange`, one whose password someone else set.
 */
async function signInWithout(name: string, missing: readonly string[], passwordMustChange = false) {
  const [role] = await t.db
    .insert(sysRole)
    .values({ companyId: t.company1, name, permissions: ALL_PERMISSIONS.filter((p) => !missing.includes(p)) })
    .returning({ id: sysRole.id });
  const loginAccount = `walk${role!.id}`;
  await t.db.insert(staffUser).values({
    companyId: t.company1,
    roleId: role!.id,
    loginAccount,
    passwordHash: await hashPassword('Walk2026pass'),
    name,
    passwordMustChange,
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
      const res = await t.call(ep, pathOnlyInput(ep));
      expect(res.status).toBe(401);
      expect(res).toMatchObject({ code: 50008, data: null });
    },
  );

  it.each(endpoints.filter(([, ep]) => ep.auth && ep.permissions.length > 0))(
    '%s answers 403 to a user without its permission',
    async (_name, ep) => {
      const token = await tokenWithout(ep.permissions);
      const res = await t.call(ep, pathOnlyInput(ep), { token });
      expect(res.status).toBe(403);
      expect(res).toMatchObject({ code: 403, msg: '您没有执行该操作的权限', data: null });
    },
  );
});

describe('a user whose password someone else set (initial or reset)', () => {
  let signedIn: Promise<string> | undefined;
  const mustChange = () => (signedIn ??= signInWithout('must change', [], true));

  it.each(endpoints.filter(([, ep]) => ep.auth && !ep.beforeOwnPassword))(
    '%s answers 403 until the password is changed',
    async (_name, ep) => {
      const res = await t.call(ep, pathOnlyInput(ep), { token: await mustChange() });
      expect(res.status).toBe(403);
      expect(res).toMatchObject({ code: 403, msg: contracts.PASSWORD_MUST_CHANGE_MESSAGE, data: null });
    },
  );

  it('may read the session, change the password and sign out', async () => {
    expect(endpoints.filter(([, ep]) => ep.beforeOwnPassword).map(([name]) => name).sort()).toEqual(['getCompanyUserInfo', 'updatePassword']);
    // signing out needs no session at all
    expect(await t.call(contracts.logout, {}, { token: await mustChange() })).toMatchObject({ code: 200 });
  });
});
