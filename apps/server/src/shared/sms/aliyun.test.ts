import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSms, type AliyunSmsConfig } from '../config.js';
import { serializeError } from '../log-redaction.js';
import { SmsSendError, smsSenderOf } from '../sms.js';
import { AliyunSmsSender } from './aliyun.js';
import { expectSignUpWithCodeSent, fakeProvider } from './fake-provider.support.js';

/*
 * A local server standing in for Alibaba Cloud SMS (dysmsapi, `SendSms` 2017-05-25), with an AccessKey made here. It
 * checks each request's signature as Alibaba Cloud's V3 request signature (ACS3-HMAC-SHA256) is documented, from the
 * raw request: the canonical request (method, URI, the sorted RFC 3986 query, the signed headers, the payload's
 * SHA-256), its hash signed with HMAC-SHA256 under the AccessKey secret. The official SDK makes the requests.
 */

const ACCESS_KEY_ID = `LTAI${randomBytes(10).toString('hex')}`;
const ACCESS_KEY_SECRET = randomBytes(24).toString('base64url');
const SIGN_NAME = '招考测试';
const TEMPLATE_CODE = 'SMS_123456789';

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
/** RFC 3986 percent-encoding: everything but A–Z a–z 0–9 - _ . ~ */
const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const decodeComponent = (text: string) => decodeURIComponent(text.replace(/\+/g, '%20'));

interface Seen {
  /** Why the signature check failed, or null when it held. */
  signatureProblem: string | null;
  action?: string;
  params: Record<string, string>;
  /** The request as it came, to replay it altered. */
  raw: { url: string; headers: IncomingMessage['headers'] };
}

/** The ACS3-HMAC-SHA256 check of a request, as the protocol describes it; null when it holds. */
function signatureProblem(req: IncomingMessage, body: Buffer, secret: string): string | null {
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
  if (!match) return 'no ACS3-HMAC-SHA256 authorization';
  const [, credential, signedHeaderList, signature] = match as unknown as [string, string, string, string];
  if (credential !== ACCESS_KEY_ID) return 'unknown AccessKey ID';

  const signedHeaders = signedHeaderList.split(';');
  if (signedHeaders.join(';') !== [...signedHeaders].sort().join(';')) return 'signed headers not sorted';
  const present = Object.keys(req.headers);
  const mustSign = ['host', 'x-acs-action', 'x-acs-version', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-content-sha256'];
  const unsigned = [...mustSign, ...present.filter((h) => h.startsWith('x-acs-'))].filter((h) => !signedHeaders.includes(h));
  if (unsigned.length > 0) return `headers not signed: ${unsigned.join(', ')}`;
  if (signedHeaders.some((h) => req.headers[h] === undefined)) return 'a signed header is missing';

  const hashedPayload = sha256Hex(body);
  if (req.headers['x-acs-content-sha256'] !== hashedPayload) return 'x-acs-content-sha256 is not the hash of the body';
  const date = Date.parse(String(req.headers['x-acs-date']));
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(String(req.headers['x-acs-date'])) || Math.abs(Date.now() - date) > 15 * 60_000) {
    return 'x-acs-date missing or off by more than 15 minutes';
  }

  const [path = '/', query = ''] = req.url!.split('?', 2);
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [rfc3986(decodeComponent(name)), rfc3986(decodeComponent(value))] as const;
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders.map((h) => `${h}:${String(req.headers[h]).trim()}\n`).join('');
  const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaderList, hashedPayload].join('\n');
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`;
  const expected = createHmac('sha256', secret).update(stringToSign).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? null : 'signature does not match';
}

/** How the fake service answers a request whose signature held. */
type Answer = (params: Record<string, string>) => { status: number; body: object };
const sent: Answer = () => ({ status: 200, body: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: randomBytes(8).toString('hex') } });

function reply(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
}

const fake = fakeProvider<Answer, Seen>(sent, ({ req, body, res, answer, seen }) => {
  const url = new URL(req.url!, 'http://x');
  // RPC parameters come in the query or, as a form, in the body.
  const params = Object.fromEntries(url.searchParams);
  if (String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  }
  const problem = signatureProblem(req, body, ACCESS_KEY_SECRET);
  seen.push({ signatureProblem: problem, action: req.headers['x-acs-action'] as string | undefined, params, raw: { url: req.url!, headers: req.headers } });
  if (problem) {
    return reply(res, 400, {
      Code: 'SignatureDoesNotMatch',
      Message: 'Specified signature does not match our calculation.',
      RequestId: randomBytes(8).toString('hex'),
    });
  }
  const { status, body: out } = answer(params);
  reply(res, status, out);
});
let endpoint = '';
beforeAll(async () => {
  endpoint = `http://127.0.0.1:${await fake.listen()}`;
});
afterAll(() => fake.close());

