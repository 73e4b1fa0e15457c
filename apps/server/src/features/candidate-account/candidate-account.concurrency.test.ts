// runs on PostgreSQL too: bursts of parallel code requests, guesses, sign-ups and sign-ins against one number's code and lock
import { candidateInfo, candidateLogin, registerCandidate, resetCandidatePassword, sendCandidateCode } from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateAccount, candidateCode, candidateSession } from '../../db/tables.js';
import { type TestApp, atOnce, createTestApp, expectOneSucceeded, warmUp } from '../../test/app.js';
import { CANDIDATE_TEST_PASSWORD, candidateCall, recordingSms, signInCandidate } from '../../test/candidates.js';

const sms = recordingSms();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sms });
  await warmUp(() => candidateCall(t, candidateInfo));
});
afterAll(() => t.close());

const CODE_SPENT = '验证码已失效，请重新获取';
const LOCKED = '密码错误次数过多，账号已锁定，请 15 分钟后再试';
const WRONG = /^账号或密码错误，再错 [0-4] 次账号将锁定 15 分钟$/;

const sendCode = (phone: string, purpose: 'register' | 'reset') => candidateCall(t, sendCandidateCode, { phone, purpose });
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');
const accountsOf = (phone: string) => t.db.select().from(candidateAccount).where(eq(candidateAccount.phone, phone));

describe('codes under parallel requests', () => {
  it('sends one code of 30 requests for one number at once; the others answer the wait', async () => {
    const phone = '13700001111';
    const answers = await atOnce(30, () => sendCode(phone, 'register'));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(29);
    for (const res of refused) expect(res.json()).toEqual({ code: 429, msg: expect.stringMatching(/^验证码已发送，请 \d+ 秒后再获取$/), data: null });
    expect(sms.sent.filter((s) => s.phone === phone)).toHaveLength(1);
    expect(await t.db.select().from(candidateCode).where(eq(candidateCode.phone, phone))).toHaveLength(1);
  });

  it('kills a code after 5 of 30 parallel wrong guesses; the right code is refused after them', async () => {
    const phone = '13700002222';
    await sendCode(phone, 'register');
    const code = sms.codeFor(phone);
    const answers = await atOnce(30, () => candidateCall(t, registerCandidate, { phone, code: wrongCodeFor(code), password: CANDIDATE_TEST_PASSWORD }));
    const messages = answers.map((r) => r.json().msg as string);
    expect(answers.every((r) => r.statusCode === 400)).toBe(true);
    expect(messages.filter((m) => m === '验证码不正确')).toHaveLength(5);
    expect(messages.filter((m) => m === CODE_SPENT)).toHaveLength(25);
    const [row] = await t.db.select().from(candidateCode).where(eq(candidateCode.phone, phone));
    expect(row!.attempts).toBe(5);
    const right = await candidateCall(t, registerCandidate, { phone, code, password: CANDIDATE_TEST_PASSWORD });
    expect(right.json()).toEqual({ code: 400, msg: CODE_SPENT, data: null });
    expect(await accountsOf(phone)).toEqual([]);
  });

  it('makes one account of 30 parallel sign-ups of one number with its code', async () => {
    const phone = '13700003333';
    await sendCode(phone, 'register');
    const code = sms.codeFor(phone);
    const answers = await atOnce(30, (i) => candidateCall(t, registerCandidate, { phone, code, password: `${CANDIDATE_TEST_PASSWORD}${i}` }));
    expectOneSucceeded(answers, 400, CODE_SPENT);
    const accounts = await accountsOf(phone);
    expect(accounts).toHaveLength(1);
    expect(await t.db.select().from(candidateSession).where(eq(candidateSession.candidateId, accounts[0]!.id))).toHaveLength(1);
  });

  it('resets once of 30 parallel resets with one code', async () => {
    const phone = '13700004444';
    await signInCandidate(t, phone);
    await sendCode(phone, 'reset');
    const code = sms.codeFor(phone);
    const answers = await atOnce(30, (i) => candidateCall(t, resetCandidatePassword, { phone, code, newPassword: `Reset2026pass${i}` }));
    expectOneSucceeded(answers, 400, CODE_SPENT);
  });
});

describe('the sign-in lock under parallel requests', () => {
  const phone = '13700005555';
  beforeAll(() => signInCandidate(t, phone));
  const login = (password: string) => candidateCall(t, candidateLogin, { phone, password });

  it('checks at most 5 passwords of a burst of 30 wrong ones and locks the rest out, then the right password too', async () => {
    const answers = await atOnce(30, (i) => login(`wrong-pass${i}`));
    const messages = answers.map((r) => r.json().msg as string);
    expect(answers.every((r) => r.statusCode === 400)).toBe(true);
    expect(messages.filter((m) => WRONG.test(m)).length).toBeLessThanOrEqual(4);
    expect(messages.filter((m) => m === LOCKED).length).toBeGreaterThanOrEqual(25);
    expect(messages.filter((m) => !WRONG.test(m) && m !== LOCKED)).toEqual([]);
    expect((await login(CANDIDATE_TEST_PASSWORD)).json()).toMatchObject({ code: 400, msg: LOCKED });
  });

  it('never signs in once the limit is reached, even with the right password in a burst of 30', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(candidateSession);
    const answers = await atOnce(30, (i) => login(i % 2 === 0 ? CANDIDATE_TEST_PASSWORD : `wrong-pass${i}`));
    expect(answers.every((r) => r.json().msg === LOCKED)).toBe(true);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(candidateSession)).toEqual(before);
  });
});
