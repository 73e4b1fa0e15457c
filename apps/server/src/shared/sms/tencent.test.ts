import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSms, type TencentSmsConfig } from '../config.js';
import { serializeError } from '../log-redaction.js';
import { SmsSendError } from '../sms.js';
import { expectSignUpWithCodeSent, fakeProvider } from './fake-provider.support.js';
import { TencentSmsSender } from './tencent.js';

/*
 * A local server standing in for Tencent Cloud SMS (`SendSms` 2021-01-11), with a SecretId/SecretKey made here. It
 * checks each request's signature as Tencent Cloud's signature v3 (TC3-HMAC-SHA256) is documented, from the raw
 * request: the canonical request (method, URI, query, the signed headers in lower case, the payload's SHA-256), the
 * string to sign with the credential scope `date/sms/tc3_request`, and the key derived from `TC3` + SecretKey through
 * the date, the service and `tc3_request`. The official SDK makes the requests.
 *
 * The SDK names the service of the credential scope by the endpoint's first label, so the endpoint is a host
 * `sms.…` (without a port: the SDK signs the host name alone); the agent given to the adapter connects to the local server.
 */

const SECRET_ID = `AKID${randomBytes(16).toString('hex')}`;
const SECRET_KEY = randomBytes(24).toString('base64url');
const SDK_APP_ID = '1400787878';
const SIGN_NAME = '招考测试';
const TEMPLATE_ID = '449739';

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

interface Seen {
  /** Why the signature check failed, or null when it held. */
  signatureProblem: string | null;
  headers: IncomingMessage['headers'];
  body: string;
}

/** The TC3-HMAC-SHA256 check of a request, as the protocol describes it; null when it holds. */
function signatureProblem(req: IncomingMessage, body: Buffer, secretKey: string): string | null {
  const match = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
    req.headers.authorization ?? '',
  );
  if (!match) return 'no TC3-HMAC-SHA256 authorization';
  const [, secretId, date, service, signedHeaderList, signature] = match as unknown as [string, string, string, string, string, string];
  if (secretId !== SECRET_ID) return 'unknown SecretId';
  if (service !== 'sms') return `credential scope names service ${service}`;
  const timestamp = Number(req.headers['x-tc-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return 'X-TC-Timestamp missing or off by more than 5 minutes';
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return 'credential scope date is not the UTC date of X-TC-Timestamp';

  const signedHeaders = signedHeaderList.split(';');
  if (signedHeaders.join(';') !== [...signedHeaders].sort().join(';')) return 'signed headers not sorted';
  if (!signedHeaders.includes('content-type') || !signedHeaders.includes('host')) return 'content-type and host must be signed';
  if (signedHeaders.some((h) => req.headers[h] === undefined)) return 'a signed header is missing';

  const [path = '/', query = ''] = req.url!.split('?', 2);
  const canonicalHeaders = signedHeaders.map((h) => `${h}:${String(req.headers[h]).trim().toLowerCase()}\n`).join('');
  const canonicalRequest = [req.method, path, query, canonicalHeaders, signedHeaderList, sha256Hex(body)].join('\n');
  const credentialScope = `${date}/${service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${credentialScope}\n${sha256Hex(canonicalRequest)}`;
  const signingKey = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
  return timingSafeEqual(hmac(signingKey, stringToSign), Buffer.from(signature, 'hex')) ? null : 'signature does not match';
}

/** How the fake service answers a request whose signature held: the `Response` object. */
type Answer = (input: { PhoneNumberSet: string[] }) => object;
const sent: Answer = (input) => ({
  SendStatusSet: input.PhoneNumberSet.map((phone) => ({
    SerialNo: `2645:${randomBytes(8).toString('hex')}`,
    PhoneNumber: phone,
    Fee: 1,
    SessionContext: '',
    Code: 'Ok',
    Message: 'send success',
    IsoCode: 'CN',
  })),
  RequestId: randomBytes(8).toString('hex'),
});

function reply(res: ServerResponse, response: object) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ Response: response }));
}

const fake = fakeProvider<Answer, Seen>(sent, ({ req, body, res, answer, seen }) => {
  const problem = signatureProblem(req, body, SECRET_KEY);
  seen.push({ signatureProblem: problem, headers: req.headers, body: body.toString('utf8') });
  // Tencent Cloud answers HTTP 200 with `Response.Error` for a refused call.
  if (problem) {
    return reply(res, {
      Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated. Please check your signature is correct.' },
      RequestId: randomBytes(8).toString('hex'),
    });
  }
  reply(res, answer(JSON.parse(body.toString('utf8')) as { PhoneNumberSet: string[] }));
});
let port = 0;
/** Connects every request to the local server, whatever its host (the endpoint stays `sms.…`, as the SDK signs by it). */
const agent = new Agent();
agent.createConnection = () => createConnection({ host: '127.0.0.1', port });
beforeAll(async () => {
  port = await fake.listen();
});
afterAll(async () => {
  agent.destroy();
  await fake.close();
});