const env = () => ({
  ALIYUN_SMS_ACCESS_KEY_ID: ACCESS_KEY_ID,
  ALIYUN_SMS_ACCESS_KEY_SECRET: ACCESS_KEY_SECRET,
  ALIYUN_SMS_SIGN_NAME: SIGN_NAME,
  ALIYUN_SMS_TEMPLATE_CODE: TEMPLATE_CODE,
  ALIYUN_SMS_ENDPOINT: endpoint,
});
const configWith = (change: Partial<AliyunSmsConfig> = {}): AliyunSmsConfig => ({ ...(readSms(env()) as AliyunSmsConfig), ...change });
const noLog = {} as FastifyBaseLogger;

describe('Alibaba Cloud SMS adapter', () => {
  it('sends the code through SendSms, signed ACS3-HMAC-SHA256 as the protocol says (the sender the environment names)', async () => {
    fake.answerWith(sent);
    const before = fake.seen.length;
    const sender = smsSenderOf(readSms(env()), noLog);
    await sender.send('13800138000', '042917', 'register');
    await sender.send('13900139000', '550012', 'reset');

    const requests = fake.seen.slice(before);
    expect(requests.map((r) => r.signatureProblem)).toEqual([null, null]);
    expect(requests.map((r) => r.action)).toEqual(['SendSms', 'SendSms']);
    expect(requests[0]!.params).toMatchObject({
      PhoneNumbers: '13800138000',
      SignName: SIGN_NAME,
      TemplateCode: TEMPLATE_CODE,
      TemplateParam: '{"code":"042917"}',
    });
    expect(JSON.parse(requests[1]!.params.TemplateParam!)).toEqual({ code: '550012' });
  });

  it('the signature covers the parameters: the same request with another phone number fails the check', async () => {
    fake.answerWith(sent);
    const before = fake.seen.length;
    await new AliyunSmsSender(configWith()).send('13800138000', '123456', 'register');
    const { raw } = fake.seen[before]!;
    expect(fake.seen[before]!.signatureProblem).toBeNull();
    const replay = (url: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${endpoint}${url}`, { method: 'POST', headers: raw.headers }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await replay(raw.url)).toBe(200);
    expect(await replay(raw.url.replace('PhoneNumbers=13800138000', 'PhoneNumbers=13800138001'))).toBe(400);
    expect(fake.seen.slice(before + 1).map((r) => r.signatureProblem)).toEqual([null, 'signature does not match']);
  });

  it('a request signed with another secret fails the check, and send rejects', async () => {
    fake.answerWith(sent);
    const before = fake.seen.length;
    const wrongSecret = randomBytes(24).toString('base64url');
    const failure = await new AliyunSmsSender(configWith({ accessKeySecret: wrongSecret })).send('13800138000', '123456', 'register').catch((e: unknown) => e);

    expect(fake.seen.slice(before).map((r) => r.signatureProblem)).toEqual(['signature does not match']);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect((failure as Error).message).toMatch(/^阿里云短信发送失败：SignatureDoesNotMatch: code: 400, Specified signature does not match our calculation\. request id: [0-9a-f]{16}$/);
    // What the server would log of it holds neither secret.
    const logged = JSON.stringify(serializeError(failure));
    expect(logged).not.toContain(wrongSecret);
    expect(logged).not.toContain(ACCESS_KEY_SECRET);
  });

  it('an answer other than Code "OK" (HTTP 200 as Aliyun sends it) makes send reject with the provider\'s words', async () => {
    fake.answerWith(() => ({
      status: 200,
      body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' },
    }));
    const failure = await new AliyunSmsSender(configWith()).send('13800138000', '123456', 'register').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect((failure as Error).message).toBe(
      '阿里云短信发送失败：isv.BUSINESS_LIMIT_CONTROL 触发分钟级流控Permits:1（RequestId F655A8D5-B967-440B-8683-DAD6FF8DE990）',
    );
    fake.answerWith(sent);
  });

  it('an unreachable endpoint makes send reject, without quoting the number or the code', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const sender = new AliyunSmsSender(configWith({ endpoint: { protocol: 'http', host: `127.0.0.1:${port}` } }));
    const failure = await sender.send('13800138000', '654321', 'register').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect((failure as Error).message).toMatch(/^阿里云短信发送失败：connect ECONNREFUSED 127\.0\.0\.1:\d+POST http:\/\/127\.0\.0\.1:\d+\/ failed\.$/);
    // The SDK's message quotes the request's URL: what the server would log of it holds neither the number nor the code.
    const logged = JSON.stringify(serializeError(failure));
    expect(logged).not.toContain('13800138000');
    expect(logged).not.toContain('654321');
  });

  it('carries the candidate site\'s sign-up code: the code the provider was asked to send signs the candidate up', async () => {
    fake.answerWith(sent);
    await expectSignUpWithCodeSent(new AliyunSmsSender(configWith()), fake.seen, (r) => {
      expect(r.signatureProblem).toBeNull();
      expect(r.params.PhoneNumbers).toBe('13900005151');
      return JSON.parse(r.params.TemplateParam!).code as string;
    });
  });
});
