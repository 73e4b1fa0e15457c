import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { AlipayProvider, beijingDateTime, centsOfYuan, yuanOf, type AlipayOptions } from './alipay.js';
import { NotificationRejected } from './provider.js';

/*
 * A local server that speaks Alipay OpenAPI v3 as the real one does, with keys made here: it checks the
 * `ALIPAY-SHA256withRSA` authorization of each request with the application's public key (refusing a bad one) and
 * signs its answers with the "Alipay" key pair. Notifications are signed RSA2 the way Alipay signs them. The official
 * alipay-sdk makes the requests; nothing of our own code is replaced.
 */

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();
const app = pair();
const alipay = pair();
const stranger = pair();
const APP_ID = '2021000000000001';
const NOTIFY_URL = 'https://zk.example.com/api/pay/notify/alipay';

interface FakeTrade {
  orderNo: string;
  totalAmount: string;
  subject: string;
  timeExpire: string;
  notifyUrl: string;
  scanned: boolean;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo?: string;
  /** Refunds by out_request_no: the amount in yuan, as sent. */
  refunds: Map<string, string>;
}

interface SeenRequest {
  method: string;
  url: string;
  body: string;
  signatureValid: boolean;
}

const answer = (res: ServerResponse, status: number, body: object) => {
  const text = JSON.stringify(body);
  const timestamp = String(Date.now());
  const nonce = randomUUID();
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${text}\n`).sign(alipay.privateKey, 'base64');
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'alipay-trace-id': randomBytes(8).toString('hex'),
    'alipay-timestamp': timestamp,
    'alipay-nonce': nonce,
    'alipay-signature': signature,
  });
  res.end(text);
};

/** Alipay's check of an OpenAPI v3 request: `authString\nMETHOD\nURL\nBODY\n` signed by the application's key. */
const signatureHolds = (authorization: string, method: string, url: string, body: string) => {
  const match = /^ALIPAY-SHA256withRSA (.*),sign=(.+)$/.exec(authorization);
  if (!match) return false;
  const authString = match[1]!;
  const fields = Object.fromEntries(authString.split(',').map((kv) => kv.split('=') as [string, string]));
  if (fields.app_id !== APP_ID || !fields.nonce || Math.abs(Date.now() - Number(fields.timestamp)) > 300_000) return false;
  return createVerify('RSA-SHA256').update(`${authString}\n${method}\n${url}\n${body}\n`).verify(app.publicKey, match[2]!, 'base64');
};

function fakeAlipay() {
  const trades = new Map<string, FakeTrade>();
  const seen: SeenRequest[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signatureValid = signatureHolds(req.headers.authorization ?? '', req.method!, req.url!, body);
      seen.push({ method: req.method!, url: req.url!, body, signatureValid });
      if (!signatureValid) return answer(res, 401, { code: 'invalid-signature', message: '验签出错' });
      const input = JSON.parse(body || '{}');
      const trade = trades.get(input.out_trade_no);
      switch (`${req.method} ${req.url}`) {
        case 'POST /v3/alipay/trade/precreate':
          if (!/^\d+\.\d{2}$/.test(input.total_amount) || !input.subject) return answer(res, 400, { code: 'INVALID_PARAMETER', message: '参数有误' });
          trades.set(input.out_trade_no, {
            orderNo: input.out_trade_no,
            totalAmount: input.total_amount,
            subject: input.subject,
            timeExpire: input.time_expire,
            notifyUrl: input.notify_url,
            scanned: false,
            status: 'WAIT_BUYER_PAY',
            refunds: new Map(),
          });
          return answer(res, 200, { out_trade_no: input.out_trade_no, qr_code: `https://qr.alipay.com/bax${randomBytes(6).toString('hex')}` });
        case 'POST /v3/alipay/trade/query':
          // A precreated trade exists at Alipay only once its QR code has been scanned.
          if (!trade?.scanned) return answer(res, 400, { code: 'ACQ.TRADE_NOT_EXIST', message: '交易不存在' });
          return answer(res, 200, {
            trade_no: trade.tradeNo,
            out_trade_no: trade.orderNo,
            trade_status: trade.status,
            total_amount: trade.totalAmount,
            ...(trade.status === 'TRADE_SUCCESS' && { send_pay_date: '2025-06-08 10:34:56' }),
          });
        case 'POST /v3/alipay/trade/close':
          if (!trade?.scanned) return answer(res, 400, { code: 'ACQ.TRADE_NOT_EXIST', message: '交易不存在' });
          if (trade.status !== 'WAIT_BUYER_PAY') return answer(res, 400, { code: 'ACQ.TRADE_STATUS_ERROR', message: '交易状态不合法' });
          trade.status = 'TRADE_CLOSED';
          return answer(res, 200, { trade_no: trade.tradeNo, out_trade_no: trade.orderNo });
        case 'POST /v3/alipay/trade/refund': {
          // alipay.trade.refund as Alipay checks it: a paid trade (by out_trade_no and trade_no), at most its amount; the same out_request_no refunds once.
          if (!trade?.scanned || trade.tradeNo !== input.trade_no) return answer(res, 400, { code: 'ACQ.TRADE_NOT_EXIST', message: '交易不存在' });
          if (trade.status !== 'TRADE_SUCCESS') return answer(res, 400, { code: 'ACQ.TRADE_STATUS_ERROR', message: '交易状态不合法' });
          if (!/^\d+\.\d{2}$/.test(input.refund_amount) || Number(input.refund_amount) > Number(trade.totalAmount) || !input.out_request_no) {
            return answer(res, 400, { code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', message: '退款金额超限' });
          }
          const again = trade.refunds.has(input.out_request_no);
          trade.refunds.set(input.out_request_no, input.refund_amount);
          return answer(res, 200, {
            trade_no: trade.tradeNo,
            out_trade_no: trade.orderNo,
            buyer_logon_id: '159****5620',
            refund_fee: input.refund_amount,
            fund_change: again ? 'N' : 'Y',
            gmt_refund_pay: '2025-06-08 10:40:00',
          });
        }
        default:
          return answer(res, 404, { code: 'NOT_FOUND', message: '接口不存在' });
      }
    });
  });
  return {
    server,
    trades,
    seen,
    scan(orderNo: string) {
      const trade = trades.get(orderNo)!;
      trade.scanned = true;
      trade.tradeNo = `2025060822001${randomBytes(6).toString('hex')}`;
      return trade;
    },
  };
}