const env = () => ({
  TENCENT_SMS_SECRET_ID: SECRET_ID,
  TENCENT_SMS_SECRET_KEY: SECRET_KEY,
  TENCENT_SMS_SDK_APP_ID: SDK_APP_ID,
  TENCENT_SMS_SIGN_NAME: SIGN_NAME,
  TENCENT_SMS_TEMPLATE_ID: TEMPLATE_ID,
  TENCENT_SMS_ENDPOINT: 'http://sms.zhaokao.test',
});
/** Sends a request again as it was (or altered) to the local server. */
const replay = (headers: IncomingMessage['headers'], body: string) =>
  new Promise<void>((resolve, reject) => {
    const req = request(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(body);
  });
const configWith = (change: Partial<TencentSmsConfig> = {}): TencentSmsConfig => ({ ...(readSms(env()) as TencentSmsConfig), ...change });

describe('Tencent Cloud SMS adapter', () => {
  it('sends the code through SendSms, signed TC3-HMAC-SHA256 as the protocol says (the sender the environment names)', async () => {
    fake.answerWith(sent);
    const before = fake.seen.length;
    await new TencentSmsSender(configWith(), { agent }).send('13800138000', '042917', 'register');

    const [seen] = fake.seen.slice(before);
    expect(seen?.signatureProblem).toBeNull();
    expect(seen?.headers).toMatchObject({
      host: 'sms.zhaokao.test',
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-region': 'ap-guangzhou',
    });
    expect(JSON.parse(seen!.body)).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: SDK_APP_ID,
      SignName: SIGN_NAME,
      TemplateId: TEMPLATE_ID,
      TemplateParamSet: ['042917'],
    });
  });

  it('the signature covers the body: the same request with another phone number fails the check', async () => {
    fake.answerWith(sent);
    const before = fake.seen.length;
    await new TencentSmsSender(configWith({ region: 'ap-beijing' }), { agent }).send('13800138000', '123456', 'reset');
    const original = fake.seen[before]!;
    expect(original.signatureProblem).toBeNull();
    expect(original.headers['x-tc-region']).toBe('ap-beijing');
    await replay(original.headers, original.body);
    await replay(original.headers, original.body.replace('+8613800138000', '+8613800138001'));
    expect(fake.seen.slice(before + 1).map((r) => r.signatureProblem)).toEqual([null, 'signature does not match']);
  });

  it('a request signed with another key fails the check, and send rejects with the provider\'s error', async () => {
    fake.answerWith(sent);
    const before = fake.seen.length;
    const wrongKey = randomBytes(24).toString('base64url');
    const failure = await new TencentSmsSender(configWith({ secretKey: wrongKey }), { agent }).send('13800138000', '123456', 'register').catch((e: unknown) => e);

    expect(fake.seen.slice(before).map((r) => r.signatureProblem)).toEqual(['signature does not match']);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect((failure as Error).message).toMatch(/^腾讯云短信发送失败：AuthFailure\.SignatureFailure The provided credentials could not be validated\..*（RequestId [0-9a-f]{16}）$/);
    const logged = JSON.stringify(serializeError(failure));
    expect(logged).not.toContain(wrongKey);
    expect(logged).not.toContain(SECRET_KEY);
  });

  it('a send status other than "Ok" makes send reject with the provider\'s words', async () => {
    fake.answerWith((input) => ({
      SendStatusSet: [
        {
          SerialNo: '',
          PhoneNumber: input.PhoneNumberSet[0],
          Fee: 0,
          SessionContext: '',
          Code: 'LimitExceeded.PhoneNumberDailyLimit',
          Message: 'the number of SMS messages sent from a single mobile number every day exceeds the upper limit',
          IsoCode: 'CN',
        },
      ],
      RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279',
    }));
    const failure = await new TencentSmsSender(configWith(), { agent }).send('13800138000', '123456', 'register').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect((failure as Error).message).toBe(
      '腾讯云短信发送失败：LimitExceeded.PhoneNumberDailyLimit the number of SMS messages sent from a single mobile number every day exceeds the upper limit（RequestId a0aabda6-cf91-4f3e-a81f-9198114a2279）',
    );
    fake.answerWith(sent);
  });

  it('carries the candidate site\'s sign-up code: the code the provider was asked to send signs the candidate up', async () => {
    fake.answerWith(sent);
    await expectSignUpWithCodeSent(new TencentSmsSender(configWith(), { agent }), fake.seen, (r) => {
      expect(r.signatureProblem).toBeNull();
      expect((JSON.parse(r.body) as { PhoneNumberSet: string[] }).PhoneNumberSet[0]).toBe('+8613900005151');
      return (JSON.parse(r.body) as { TemplateParamSet: string[] }).TemplateParamSet[0]!;
    });
  });
});
