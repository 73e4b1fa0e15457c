// runs on PostgreSQL too: bursts of parallel sign-ins and reset requests against one lock
import { RESET_CODE_SENT_MESSAGE } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loginAttempt, passwordResetCode, staffUser, userSession } from '../../db/tables.js';
import { takeFromAllowance } from '../../plugins/rate-limit.js';
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
  it('sends one code for 30 parallel requests, answering all alike', async () => {
    const before = mails.length;
    const answers = await Promise.all(Array.from({ length: 30 }, () => sendResetCode('shenhe')));
    expect(new Set(answers.map((r) => r.body))).toEqual(new Set([answers[0]!.body]));
    expect(answers[0]!.json()).toEqual({ code: 200, msg: RESET_CODE_SENT_MESSAGE, data: null });
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
    const config = {
      ...readConfig({}),
      logLevel: 'silent',
      webDist: '/nonexistent',
      rateLimits: { signIn: 4, apply: 4, public: 4, applyPerPerson: 4 },
    };
    const storage = new LocalStorage(t.uploadsDir);
    const first = await buildApp({ db: t.db, storage, config });
    const second = await buildApp({ db: t.db, storage, config });
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

/** Another server on the same database, with these rate limits. */
const limited = (limits: Partial<{ signIn: number; apply: number; public: number; applyPerPerson: number }>) =>
  buildApp({
    db: t.db,
    storage: new LocalStorage(t.uploadsDir),
    config: { ...readConfig({}), logLevel: 'silent', webDist: '/nonexistent', rateLimits: { ...readConfig({}).rateLimits, ...limits } },
  });
/** One request of a 20-a-minute allowance, at `at` (a fake clock). */
const takeAt = (at: number) => takeFromAllowance(t.db, 'test|boundary', 20, 60_000, at);

describe('rate limits without fixed windows', () => {
  it('lets at most the limit through of 40 requests around a minute’s boundary (a fake clock)', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
    const answers = [];
    // 20 in the last second of one minute, 20 in the first second of the next: 40 within 2 seconds.
    for (let i = 0; i < 20; i++) answers.push(await takeAt(minute - 1_000 + i * 50));
    for (let i = 0; i < 20; i++) answers.push(await takeAt(minute + i * 50));
    expect(answers.filter((a) => a.allowed).length).toBe(20);
    const refused = answers.find((a) => !a.allowed)!;
    expect(refused.waitMs).toBeGreaterThan(0);
    expect(refused.waitMs).toBeLessThanOrEqual(3_000);
    // The allowance comes back at an even pace: one request per 3 seconds, the whole of it after a minute.
    expect((await takeAt(minute + 4_000)).allowed).toBe(true);
    expect((await takeAt(minute + 4_100)).allowed).toBe(false);
    const later = [];
    for (let i = 0; i < 25; i++) later.push(await takeAt(minute + 70_000 + i));
    expect(later.filter((a) => a.allowed).length).toBe(20);
  });

  it('lets at most the limit through of a burst of 40 parallel sign-ins', async () => {
    const app = await limited({ signIn: 20 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          app.inject({
            method: 'POST',
            url: '/api/app/company/companyLogin',
            payload: { loginAccount: 'burst-nobody', password: 'x1234567' },
            remoteAddress: '192.0.2.90',
          }),
        ),
      );
      expect(answers.filter((r) => r.statusCode !== 429).length).toBe(20);
      expect(answers.filter((r) => r.statusCode === 429).length).toBe(20);
    } finally {
      await app.close();
    }
  });

  it('apply calls: many people behind one address get through, one person from many addresses does not', async () => {
    const app = await limited({ apply: 300, applyPerPerson: 3 });
    const pay = (identityNo: string, phone: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/open/fee/pay',
        payload: { applicationId: 999999, identityNo, phone, appId: 1 },
        remoteAddress,
      });
    try {
      // A campus network: 60 people from one address, each once.
      const campus = [];
      for (let i = 0; i < 60; i++) campus.push(await pay(`43060219960725${String(1000 + i)}`, `1380000${String(1000 + i)}`, '198.51.100.1'));
      expect(campus.filter((r) => r.statusCode === 429)).toHaveLength(0);
      // One person from ten addresses: their own allowance runs out.
      const one = [];
      for (let i = 0; i < 10; i++) one.push(await pay('430602199607251524', '13900000000', `203.0.113.${i + 1}`));
      expect(one.filter((r) => r.statusCode !== 429)).toHaveLength(3);
      expect(one.at(-1)!.json()).toMatchObject({ code: 429, msg: expect.stringMatching(/^操作过于频繁，请 \d+ 秒后再试$/) });
      // The same phone with another identity number is the same person too.
      expect((await pay('110101199003077777', '13900000000', '203.0.113.50')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
