import {
  CANDIDATE_CODE_SENT_MESSAGE, CANDIDATE_TOKEN_COOKIE, candidateInfo, candidateLogin, candidateLogout,
  registerCandidate, resetCandidatePassword, sendCandidateCode,
} from '@zhaokao/contracts';
import { count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { candidateAccount, candidateCode, candidateSession, loginAttempt } from '../../db/tables.js';
import { sha256 } from '../../shared/crypto.js';
import { type TestApp, createTestApp, expectError, snapshotOf } from '../../test/app.js';
import { CANDIDATE_TEST_PASSWORD, candidateCall, recordingSms, signInCandidate } from '../../test/candidates.js';

const sms = recordingSms();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sms });
});
afterAll(() => t.close());

const SENT = { code: 200, msg: CANDIDATE_CODE_SENT_MESSAGE, data: null };
const NEW_PASSWORD = 'Changed2026pass';

const sendCode = (phone: string, purpose: 'register' | 'reset') => candidateCall(t, sendCandidateCode, { phone, purpose });
/** As if the number's code had been sent more than a minute ago, so that another may be sent. */
const aMinuteLater = (phone: string) =>
  t.db.update(candidateCode).set({ sentAt: sql`now() - interval '61 seconds'` }).where(eq(candidateCode.phone, phone));
const sentTo = (phone: string) => sms.sent.filter((s) => s.phone === phone);
const cookieOf = (res: { cookies: { name: string; value: string; maxAge?: number; expires?: Date }[] }) =>
  res.cookies.find((c) => c.name === CANDIDATE_TOKEN_COOKIE);

