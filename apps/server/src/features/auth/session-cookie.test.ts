import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { staffUser, userSession } from '../../db/tables.js';
import { readConfig } from '../../shared/config.js';
import { sha256 } from '../../shared/crypto.js';
import { LocalStorage } from '../../shared/storage.js';
import { DEMO_PASSWORD, type TestApp, createTestApp, expectError } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOST = 'zhaokao.example';
const SAME_SITE = `http://${HOST}`;
const OTHER_SITE = 'https://evil.example';

type App = TestApp['app'];

function signIn(app: App, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/app/company/companyLogin',
    headers: { host: HOST, ...headers },
    payload: { loginAccount: 'admin', password: DEMO_PASSWORD },
  });
}

/** The value of the session cookie a sign-in answered. */
async function cookieSession() {
  const res = await signIn(t.app);
  expect(res.json().code).toBe(200);
  return res.cookies.find((c) => c.name === 'Admin-Token')!.value;
}

const saveName = (name: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/company/updateMyInfo',
    headers: { host: HOST, ...headers },
    payload: { name },
  });

const adminName = async () =>
  (await t.db.select({ name: staffUser.name }).from(staffUser).where(eq(staffUser.loginAccount, 'admin')))[0]!.name;

describe('session cookie', () => {
  it('is set at sign-in: HttpOnly, SameSite=Lax, Path=/, as long as the session, not Secure over http', async () => {
    const res = await signIn(t.app);
    const body = res.json();
    expect(body.code).toBe(200);
    // API clients still get the token in the answer (SPEC §7).
    expect(body.data.token.length).toBeGreaterThanOrEqual(43);
    const header = String(res.headers['set-cookie']);
    expect(header).toContain(`Admin-Token=${body.data.token}`);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).toMatch(/; Max-Age=86400(;|$)/);
    expect(header).not.toMatch(/Secure/);
  });

  it('is Secure over HTTPS: behind a proxy only when TRUST_PROXY says to believe it', async () => {
    const overHttps = { 'x-forwarded-proto': 'https' };
    // Without TRUST_PROXY anyone could send the header, so it is not believed.
    expect(String((await signIn(t.app, overHttps)).headers['set-cookie'])).not.toMatch(/Secure/);

    const dataDir = path.join(t.uploadsDir, '..');
    const behindProxy = await buildApp({
      db: t.db,
      storage: new LocalStorage(t.uploadsDir),
      config: { ...readConfig({ TRUST_PROXY: 'true' }), dataDir, logLevel: 'silent', webDist: path.join(dataDir, 'no-web') },
    });
    try {
      const res = await signIn(behindProxy, overHttps);
      expect(res.json().code).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
      expect(String((await signIn(behindProxy)).headers['set-cookie'])).not.toMatch(/Secure/);
    } finally {
      await behindProxy.close();
    }
  });

  it('alone signs a GET and a same-site POST in', async () => {
    const token = await cookieSession();
    const cookies = { 'Admin-Token': token };
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/home/overview', headers: { host: HOST }, cookies });
    expect(overview.json()).toMatchObject({ code: 200, data: { company: { name: '湘江人力资源服务集团有限公司' } } });

    const fromThisSite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/company/updateMyInfo',
      headers: { host: HOST, origin: SAME_SITE },
      cookies,
      payload: { name: '王敏一' },
    });
    expect(fromThisSite.json()).toMatchObject({ code: 200, msg: '保存成功' });
    expect(await adminName()).toBe('王敏一');

    // A page's Referer names the site when it sends no Origin; curl and scripts send neither.
    expect((await saveName('王敏二', { cookie: `Admin-Token=${token}`, referer: `${SAME_SITE}/company/myInfo` })).json().code).toBe(200);
    expect((await saveName('王敏', { cookie: `Admin-Token=${token}` })).json().code).toBe(200);
    expect(await adminName()).toBe('王敏');
  });

  it('is refused on a POST from another site, and nothing changes', async () => {
    const token = await cookieSession();
    const cookie = `Admin-Token=${token}`;
    const fromElsewhere: Record<string, string>[] = [
      { cookie, origin: OTHER_SITE },
      { cookie, referer: `${OTHER_SITE}/trap.html` },
      { cookie, origin: 'null' },
      // The same host name on another port is another site's page too.
      { cookie, origin: `http://${HOST}:8443` },
    ];
    for (const headers of fromElsewhere) {
      const res = await saveName('被篡改', headers);
      expectError(res, 403, '请求来自其他网站，已拒绝');
    }
    expect(await adminName()).toBe('王敏');
  });

  it('does not let another site sign in or ask for a reset code', async () => {
    const before = (await t.db.select().from(userSession)).length;
    const res = await signIn(t.app, { origin: OTHER_SITE });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await t.db.select().from(userSession)).length).toBe(before);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/app/company/sendResetCode',
      headers: { host: HOST, origin: OTHER_SITE },
      payload: { loginAccount: 'admin' },
    });
    expect(reset.statusCode).toBe(403);
  });

  it('leaves X-Token calls alone: another site cannot set that header', async () => {
    const token = await t.login('admin');
    const res = await saveName('王敏', { 'x-token': token, origin: OTHER_SITE });
    expect(res.json()).toMatchObject({ code: 200, msg: '保存成功' });
  });

  it('is cleared at logout, and the old cookie no longer signs in', async () => {
    const token = await cookieSession();
    const cookie = `Admin-Token=${token}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { host: HOST, origin: SAME_SITE, cookie } });
    expect(res.json().code).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'Admin-Token')!;
    expect(cleared.value).toBe('');
    expect(cleared.maxAge).toBe(0);
    expect(cleared.path).toBe('/');
    expect(cleared.httpOnly).toBe(true);

    const after = await t.app.inject({ method: 'GET', url: '/api/admin/home/overview', headers: { host: HOST, cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(50008);
  });

  it.each([
    ['expired', { expiresAt: new Date(Date.now() - 1000) }],
    ['ended elsewhere', { endedAt: new Date(), endReason: 'elsewhere' }],
    ['signed out', { endedAt: new Date(), endReason: 'logout' }],
  ] as const)('is cleared at 重新登录 when the session has %s, which answers 401 to every other call', async (_, end) => {
    const token = await cookieSession();
    await t.db.update(userSession).set(end).where(eq(userSession.tokenHash, sha256(token)));
    const cookie = `Admin-Token=${token}`;
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/home/overview', headers: { host: HOST, cookie } });
    expect(refused.statusCode).toBe(401);
    expect(refused.cookies.find((c) => c.name === 'Admin-Token')).toBeUndefined();

    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { host: HOST, origin: SAME_SITE, cookie } });
    expect(res.json()).toMatchObject({ code: 200 });
    const cleared = res.cookies.find((c) => c.name === 'Admin-Token')!;
    expect(cleared.value).toBe('');
    expect(cleared.maxAge).toBe(0);
  });

  it('is cleared at logout without any session, and another site cannot sign anyone out', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { host: HOST, origin: SAME_SITE } });
    expect(none.json()).toMatchObject({ code: 200 });
    const token = await cookieSession();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { host: HOST, origin: OTHER_SITE, cookie: `Admin-Token=${token}` },
    });
    expect(forged.statusCode).toBe(403);
    const [row] = await t.db.select().from(userSession).where(eq(userSession.tokenHash, sha256(token)));
    expect(row!.endedAt).toBeNull();
  });
});