const fake = fakeAlipay();
await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

const options: AlipayOptions = {
  appId: APP_ID,
  privateKeyPem: pem(app.privateKey, 'pkcs8'),
  alipayPublicKeyPem: pem(alipay.publicKey, 'spki'),
  notifyUrl: NOTIFY_URL,
  endpoint,
};
const provider = new AlipayProvider(options);

/**
 * An asynchronous notification as Alipay POSTs it (application/x-www-form-urlencoded): every parameter but `sign` and
 * `sign_type`, sorted by name, `k=v` joined with `&`, signed RSA2 (SHA256withRSA) with Alipay's private key.
 */
function notification(params: Record<string, string>, { signWith = alipay.privateKey }: { signWith?: KeyObject } = {}) {
  const content = Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(signWith, 'base64');
  return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, rawBody: Buffer.from(new URLSearchParams({ ...params, sign, sign_type: 'RSA2' }).toString()) };
}

const paidParams = (orderNo: string, totalAmount: string, overrides: Record<string, string> = {}) => ({
  gmt_create: '2025-06-08 10:34:40',
  charset: 'utf-8',
  seller_email: 'zk***@example.com',
  subject: '购买功能项：公司二维码 1 个月',
  buyer_id: '2088102177846880',
  invoice_amount: totalAmount,
  notify_id: '2025060800222103456000015000123456',
  fund_bill_list: '[{"amount":"12.34","fundChannel":"ALIPAYACCOUNT"}]',
  notify_type: 'trade_status_sync',
  trade_status: 'TRADE_SUCCESS',
  receipt_amount: totalAmount,
  app_id: APP_ID,
  buyer_pay_amount: totalAmount,
  seller_id: '2088102177296610',
  gmt_payment: '2025-06-08 10:34:56',
  notify_time: '2025-06-08 10:34:57',
  version: '1.0',
  out_trade_no: orderNo,
  total_amount: totalAmount,
  trade_no: '2025060822001446881000123456',
  auth_app_id: APP_ID,
  point_amount: '0.00',
  ...overrides,
});

const bare = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('-----')).join('');