describe('a candidate account from sign-up to password reset', () => {
  const phone = '13900001111';
  let first: string;

  it('sends a sign-up code by SMS and signs up with it, signed in at once with the Candidate-Token cookie', async () => {
    expect((await sendCode(phone, 'register')).json()).toEqual(SENT);
    expect(sentTo(phone)).toEqual([{ phone, code: expect.stringMatching(/^\d{6}$/), purpose: 'register' }]);
    const code = sms.codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(await candidateCall(t, registerCandidate, { phone, code: wrong, password: CANDIDATE_TEST_PASSWORD }), 400, '验证码不正确');

    const res = await candidateCall(t, registerCandidate, { phone, code, password: CANDIDATE_TEST_PASSWORD });
    expect(res.json()).toEqual({ code: 200, msg: '注册成功', data: { id: expect.any(Number), phone: '139****1111', token: expect.any(String) } });
    first = res.json().data.token;
    const header = String(res.headers['set-cookie']);
    expect(header).toContain(`${CANDIDATE_TOKEN_COOKIE}=${first}`);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).toMatch(/; Max-Age=86400/);
    expect(header).not.toMatch(/; Secure/);

    // Only hashes are kept: the code, the token and the password.
    const [account] = await t.db.select().from(candidateAccount).where(eq(candidateAccount.phone, phone));
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    const [codeRow] = await t.db.select().from(candidateCode).where(eq(candidateCode.phone, phone));
    expect(codeRow!.codeHash).not.toContain(code);
    expect(codeRow!.usedAt).not.toBeNull();
    const sessions = await t.db.select().from(candidateSession).where(eq(candidateSession.candidateId, account!.id));
    expect(sessions.map((s) => s.tokenHash)).not.toContain(first);

    // The code is spent.
    expectError(await candidateCall(t, registerCandidate, { phone, code, password: CANDIDATE_TEST_PASSWORD }), 400, '验证码已失效，请重新获取');
  });

  it('answers who is signed in, by the header or the cookie, with the number masked', async () => {
    const me = { code: 200, msg: '操作成功', data: { id: expect.any(Number), phone: '139****1111' } };
    expect((await candidateCall(t, candidateInfo, {}, { token: first })).json()).toEqual(me);
    expect((await candidateCall(t, candidateInfo, {}, { cookies: { [CANDIDATE_TOKEN_COOKIE]: first } })).json()).toEqual(me);
    const none = await candidateCall(t, candidateInfo);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 50008, msg: '未登录或登录状态无效，请重新登录', data: null });
  });

  it('sends no second code within the minute, and none for sign-up once the number is registered', async () => {
    const before = sms.sent.length;
    const again = await sendCode(phone, 'register');
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(again.json()).toEqual({ code: 429, msg: `验证码已发送，请 ${wait} 秒后再获取`, data: null });
    await aMinuteLater(phone);
    // A registered number answers the sign-up request like any other, and is sent nothing.
    expect((await sendCode(phone, 'register')).json()).toEqual(SENT);
    expect(sms.sent.length).toBe(before);
  });

  it('signs in with the number and password under the staff lock rule, and out again', async () => {
    expectError(await candidateCall(t, candidateLogin, { phone, password: 'wrong-pass1' }), 400, '账号或密码错误，再错 4 次账号将锁定 15 分钟');
    const signedIn = await candidateCall(t, candidateLogin, { phone, password: CANDIDATE_TEST_PASSWORD });
    expect(signedIn.json()).toEqual({ code: 200, msg: '操作成功', data: { id: expect.any(Number), phone: '139****1111', token: expect.any(String) } });
    const second = signedIn.json().data.token as string;
    expect(cookieOf(signedIn)?.value).toBe(second);
    // A success forgets the failure.
    expect(await t.db.select().from(loginAttempt).where(eq(loginAttempt.loginAccount, `candidate:${phone}`))).toEqual([]);

    const out = await candidateCall(t, candidateLogout, {}, { cookies: { [CANDIDATE_TOKEN_COOKIE]: second } });
    expect(out.json()).toEqual({ code: 200, msg: '操作成功', data: null });
    expect(cookieOf(out)).toMatchObject({ value: '', maxAge: 0, path: '/', httpOnly: true, sameSite: 'Lax' });
    const ended = await candidateCall(t, candidateInfo, {}, { token: second });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ code: 50008, msg: '登录状态无效，请重新登录', data: null });
    // Signing out again, or with no session at all, still clears the cookie.
    for (const options of [{ token: second }, {}, { token: 'forged' }]) {
      const res = await candidateCall(t, candidateLogout, {}, options);
      expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: null });
      expect(cookieOf(res)).toMatchObject({ value: '', maxAge: 0 });
    }
    // The first session is not touched by the second's sign-out.
    expect((await candidateCall(t, candidateInfo, {}, { token: first })).statusCode).toBe(200);
  });

  it('resets the password with a reset code: every session ends and the lock is lifted from every address', async () => {
    for (let i = 0; i < 5; i++) await candidateCall(t, candidateLogin, { phone, password: 'wrong-pass1' }, { remoteAddress: '203.0.113.9' });
    expectError(
      await candidateCall(t, candidateLogin, { phone, password: CANDIDATE_TEST_PASSWORD }, { remoteAddress: '203.0.113.9' }),
      400,
      '密码错误次数过多，账号已锁定，请 15 分钟后再试',
    );
    await aMinuteLater(phone);
    expect((await sendCode(phone, 'reset')).json()).toEqual(SENT);
    expect(sentTo(phone).at(-1)).toMatchObject({ purpose: 'reset' });
    const code = sms.codeFor(phone);
    // A reset code does not sign anyone up, nor a sign-up code reset.
    expectError(await candidateCall(t, registerCandidate, { phone, code, password: NEW_PASSWORD }), 400, '验证码已失效，请重新获取');

    const res = await candidateCall(t, resetCandidatePassword, { phone, code, newPassword: NEW_PASSWORD });
    expect(res.json()).toEqual({ code: 200, msg: '密码已重置，请使用新密码登录', data: null });
    const ended = await candidateCall(t, candidateInfo, {}, { token: first });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ code: 50012, msg: '您的登录已在别处结束（密码已重置），请重新登录', data: null });
    expectError(await candidateCall(t, resetCandidatePassword, { phone, code, newPassword: 'Other2026pass' }), 400, '验证码已失效，请重新获取');

    expectError(await candidateCall(t, candidateLogin, { phone, password: CANDIDATE_TEST_PASSWORD }), 400, '账号或密码错误，再错 4 次账号将锁定 15 分钟');
    const locked = await candidateCall(t, candidateLogin, { phone, password: NEW_PASSWORD }, { remoteAddress: '203.0.113.9' });
    expect(locked.json().code).toBe(200);
  });

  it('answers 50014 once a session has run out', async () => {
    const token = (await candidateCall(t, candidateLogin, { phone, password: NEW_PASSWORD })).json().data.token as string;
    await t.db.update(candidateSession).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(candidateSession.tokenHash, sha256(token)));
    const res = await candidateCall(t, candidateInfo, {}, { token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 50014, msg: '登录已过期，请重新登录', data: null });
  });
});

