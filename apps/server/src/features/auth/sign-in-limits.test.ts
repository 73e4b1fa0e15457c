import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loginAttempt, passwordResetCode, staffUser, userSession } from '../../db/tables.js';
import { readConfig } from '../../shared/config.js';
import { LocalStorage } from '../../shared/storage.js';
import { type TestApp, DEMO_PASSWORD, createTestApp } from '../../test/app.js';

const mails: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (mail) => void mails.push(mail.text) } });
});
afterAll(() => t.close());

const LOCKED = '密码错误次数过多，账号已锁定，请 15 分钟后再试';
const WRONG = /^账号或密码错误，再错 [0-4] 次账号将锁定 15 分钟$/;

const login = (loginAccount: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/app/company/companyLogin', payload: { loginAccount, password }, remoteAddress });
const sendResetCode = (loginAccount: string) =>
  t.app.inject({ method: 'POST', url: '/api/app/company/sendResetCode', payload: { loginAccount } });
const resetPassword = (loginAccount: string, code: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/app/company/resetPassword', payload: { loginAccount, code, newPassword } });

async function sessionsOf(loginAccount: string) {
  const [user] = await t.db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.loginAccount, loginAccount));
  return t.db.select().from(userSession).where(eq(userSession.userId, user!.id));
}
const unlock = (loginAccount: string) => t.db.delete(loginAttempt).where(eq(loginAttempt.loginAccount, loginAccount));

describe('the sign-in lock under parallel requests', () => {
  it('checks at most 5 passwords of a burst of 30 and locks the rest out', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login('shenhe', `wrong-pass${i}`)));
    const messages = answers.map((r) => r.json().msg as string);
    expect(answers.every((r) => r.statusCode === 400)).toBe(true);
    expect(messages.filter((m) => WRONG.test(m)).length).toBeLessThanOrEqual(4);
    expect(messages.filter((m) => m === LOCKED).length).toBeGreaterThanOrEqual(25);
    expect(messages.filter((m) => !WRONG.test(m) && m !== LOCKED)).toEqual([]);
    expect((await login('shenhe', DEMO_PASSWORD)).json()).toMatchObject({ code: 400, msg: LOCKED });
    await unlock('shenhe');
  });

  it('never signs in once the limit is reached, even with the right password in a burst of 30', async () => {
    for (let i = 0; i < 5; i++) await login('admin', `wrong-pass${i}`);
    const before = (await sessionsOf('admin')).length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('admin', i % 3 === 0 ? DEMO_PASSWORD : `wrong-pass${i}`)),
    );
    expect(answers.map((r) => r.json().code)).not.toContain(200);
    expect(answers.every((r) => r.json().msg === LOCKED)).toBe(true);
    expect((await sessionsOf('admin')).length).toBe(before);
    await unlock('admin');
  });

  it('lets the right password through when it is among the first five tries of a burst', async () => {
    const answers = await Promise.all([login('admin', DEMO_PASSWORD), login('admin', 'wrong-pass1')]);
    expect(answers.map((r) => r.json().code).sort()).toEqual([200, 400]);
    await unlock('admin');
  });

  it('answers an unknown account exactly like a wrong password, and locks it alike', async () => {
    const unknown = await login('no-such-account', 'wrong-pass1');
    const wrong = await login('hospital', 'wrong-pass1');
    expect(unknown.json()).toEqual({ code: 400, msg: '账号或密码错误，再错 4 次账号将锁定 15 分钟', data: null });
    expect(wrong.json()).toEqual(unknown.json());
    for (let i = 0; i < 4; i++) await login('no-such-account', 'wrong-pass1');
    expect((await login('no-such-account', 'wrong-pass1')).json().msg).toBe(LOCKED);
    await unlock('hospital');
  });

  it('locks the account for the failing address only: the owner elsewhere still signs in', async () => {
    for (let i = 0; i < 5; i++) await login('hospital', 'wrong-pass1', '203.0.113.7');
    expect((await login('hospital', DEMO_PASSWORD, '203.0.113.7')).json().msg).toBe(LOCKED);
    expect((await login('hospital', DEMO_PASSWORD, '198.51.100.20')).json().code).toBe(200);
    await unlock('hospital');
  });

  it('lifts the lock from every address once the password is reset by e-mail code', async () => {
    for (let i = 0; i < 5; i++) await login('hospital', 'wrong-pass1', '203.0.113.7');
    expect((await sendResetCode('hospital')).json().code).toBe(200);
    const code = /验证码为 (\d{6})/.exec(mails.at(-1)!)![1]!;
    expect((await resetPassword('hospital', code, 'Hospital2026n')).json().code).toBe(200);
    expect((await login('hospital', 'Hospital2026n', '203.0.113.7')).json().code).toBe(200);
  });
});

