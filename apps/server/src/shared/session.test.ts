import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSession } from '../db/tables.js';
import { type TestApp, createTestApp } from '../test/app.js';
import { sha256 } from './crypto.js';
import { SessionStore } from '../features/auth/sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Ends a session in the database alone, as another server process would. */
const endElsewhere = (token: string) =>
  t.db.update(userSession).set({ endedAt: new Date(), endReason: 'logout' }).where(eq(userSession.tokenHash, sha256(token)));

const codeOf = (lookup: Promise<unknown>) =>
  lookup.then(
    () => 200,
    (error: { code: number }) => error.code,
  );

describe('SessionStore', () => {
  it('keeps a checked session for its cache time, and reads it again after forget()', async () => {
    const store = new SessionStore(t.db, 60);
    const token = await t.login('admin');
    const session = await store.fromToken(token);
    expect(session).toMatchObject({ companyId: expect.any(Number), userId: expect.any(Number) });
    await endElsewhere(token);
    expect(await store.fromToken(token)).toEqual(session);
    store.forget();
    expect(await codeOf(store.fromToken(token))).toBe(50008);
  });

  it('reads every time when the cache time is 0', async () => {
    const store = new SessionStore(t.db, 0);
    const token = await t.login('admin');
    await store.fromToken(token);
    await endElsewhere(token);
    expect(await codeOf(store.fromToken(token))).toBe(50008);
  });

  it('does not keep a row read before a forget() that came while it was being read', async () => {
    const store = new SessionStore(t.db, 60);
    const token = await t.login('admin');
    const reading = store.fromToken(token);
    store.forget();
    await reading;
    await endElsewhere(token);
    expect(await codeOf(store.fromToken(token))).toBe(50008);
  });

  it('still answers 50014 for a cached session once it expires', async () => {
    const store = new SessionStore(t.db, 60);
    const token = await t.login('admin');
    await t.db
      .update(userSession)
      .set({ expiresAt: new Date(Date.now() + 1000) })
      .where(eq(userSession.tokenHash, sha256(token)));
    await store.fromToken(token);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await codeOf(store.fromToken(token))).toBe(50014);
  });

  it('answers 50008 for a missing or unknown token', async () => {
    const store = new SessionStore(t.db, 60);
    expect(await codeOf(store.fromToken(undefined))).toBe(50008);
    expect(await codeOf(store.fromToken('forged'))).toBe(50008);
  });
});