describe('a registered and an unknown number answer alike', () => {
  const known = '13900002222';
  const unknown = '13900003333';
  beforeAll(() => signInCandidate(t, known));

  it('for a reset code: the same answer and the same statement, but only the registered number gets an SMS', async () => {
    const before = sms.sent.length;
    const answers = [await sendCode(known, 'reset'), await sendCode(unknown, 'reset')];
    expect(answers.map((r) => [r.statusCode, r.json()])).toEqual([
      [200, SENT],
      [200, SENT],
    ]);
    expect(sms.sent.slice(before)).toEqual([{ phone: known, code: expect.any(String), purpose: 'reset' }]);
    // Each number now has a code, so that a second request within the minute is refused alike too.
    const again = [await sendCode(known, 'reset'), await sendCode(unknown, 'reset')];
    expect(again.map((r) => r.statusCode)).toEqual([429, 429]);
    expect(again[1]!.json().msg).toMatch(/^验证码已发送，请 \d+ 秒后再获取$/);
    expect(sms.sent.length).toBe(before + 1);
  });

  it('for a reset with a wrong code, and with no code at all', async () => {
    const wrong = sms.codeFor(known) === '000000' ? '111111' : '000000';
    for (const phone of [known, unknown]) {
      expectError(await candidateCall(t, resetCandidatePassword, { phone, code: wrong, newPassword: NEW_PASSWORD }), 400, '验证码不正确');
    }
    // Numbers that were never sent a code: one registered, one not.
    await signInCandidate(t, '13900004444');
    for (const phone of ['13900004444', '13900005555']) {
      expectError(await candidateCall(t, resetCandidatePassword, { phone, code: wrong, newPassword: NEW_PASSWORD }), 400, '验证码已失效，请重新获取');
    }
  });

  it('for a sign-in: an unknown number is a wrong password', async () => {
    const answers = [
      await candidateCall(t, candidateLogin, { phone: known, password: 'wrong-pass1' }),
      await candidateCall(t, candidateLogin, { phone: unknown, password: 'wrong-pass1' }),
    ];
    expect(answers[1]!.json()).toEqual({ code: 400, msg: '账号或密码错误，再错 4 次账号将锁定 15 分钟', data: null });
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
  });
});

/** What a candidate call could write: the accounts, codes and sessions, the sign-in lock's counts and the SMS sent. */
const snapshot = async () => ({
  ...(await snapshotOf(t, { candidateAccount, candidateCode, candidateSession })()),
  attempts: await t.db.select({ n: count() }).from(loginAttempt).where(like(loginAttempt.loginAccount, 'candidate:%')),
  sent: sms.sent.length,
});