describe('Alipay OpenAPI v3 requests through alipay-sdk', () => {
  it('precreates a QR code with a request Alipay accepts, and believes the signed answer', async () => {
    const { codeUrl } = await provider.createQr({
      orderNo: 'ZK202506080101',
      amountCents: 1_234,
      description: '购买功能项：公司二维码 1 个月',
      expiresAt: new Date('2025-06-08T02:34:56.500Z'),
    });
    expect(codeUrl).toMatch(/^https:\/\/qr\.alipay\.com\/bax[0-9a-f]{12}$/);
    const request = fake.seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/v3/alipay/trade/precreate', signatureValid: true });
    expect(JSON.parse(request.body)).toEqual({
      out_trade_no: 'ZK202506080101',
      total_amount: '12.34',
      subject: '购买功能项：公司二维码 1 个月',
      time_expire: '2025-06-08 10:34:56',
      notify_url: NOTIFY_URL,
    });
  });

  it('a request signed with another application key is refused; an answer not signed by Alipay is not believed', async () => {
    const wrongKey = new AlipayProvider({ ...options, privateKeyPem: pem(stranger.privateKey, 'pkcs8') });
    await expect(wrongKey.createQr({ orderNo: 'ZK-BAD', amountCents: 100, description: '测试', expiresAt: new Date() })).rejects.toMatchObject({
      code: 'invalid-signature',
      responseHttpStatus: 401,
    });
    expect(fake.seen.at(-1)!.signatureValid).toBe(false);
    expect(fake.trades.has('ZK-BAD')).toBe(false);

    const wrongAlipayKey = new AlipayProvider({ ...options, alipayPublicKeyPem: pem(stranger.publicKey, 'spki') });
    await expect(wrongAlipayKey.createQr({ orderNo: 'ZK-FORGED', amountCents: 100, description: '测试', expiresAt: new Date() })).rejects.toMatchObject({
      code: 'response-signature-verify-error',
    });
  });

  it('accepts the keys as Alipay’s key tool writes them: bare base64 without PEM lines', async () => {
    const plain = new AlipayProvider({ ...options, privateKeyPem: bare(options.privateKeyPem), alipayPublicKeyPem: bare(options.alipayPublicKeyPem) });
    await expect(plain.createQr({ orderNo: 'ZK202506080102', amountCents: 1, description: '测试', expiresAt: new Date() })).resolves.toMatchObject({
      codeUrl: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//),
    });
    expect(fake.trades.get('ZK202506080102')!.totalAmount).toBe('0.01');
  });

  it('queries: trade not exist (not scanned) and waiting are pending, TRADE_SUCCESS is the payment in exact cents', async () => {
    await provider.createQr({ orderNo: 'ZK202506080103', amountCents: 1_234, description: '购买套餐', expiresAt: new Date(Date.now() + 1_800_000) });
    expect(await provider.query('ZK202506080103')).toBe('pending');
    expect(fake.seen.at(-1)).toMatchObject({ url: '/v3/alipay/trade/query', signatureValid: true });
    expect(JSON.parse(fake.seen.at(-1)!.body)).toEqual({ out_trade_no: 'ZK202506080103' });
    const trade = fake.scan('ZK202506080103');
    expect(await provider.query('ZK202506080103')).toBe('pending');
    trade.status = 'TRADE_SUCCESS';
    expect(await provider.query('ZK202506080103')).toEqual({
      orderNo: 'ZK202506080103',
      tradeNo: trade.tradeNo,
      amountCents: 1_234,
      paidAt: new Date('2025-06-08T02:34:56Z'),
    });
  });

  it('closes a trade; closing one Alipay does not know (never scanned) is not an error', async () => {
    await provider.createQr({ orderNo: 'ZK202506080104', amountCents: 500, description: '充值', expiresAt: new Date(Date.now() + 1_800_000) });
    await expect(provider.close('ZK202506080104')).resolves.toBeUndefined();
    fake.scan('ZK202506080104');
    await provider.close('ZK202506080104');
    expect(fake.seen.at(-1)).toMatchObject({ url: '/v3/alipay/trade/close', signatureValid: true });
    expect(fake.trades.get('ZK202506080104')!.status).toBe('TRADE_CLOSED');
  });
});

describe('Alipay close and refund', () => {
  it('closing a trade paid already is not an error (TRADE_STATUS_ERROR): the query after it tells the payment', async () => {
    await provider.createQr({ orderNo: 'ZK202506080105', amountCents: 1_234, description: '购买套餐', expiresAt: new Date(Date.now() + 1_800_000) });
    const trade = fake.scan('ZK202506080105');
    trade.status = 'TRADE_SUCCESS';
    await expect(provider.close('ZK202506080105')).resolves.toBeUndefined();
    expect(trade.status).toBe('TRADE_SUCCESS');
    expect(await provider.query('ZK202506080105')).toMatchObject({ tradeNo: trade.tradeNo, amountCents: 1_234 });
  });

  it('refunds a whole trade by alipay.trade.refund, a request Alipay accepts; the same request number refunds once', async () => {
    await provider.createQr({ orderNo: 'ZK202506080106', amountCents: 1_234, description: '购买套餐', expiresAt: new Date(Date.now() + 1_800_000) });
    const trade = fake.scan('ZK202506080106');
    trade.status = 'TRADE_SUCCESS';
    const request = { orderNo: 'ZK202506080106', tradeNo: trade.tradeNo!, refundNo: `RF${trade.tradeNo}`, amountCents: 1_234, reason: '订单已关闭，这笔付款不再入账' };
    expect(await provider.refund(request)).toEqual({ refundId: `RF${trade.tradeNo}` });
    expect(fake.seen.at(-1)).toMatchObject({ method: 'POST', url: '/v3/alipay/trade/refund', signatureValid: true });
    expect(JSON.parse(fake.seen.at(-1)!.body)).toEqual({
      out_trade_no: 'ZK202506080106',
      trade_no: trade.tradeNo,
      refund_amount: '12.34',
      out_request_no: `RF${trade.tradeNo}`,
      refund_reason: '订单已关闭，这笔付款不再入账',
    });
    await provider.refund(request);
    expect([...trade.refunds]).toEqual([[`RF${trade.tradeNo}`, '12.34']]);
    await expect(provider.refund({ ...request, tradeNo: '2025060822001000000000000000' })).rejects.toMatchObject({ code: 'ACQ.TRADE_NOT_EXIST' });
  });
});