describe('reset codes under parallel requests', () => {
  it('sends one code for 30 parallel requests', async () => {
    const before = mails.length;
    const answers = await Promise.all(Array.from({ length: 30 }, () => sendResetCode('shenhe')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429).every((r) => r.json().msg === '验证码已发送，请 60 秒后再试')).toBe(true);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(29);
    expect(mails.length).toBe(before + 1);
    const [user] = await t.db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.loginAccount, 'shenhe'));
    expect(await t.db.select().from(passwordResetCode).where(eq(passwordResetCode.userId, user!.id))).toHaveLength(1);
  });

  it('compares at most 5 guesses of a burst of 30, and then not even the right code', async () => {
    const code = /验证码为 (\d{6})/.exec(mails.at(-1)!)![1]!;
    const wrong = code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
    const answers = await Promise.all(Array.from({ length: 30 }, () => resetPassword('shenhe', wrong, 'Shenhe2026x')));
    const messages = answers.map((r) => r.json().msg as string);
    expect(messages.filter((m) => m === '验证码不正确').length).toBeLessThanOrEqual(5);
    expect(messages.filter((m) => m !== '验证码不正确' && m !== '验证码已失效，请重新获取')).toEqual([]);

    const late = await Promise.all(Array.from({ length: 5 }, () => resetPassword('shenhe', code, 'Shenhe2026y')));
    expect(late.every((r) => r.json().msg === '验证码已失效，请重新获取')).toBe(true);
    expect((await login('shenhe', DEMO_PASSWORD)).json().code).toBe(200);
  });
});

describe('rate limits on the public calls', () => {
  it('answers 429 in Chinese past the limit, counted across server processes sharing the database', async () => {
    const config = { ...readConfig({}), logLevel: 'silent', webDist: '/nonexistent', rateLimits: { signIn: 4, apply: 4, public: 4 } };
    const storage = new LocalStorage(t.uploadsDir);
    const first = await buildApp({ db: t.db, storage, config });
    const second = await buildApp({ db: t.db, storage, config });
    // Counts start over each minute: keep the requests below inside one.
    if (Date.now() % 60_000 > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) + 50));
    try {
      const from = (app: typeof first) =>
        app.inject({
          method: 'POST',
          url: '/api/app/company/companyLogin',
          payload: { loginAccount: 'nobody-here', password: 'x1234567' },
          remoteAddress: '192.0.2.44',
        });
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await from(first), await from(second));
      expect(answers.slice(0, 4).map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
      expect(answers.slice(4).map((r) => r.statusCode)).toEqual([429, 429]);
      const limited = answers[5]!;
      expect(limited.json()).toMatchObject({ code: 429, data: null });
      expect(limited.json().msg).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      // Another client address has its own count, and calls made after login are not limited this way.
      const other = await first.inject({
        method: 'POST',
        url: '/api/app/company/companyLogin',
        payload: { loginAccount: 'nobody-here', password: 'x1234567' },
        remoteAddress: '192.0.2.45',
      });
      expect(other.statusCode).toBe(400);

      // Public files and the other public calls share their own, separate count.
      const files = [];
      for (let i = 0; i < 5; i++) {
        files.push(await first.inject({ method: 'GET', url: '/api/files/1/202611/none.png', remoteAddress: '192.0.2.44' }));
      }
      expect(files.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