describe('bad input', () => {
  const phone = '13900006666';
  const cases: [typeof sendCandidateCode | typeof registerCandidate | typeof candidateLogin | typeof resetCandidatePassword, object, string][] = [
    [sendCandidateCode, { purpose: 'register' }, '请输入手机号码'],
    [sendCandidateCode, { phone: '', purpose: 'register' }, '请输入手机号码'],
    [sendCandidateCode, { phone: '1390000666', purpose: 'register' }, '请输入正确的手机号码'],
    [sendCandidateCode, { phone: '12900006666', purpose: 'register' }, '请输入正确的手机号码'],
    [sendCandidateCode, { phone: 13900006666, purpose: 'register' }, '请输入手机号码'],
    [sendCandidateCode, { phone }, '验证码用途不正确'],
    [sendCandidateCode, { phone, purpose: 'login' }, '验证码用途不正确'],
    [registerCandidate, { code: '123456', password: CANDIDATE_TEST_PASSWORD }, '请输入手机号码'],
    [registerCandidate, { phone: '139000066667', code: '123456', password: CANDIDATE_TEST_PASSWORD }, '请输入正确的手机号码'],
    [registerCandidate, { phone, password: CANDIDATE_TEST_PASSWORD }, '请输入验证码'],
    [registerCandidate, { phone, code: '12345', password: CANDIDATE_TEST_PASSWORD }, '请输入 6 位数字验证码'],
    [registerCandidate, { phone, code: 'abcdef', password: CANDIDATE_TEST_PASSWORD }, '请输入 6 位数字验证码'],
    [registerCandidate, { phone, code: '123456' }, '请输入密码'],
    [registerCandidate, { phone, code: '123456', password: 'Ab1' }, '密码至少 8 位'],
    [registerCandidate, { phone, code: '123456', password: 'abcdefghij' }, '密码需同时包含字母和数字'],
    [registerCandidate, { phone, code: '123456', password: `A1${'a'.repeat(63)}` }, '密码最长 64 位'],
    [candidateLogin, { password: CANDIDATE_TEST_PASSWORD }, '请输入手机号码'],
    [candidateLogin, { phone: 'abc', password: CANDIDATE_TEST_PASSWORD }, '请输入正确的手机号码'],
    [candidateLogin, { phone }, '请输入密码'],
    [candidateLogin, { phone, password: '' }, '请输入密码'],
    [candidateLogin, { phone, password: 'x'.repeat(65) }, '密码最长 64 位'],
    [resetCandidatePassword, { code: '123456', newPassword: NEW_PASSWORD }, '请输入手机号码'],
    [resetCandidatePassword, { phone: '+8613900006666', code: '123456', newPassword: NEW_PASSWORD }, '请输入正确的手机号码'],
    [resetCandidatePassword, { phone, newPassword: NEW_PASSWORD }, '请输入验证码'],
    [resetCandidatePassword, { phone, code: '1234567', newPassword: NEW_PASSWORD }, '请输入 6 位数字验证码'],
    [resetCandidatePassword, { phone, code: '123456' }, '请输入密码'],
    [resetCandidatePassword, { phone, code: '123456', newPassword: '12345678' }, '密码需同时包含字母和数字'],
  ];

  it.each(cases)('%# %o answers a Chinese 400 and writes nothing', async (ep, input, msg) => {
    // A code for the number, so that a call that got through would change it.
    await sendCode(phone, 'register');
    const before = await snapshot();
    expectError(await candidateCall(t, ep, input as Record<string, unknown>), 400, msg);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the embedded SMS default', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    logged = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => logged?.close());

  it('writes the code to the log, as the e-mail codes are without SMTP, and the code works', async () => {
    const phone = '13900007777';
    expect((await candidateCall(logged, sendCandidateCode, { phone, purpose: 'register' })).json()).toEqual(SENT);
    const entries = lines.map((line) => JSON.parse(line) as { sms?: { phone: string; code: string; purpose: string }; msg: string });
    const sent = entries.filter((entry) => entry.sms);
    expect(sent).toEqual([
      expect.objectContaining({ sms: { phone, purpose: 'register', code: expect.stringMatching(/^\d{6}$/) }, msg: expect.stringContaining('短信（未配置短信服务，仅写入日志）发往 13900007777') }),
    ]);
    const res = await candidateCall(logged, registerCandidate, { phone, code: sent[0]!.sms!.code, password: CANDIDATE_TEST_PASSWORD });
    expect(res.json().code).toBe(200);
  });
});

describe('when the SMS service fails', () => {
  let attempts = 0;
  let failing: TestApp;
  beforeAll(async () => {
    failing = await createTestApp({
      sms: {
        async send() {
          attempts++;
          throw new Error('connection refused');
        },
      },
    });
  });
  afterAll(() => failing?.close());

  const ask = () => candidateCall(failing, sendCandidateCode, { phone: '13900008888', purpose: 'register' });

  it('answers the same (the SMS goes out after the answer), keeps no code, and lets the candidate ask again at once', async () => {
    expect((await ask()).json()).toEqual(SENT);
    await vi.waitFor(async () => expect(await failing.db.select().from(candidateCode)).toHaveLength(0));
    expect((await ask()).json()).toEqual(SENT);
    await vi.waitFor(() => expect(attempts).toBe(2));
  });
});

describe('rate limits per address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { signIn: 3 } });
  });
  afterAll(() => limited?.close());

  it('count sending codes, signing up, signing in and resetting together as sign-in calls', async () => {
    const answers = [
      await candidateCall(limited, sendCandidateCode, { phone: '13900009991', purpose: 'register' }),
      await candidateCall(limited, candidateLogin, { phone: '13900009992', password: 'wrong-pass1' }),
      await candidateCall(limited, registerCandidate, { phone: '13900009993', code: '123456', password: CANDIDATE_TEST_PASSWORD }),
      await candidateCall(limited, resetCandidatePassword, { phone: '13900009994', code: '123456', newPassword: NEW_PASSWORD }),
      await candidateCall(limited, sendCandidateCode, { phone: '13900009995', purpose: 'register' }),
    ];
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 400, 400]);
    for (const res of answers.slice(3)) {
      expect(res.statusCode).toBe(429);
      expect(res.json().msg).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
    }
  });
});