describe('Alipay notifications', () => {
  it('a genuine notification is verified and read exactly: "12.34" is 1234 cents', async () => {
    expect(await provider.readNotification(notification(paidParams('ZK202506080110', '12.34')))).toEqual({
      orderNo: 'ZK202506080110',
      tradeNo: '2025060822001446881000123456',
      amountCents: 1_234,
      paidAt: new Date('2025-06-08T02:34:56Z'),
    });
    expect(await provider.readNotification(notification(paidParams('ZK202506080110', '0.29', { trade_status: 'TRADE_FINISHED' })))).toMatchObject({
      amountCents: 29,
    });
  });

  it('rejects a tampered, a badly signed, an unsigned notification and one for another application', async () => {
    const genuine = notification(paidParams('ZK202506080111', '12.34'));
    const cases = {
      'amount changed': { ...genuine, rawBody: Buffer.from(genuine.rawBody.toString().replace('total_amount=12.34', 'total_amount=0.01')) },
      'order changed': { ...genuine, rawBody: Buffer.from(genuine.rawBody.toString().replace('ZK202506080111', 'ZK202506080112')) },
      'signed with another key': notification(paidParams('ZK202506080111', '12.34'), { signWith: stranger.privateKey }),
      unsigned: { ...genuine, rawBody: Buffer.from(genuine.rawBody.toString().replace(/&sign=[^&]*/, '')) },
      'another application': notification(paidParams('ZK202506080111', '12.34', { app_id: '2021000000000002' })),
      'not a form': { ...genuine, rawBody: Buffer.from('{"trade_status":"TRADE_SUCCESS"}') },
    };
    for (const [name, forged] of Object.entries(cases)) {
      await expect(provider.readNotification(forged), name).rejects.toBeInstanceOf(NotificationRejected);
    }
  });

  it('a genuine notification that is not a payment reads as null; a malformed amount is rejected', async () => {
    expect(await provider.readNotification(notification(paidParams('ZK202506080113', '12.34', { trade_status: 'TRADE_CLOSED' })))).toBeNull();
    expect(await provider.readNotification(notification(paidParams('ZK202506080113', '12.34', { trade_status: 'WAIT_BUYER_PAY' })))).toBeNull();
    await expect(provider.readNotification(notification(paidParams('ZK202506080113', '12.345')))).rejects.toBeInstanceOf(NotificationRejected);
    await expect(provider.readNotification(notification(paidParams('ZK202506080113', '-1.00')))).rejects.toBeInstanceOf(NotificationRejected);
  });

  it('answers `success` when accepted, `fail` otherwise', () => {
    expect(provider.notificationAnswer(true)).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
    expect(provider.notificationAnswer(false)).toMatchObject({ body: 'fail' });
  });
});

describe('yuan and cents', () => {
  it('converts exactly, without floating point', () => {
    expect(['12.34', '0.1', '0.01', '100', '19.99', '0.07', '1234567.89'].map(centsOfYuan)).toEqual([1234, 10, 1, 10000, 1999, 7, 123456789]);
    expect(['', '1.234', 'abc', '1e3', '-1', '1.'].map(centsOfYuan)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect([1234, 5, 100, 0, 123456789].map(yuanOf)).toEqual(['12.34', '0.05', '1.00', '0.00', '1234567.89']);
    for (let cents = 0; cents < 20_000; cents += 7) expect(centsOfYuan(yuanOf(cents))).toBe(cents);
    expect(beijingDateTime(new Date('2025-12-31T16:00:00Z'))).toBe('2026-01-01 00:00:00');
  });
});
