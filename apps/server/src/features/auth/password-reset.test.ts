import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { RESET_CODE_SENT_MESSAGE } from '@zhaokao/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordResetCode, staffUser } from '../../db/tables.js';
import { SmtpMailer } from '../../shared/mailer.js';
import { DEMO_PASSWORD, type TestApp, createTestApp, expectError } from '../../test/app.js';

const FROM = 'no-reply@zhaokao.test';
const ADMIN_EMAIL = 'wangmin@xiangjiang-hr.example.cn';
const SUBJECT = '【招考】找回密码验证码';

interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Map<string, string>;
  to: string;
  subject: string;
  text: string;
}

// ---------------------------------------------------------------------------------------------
// A minimal parser for the single-part text/plain message nodemailer writes for `{ to, subject, text }`.
// ---------------------------------------------------------------------------------------------

function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=` / `=?UTF-8?Q?...?=`); whitespace between two adjacent words is dropped. */
function decodeHeaderValue(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(word, (_all, charset: string, encoding: string, data: string) => {
      expect(charset.toLowerCase()).toBe('utf-8');
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : decodeQuotedPrintable(data.replace(/_/g, ' '));
      return bytes.toString('utf8');
    });
}

function parseMessage(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  expect(split).toBeGreaterThan(0);
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' '); // unfold
  const body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const contentType = headers.get('content-type') ?? 'text/plain';
  expect(contentType.toLowerCase().startsWith('text/plain')).toBe(true);
  const charset = /charset="?([^";\s]+)"?/i.exec(contentType)?.[1] ?? 'utf-8';
  expect(charset.toLowerCase()).toBe('utf-8');
  const transferEncoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let bytes: Buffer;
  if (transferEncoding === 'base64') bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  else if (transferEncoding === 'quoted-printable') bytes = decodeQuotedPrintable(body);
  else bytes = Buffer.from(body, 'binary');
  const text = bytes.toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '');
  return { headers, text };
}

// ---------------------------------------------------------------------------------------------
// A real SMTP server on an ephemeral local port.
// ---------------------------------------------------------------------------------------------

const mails: ReceivedMail[] = [];
const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      // Each message is recorded before the server answers 250, so it is there once sendMail resolves.
      const { headers, text } = parseMessage(Buffer.concat(chunks).toString('binary'));
      mails.push({
        envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        envelopeTo: session.envelope.rcptTo.map((r) => r.address),
        headers,
        to: decodeHeaderValue(headers.get('to') ?? ''),
        subject: decodeHeaderValue(headers.get('subject') ?? ''),
        text,
      });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ mailer: new SmtpMailer({ host: '127.0.0.1', port, secure: false, from: FROM }) });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

// ---------------------------------------------------------------------------------------------

const sendResetCode = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/app/company/sendResetCode', payload });
const resetPassword = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/app/company/resetPassword', payload });
const login = (loginAccount: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/app/company/companyLogin', payload: { loginAccount, password } });
const userInfo = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/company/getCompanyUserInfo', headers: { 'x-token': token }, payload: {} });

async function userId(loginAccount: string) {
  const [row] = await t.db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.loginAccount, loginAccount));
  return row!.id;
}
async function codesOf(loginAccount: string) {
  return t.db.select().from(passwordResetCode).where(eq(passwordResetCode.userId, await userId(loginAccount)));
}
/** Moves every code of the account out of the 60-second resend window (expiry untouched). */
async function leaveResendWindow(loginAccount: string) {
  await t.db
    .update(passwordResetCode)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(passwordResetCode.userId, await userId(loginAccount)));
}
function codeIn(mail: ReceivedMail): string {
  const match = /验证码为 (\d{6})，/.exec(mail.text);
  expect(match).not.toBeNull();
  return match![1]!;
}
/** A 6-digit code that differs from `code` in every digit. */
const wrongCodeFor = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
/** Asks for a code for the account (outside the resend window) and answers the one that arrived by mail. */
async function freshCode(loginAccount: string) {
  await leaveResendWindow(loginAccount);
  const before = mails.length;
  const res = await sendResetCode({ loginAccount });
  expect(res.json().code).toBe(200);
  await vi.waitFor(() => expect(mails.length).toBe(before + 1));
  return codeIn(mails[mails.length - 1]!);
}

/** The one answer of sendResetCode, for every account or none. */
const SENT = { code: 200, msg: RESET_CODE_SENT_MESSAGE, data: null };
/** sendResetCode's answer as bytes on the wire: status, type, length and body. */
async function answerFor(loginAccount: string) {
  const res = await sendResetCode({ loginAccount });
  return { status: res.statusCode, type: res.headers['content-type'], length: res.headers['content-length'], body: res.rawPayload };
}

describe('sendResetCode over SMTP', () => {
  beforeEach(() => {
    mails.length = 0;
  });

  it('mails a 6-digit code to the account\'s address, answering nothing about the account', async () => {
    const res = await sendResetCode({ loginAccount: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);

    await vi.waitFor(() => expect(mails).toHaveLength(1));
    const mail = mails[0]!;
    expect(mail.envelopeFrom).toBe(FROM);
    expect(mail.envelopeTo).toEqual([ADMIN_EMAIL]);
    expect(mail.to).toBe(ADMIN_EMAIL);
    expect(mail.headers.get('from')).toBe(FROM);
    expect(mail.subject).toBe(SUBJECT);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toBe(
      `王敏，您好：\n\n您正在找回招考管理系统账号 admin 的密码，验证码为 ${code}，10 分钟内有效。\n如非本人操作，请忽略本邮件。`,
    );

    // Only a hash of the code is stored.
    const rows = await codesOf('admin');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.attempts).toBe(0);
    expect(rows[0]!.usedAt).toBeNull();
  });

  it('sends no second mail within 60 seconds, answering the same', async () => {
    const res = await sendResetCode({ loginAccount: 'admin' });
    expect(res.json()).toEqual(SENT);
    expect(mails).toHaveLength(0);
    expect(await codesOf('admin')).toHaveLength(1);

    // Once the window has passed, another code is mailed.
    await leaveResendWindow('admin');
    const again = await sendResetCode({ loginAccount: 'admin' });
    expect(again.json().code).toBe(200);
    await vi.waitFor(() => expect(mails).toHaveLength(1));
    expect(await codesOf('admin')).toHaveLength(2);
  });

  it('answers byte for byte alike for a mailed code, a code sent a moment ago, no account, a disabled one and no e-mail', async () => {
    await leaveResendWindow('admin');
    const mailed = await answerFor('admin');
    const again = await answerFor('admin');
    const unknown = await answerFor('nobody');
    await t.db.update(staffUser).set({ email: '' }).where(eq(staffUser.loginAccount, 'shenhe'));
    const noEmail = await answerFor('shenhe');
    await t.db.update(staffUser).set({ email: 'lina@xiangjiang-hr.example.cn' }).where(eq(staffUser.loginAccount, 'shenhe'));
    await t.db.update(staffUser).set({ enabled: false }).where(eq(staffUser.loginAccount, 'hospital'));
    const disabled = await answerFor('hospital');
    await t.db.update(staffUser).set({ enabled: true }).where(eq(staffUser.loginAccount, 'hospital'));

    expect(JSON.parse(mailed.body.toString())).toEqual(SENT);
    for (const other of [again, unknown, noEmail, disabled]) expect(other).toEqual(mailed);
    await vi.waitFor(() => expect(mails).toHaveLength(1));
    expect(mails[0]!.to).toBe(ADMIN_EMAIL);
    expect(await codesOf('shenhe')).toHaveLength(0);
    expect(await codesOf('hospital')).toHaveLength(0);
  });

  it('refers an empty account to its Chinese message', async () => {
    for (const payload of [{ loginAccount: '' }, { loginAccount: '   ' }, {}]) {
      const res = await sendResetCode(payload);
      expectError(res, 400, '请输入账号');
    }
    expect(mails).toHaveLength(0);
  });
});

describe('resetPassword', () => {
  it('refuses a wrong code and keeps the old password', async () => {
    const code = await freshCode('hospital');
    const res = await resetPassword({ loginAccount: 'hospital', code: wrongCodeFor(code), newPassword: 'NewPass2026' });
    expectError(res, 400, '验证码不正确');
    expect((await login('hospital', DEMO_PASSWORD)).json().code).toBe(200);
    expect((await login('hospital', 'NewPass2026')).json().code).toBe(400);
  });

  it('refuses a bad new password with the contract\'s message and changes nothing', async () => {
    const code = await freshCode('hospital');
    const tooShort = await resetPassword({ loginAccount: 'hospital', code, newPassword: 'Ab1' });
    expectError(tooShort, 400, '密码至少 8 位');
    const noDigit = await resetPassword({ loginAccount: 'hospital', code, newPassword: 'OnlyLetters' });
    expectError(noDigit, 400, '密码需同时包含字母和数字');
    const badCode = await resetPassword({ loginAccount: 'hospital', code: '12345', newPassword: 'NewPass2026' });
    expect(badCode.json()).toEqual({ code: 400, msg: '请输入 6 位数字验证码', data: null });

    expect((await login('hospital', DEMO_PASSWORD)).json().code).toBe(200);
    const latest = (await codesOf('hospital')).sort((a, b) => b.id - a.id)[0]!;
    expect(latest.attempts).toBe(0);
    expect(latest.usedAt).toBeNull();
  });

  it('resets with the right code, ends existing sessions, and the code works only once', async () => {
    const oldToken = await t.login('admin');
    expect((await userInfo(oldToken)).json().code).toBe(200);
    const code = await freshCode('admin');

    const res = await resetPassword({ loginAccount: 'admin', code, newPassword: 'Reset2026ok' });
    expectError(res, 200, '密码已重置，请使用新密码登录');

    const old = await login('admin', DEMO_PASSWORD);
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe(400);
    expect((await login('admin', 'Reset2026ok')).json().code).toBe(200);

    const ended = await userInfo(oldToken);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({
      code: 50012,
      msg: '您的登录已在别处结束（密码已重置或账号已停用），请重新登录',
      data: null,
    });

    const twice = await resetPassword({ loginAccount: 'admin', code, newPassword: 'Another2026' });
    expectError(twice, 400, '验证码已失效，请重新获取');
    expect((await login('admin', 'Reset2026ok')).json().code).toBe(200);
    expect((await login('admin', 'Another2026')).json().code).toBe(400);
  });

  it('refuses even the right code after 5 wrong attempts', async () => {
    const code = await freshCode('shenhe');
    const wrong = wrongCodeFor(code);
    for (let i = 0; i < 5; i++) {
      const res = await resetPassword({ loginAccount: 'shenhe', code: wrong, newPassword: 'Shenhe2026x' });
      expect(res.json()).toEqual({ code: 400, msg: '验证码不正确', data: null });
    }
    const right = await resetPassword({ loginAccount: 'shenhe', code, newPassword: 'Shenhe2026x' });
    expectError(right, 400, '验证码已失效，请重新获取');
    expect((await login('shenhe', DEMO_PASSWORD)).json().code).toBe(200);
    expect((await login('shenhe', 'Shenhe2026x')).json().code).toBe(400);
  });

  it('refuses an expired code', async () => {
    const code = await freshCode('shenhe');
    await t.db
      .update(passwordResetCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCode.userId, await userId('shenhe')));
    const res = await resetPassword({ loginAccount: 'shenhe', code, newPassword: 'Shenhe2026x' });
    expectError(res, 400, '验证码已失效，请重新获取');
    expect((await login('shenhe', DEMO_PASSWORD)).json().code).toBe(200);
  });

  it('retires an earlier code once a newer one is sent, also after the newer one is used', async () => {
    const first = await freshCode('hospital');
    const second = await freshCode('hospital');
    if (first !== second) {
      const early = await resetPassword({ loginAccount: 'hospital', code: first, newPassword: 'Hospital2026a' });
      expect(early.json()).toEqual({ code: 400, msg: '验证码不正确', data: null });
    }
    const ok = await resetPassword({ loginAccount: 'hospital', code: second, newPassword: 'Hospital2026b' });
    expect(ok.json()).toEqual({ code: 200, msg: '密码已重置，请使用新密码登录', data: null });
    const late = await resetPassword({ loginAccount: 'hospital', code: first, newPassword: 'Hospital2026c' });
    expectError(late, 400, '验证码已失效，请重新获取');
    expect((await login('hospital', 'Hospital2026b')).json().code).toBe(200);
    expect((await login('hospital', 'Hospital2026c')).json().code).toBe(400);
  });

  it('answers an unknown account like an account without a usable code', async () => {
    const res = await resetPassword({ loginAccount: 'nobody', code: '123456', newPassword: 'NewPass2026' });
    expectError(res, 400, '验证码已失效，请重新获取');
  });
});

describe('without SMTP (LogMailer)', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('answers success and writes the code to the log instead of mailing it', async () => {
    const before = mails.length;
    const res = await plain.app.inject({ method: 'POST', url: '/api/app/company/sendResetCode', payload: { loginAccount: 'admin' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    expect(mails.length).toBe(before);
    const rows = await plain.db.select().from(passwordResetCode);
    expect(rows).toHaveLength(1);
  });
});

describe('when the mail server refuses', () => {
  let failing: TestApp;
  let attempts = 0;
  beforeAll(async () => {
    failing = await createTestApp({
      mailer: {
        async send() {
          attempts++;
          throw new Error('connection refused');
        },
      },
    });
  });
  afterAll(() => failing.close());
  const ask = () => failing.app.inject({ method: 'POST', url: '/api/app/company/sendResetCode', payload: { loginAccount: 'admin' } });

  it('answers the same (the mail goes out after the answer), keeps no code, and lets the user ask again at once', async () => {
    const first = await ask();
    expect(first.json()).toEqual(SENT);
    await vi.waitFor(async () => expect(await failing.db.select().from(passwordResetCode)).toHaveLength(0));
    expect(attempts).toBe(1);
    const second = await ask();
    expect(second.json()).toEqual(SENT);
    await vi.waitFor(() => expect(attempts).toBe(2));
  });
});
