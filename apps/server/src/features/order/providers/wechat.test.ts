// runs on PostgreSQL too: one payment notification posted twenty times at once
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORDER_PAID_BY_QR, companyBuyFunction, payByQr, saveCompanyRecharge, syncCallback, walletPay } from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { companyOrder, paymentEvent, walletLedger } from '../../../db/tables.js';
import { atOnce, expectError, useTestApp } from '../../../test/app.js';
import { NotificationRejected } from './provider.js';
import { WechatPayError, WechatPayProvider, rfc3339Beijing, type WechatPayOptions } from './wechat.js';

/*
 * A local server that speaks WeChat Pay API v3 as the real one does, with keys made here: it checks each request's
 * `WECHATPAY2-SHA256-RSA2048` signature with the merchant's public key (refusing a bad one as WeChat Pay would) and
 * signs each answer with the "WeChat Pay public key" pair. Notifications are built, signed and AES-GCM-encrypted the
 * way WeChat Pay sends them. Nothing of our own code is replaced.
 */

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();
const merchant = pair();
const platform = pair();
const stranger = pair();
const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000001092025010100000000000001';
const APIV3_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const NOTIFY_URL = 'https://zk.example.com/api/pay/notify/wechat';

interface FakeTrade {
  orderNo: string;
  total: number;
  description: string;
  timeExpire: string;
  notifyUrl: string;
  state: 'NOTPAY' | 'USERPAYING' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId?: string;
  successTime?: string;
}

/** A refund the fake WeChat Pay accepted, by out_refund_no. */
interface FakeRefund {
  refundId: string;
  outRefundNo: string;
  transactionId: string;
  refund: number;
  reason: string;
}

/** What the fake WeChat Pay saw: each request with whether its signature held. */
interface SeenRequest {
  method: string;
  url: string;
  body: string;
  signatureValid: boolean;
}

/** The check WeChat Pay makes of a merchant's request. */
const signatureHolds = (req: IncomingMessage, body: string) => {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? '');
  if (!match) return false;
  const fields = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  if (fields.mchid !== MCHID || fields.serial_no !== MERCHANT_SERIAL || !fields.nonce_str || !fields.signature) return false;
  if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return false;
  return createVerify('RSA-SHA256')
    .update(`${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`)
    .verify(merchant.publicKey, fields.signature, 'base64');
};

function fakeWechatPay() {
  const trades = new Map<string, FakeTrade>();
  const refunds = new Map<string, FakeRefund>();
  const seen: SeenRequest[] = [];
  let responseKey = platform.privateKey;

  const answer = (res: ServerResponse, status: number, body: object | null) => {
    const text = body === null ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${text}\n`).sign(responseKey, 'base64');
    res.writeHead(status, {
      ...(body === null ? {} : { 'Content-Type': 'application/json' }),
      'Request-ID': randomUUID(),
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Serial': PUBLIC_KEY_ID,
      'Wechatpay-Signature': signature,
    });
    res.end(text);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signatureValid = signatureHolds(req, body);
      seen.push({ method: req.method!, url: req.url!, body, signatureValid });
      if (!signatureValid) return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      const url = new URL(req.url!, 'http://wechat.local');
      const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
        const input = JSON.parse(body);
        if (input.mchid !== MCHID || input.appid !== APPID || !Number.isInteger(input.amount?.total) || input.amount.currency !== 'CNY') {
          return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
        }
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(input.time_expire)) return answer(res, 400, { code: 'PARAM_ERROR', message: 'time_expire 格式错误' });
        trades.set(input.out_trade_no, {
          orderNo: input.out_trade_no,
          total: input.amount.total,
          description: input.description,
          timeExpire: input.time_expire,
          notifyUrl: input.notify_url,
          state: 'NOTPAY',
        });
        return answer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` });
      }
      if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
        // 申请退款 as WeChat Pay checks it: a known paid transaction, the whole amount at most, CNY; the same out_refund_no refunds once.
        const input = JSON.parse(body);
        const trade = [...trades.values()].find((t) => t.transactionId && t.transactionId === input.transaction_id);
        if (!trade) return answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
        if (!input.out_refund_no || !/^[0-9A-Za-z_\-|*@]{1,64}$/.test(input.out_refund_no) || input.amount?.currency !== 'CNY') {
          return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
        }
        if (input.amount.total !== trade.total || !Number.isInteger(input.amount.refund) || input.amount.refund > trade.total) {
          return answer(res, 400, { code: 'PARAM_ERROR', message: '退款金额不正确' });
        }
        let refund = refunds.get(input.out_refund_no);
        if (!refund) {
          refund = { refundId: `5030${Date.now()}${randomBytes(4).toString('hex')}`, outRefundNo: input.out_refund_no, transactionId: trade.transactionId!, refund: input.amount.refund, reason: input.reason };
          refunds.set(refund.outRefundNo, refund);
          trade.state = 'REFUND';
        }
        return answer(res, 200, {
          refund_id: refund.refundId,
          out_refund_no: refund.outRefundNo,
          transaction_id: refund.transactionId,
          out_trade_no: trade.orderNo,
          channel: 'ORIGINAL',
          user_received_account: '支付用户零钱',
          create_time: '2025-06-08T10:40:00+08:00',
          status: 'PROCESSING',
          amount: { total: trade.total, refund: refund.refund, payer_total: trade.total, payer_refund: refund.refund, currency: 'CNY' },
        });
      }
      if (byNo) {
        const trade = trades.get(decodeURIComponent(byNo[1]!));
        if (req.method === 'GET' && !byNo[2]) {
          if (url.searchParams.get('mchid') !== MCHID) return answer(res, 400, { code: 'PARAM_ERROR', message: 'mchid 错误' });
          if (!trade) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
          return answer(res, 200, {
            appid: APPID,
            mchid: MCHID,
            out_trade_no: trade.orderNo,
            trade_state: trade.state,
            trade_state_desc: trade.state,
            ...(trade.transactionId && { transaction_id: trade.transactionId, success_time: trade.successTime, trade_type: 'NATIVE' }),
            amount: { total: trade.total, payer_total: trade.state === 'SUCCESS' ? trade.total : undefined, currency: 'CNY', payer_currency: 'CNY' },
          });
        }
        if (req.method === 'POST' && byNo[2]) {
          if (JSON.parse(body || '{}').mchid !== MCHID) return answer(res, 400, { code: 'PARAM_ERROR', message: 'mchid 错误' });
          if (!trade) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
          if (trade.state === 'SUCCESS') return answer(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
          trade.state = 'CLOSED';
          return answer(res, 204, null);
        }
      }
      return answer(res, 404, { code: 'NOT_FOUND', message: '接口不存在' });
    });
  });
  return {
    server,
    trades,
    refunds,
    seen,
    /** The payer pays the trade: WeChat Pay gives it a transaction id. */
    pay(orderNo: string) {
      const trade = trades.get(orderNo)!;
      trade.state = 'SUCCESS';
      trade.transactionId = `4200${Date.now()}${randomBytes(4).toString('hex')}`;
      trade.successTime = '2025-06-08T10:34:56+08:00';
      return trade;
    },
    signResponsesWith(key: KeyObject) {
      responseKey = key;
    },
  };
}

const fake = fakeWechatPay();
await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

const options: WechatPayOptions = {
  mchId: MCHID,
  appId: APPID,
  serialNo: MERCHANT_SERIAL,
  privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
  publicKeyId: PUBLIC_KEY_ID,
  publicKeyPem: pem(platform.publicKey, 'spki'),
  apiV3Key: APIV3_KEY,
  notifyUrl: NOTIFY_URL,
  baseUrl,
};
const provider = new WechatPayProvider(options);

/** A transaction notification exactly as WeChat Pay POSTs it: resource encrypted with the APIv3 key, body signed. */
function notification(
  transaction: object,
  {
    eventType = 'TRANSACTION.SUCCESS',
    signWith = platform.privateKey,
    serial = PUBLIC_KEY_ID,
    skewSeconds = 0,
    apiV3Key = APIV3_KEY,
  }: { eventType?: string; signWith?: KeyObject; serial?: string; skewSeconds?: number; apiV3Key?: string } = {},
) {
  const nonce = randomBytes(6).toString('hex'); // 12 characters, as WeChat Pay's
  const associatedData = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  const rawBody = Buffer.from(
    JSON.stringify({
      id: randomUUID(),
      create_time: '2025-06-08T10:34:56+08:00',
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce },
    }),
  );
  const timestamp = String(Math.floor(Date.now() / 1000) + skewSeconds);
  const headerNonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${headerNonce}\n`).update(rawBody).update('\n').sign(signWith, 'base64');
  return {
    headers: {
      'content-type': 'application/json',
      'wechatpay-serial': serial,
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-signature': signature,
    } as Record<string, string>,
    rawBody,
  };
}

const transaction = (orderNo: string, total: number, overrides: object = {}) => ({
  appid: APPID,
  mchid: MCHID,
  out_trade_no: orderNo,
  transaction_id: '4200000985202506081234567890',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  success_time: '2025-06-08T10:34:56+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
  ...overrides,
});

describe('WeChat Pay API v3 requests', () => {
  it('makes a Native QR code with a request WeChat Pay accepts, and verifies the signed answer', async () => {
    const expiresAt = new Date('2025-06-08T02:34:56.789Z');
    const { codeUrl } = await provider.createQr({ orderNo: 'ZK202506080001', amountCents: 12_345, description: '购买功能项：公司二维码 1 个月', expiresAt });
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=[0-9a-f]{10}$/);
    const request = fake.seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/v3/pay/transactions/native', signatureValid: true });
    expect(JSON.parse(request.body)).toEqual({
      appid: APPID,
      mchid: MCHID,
      description: '购买功能项：公司二维码 1 个月',
      out_trade_no: 'ZK202506080001',
      time_expire: '2025-06-08T10:34:56+08:00',
      notify_url: NOTIFY_URL,
      amount: { total: 12_345, currency: 'CNY' },
    });
    expect(rfc3339Beijing(new Date('2025-12-31T16:00:00Z'))).toBe('2026-01-01T00:00:00+08:00');
  });

  it('a request signed with another key is refused by WeChat Pay, and the refusal is an error', async () => {
    const wrong = new WechatPayProvider({ ...options, privateKeyPem: pem(stranger.privateKey, 'pkcs8') });
    const error = await wrong.createQr({ orderNo: 'ZK-BAD-SIGN', amountCents: 100, description: '测试', expiresAt: new Date(Date.now() + 60_000) }).catch((e) => e);
    expect(error).toBeInstanceOf(WechatPayError);
    expect(error).toMatchObject({ status: 401, code: 'SIGN_ERROR' });
    expect(fake.seen.at(-1)!.signatureValid).toBe(false);
    expect(fake.trades.has('ZK-BAD-SIGN')).toBe(false);
  });

  it('an answer not signed with the WeChat Pay public key is not believed', async () => {
    fake.signResponsesWith(stranger.privateKey);
    try {
      const error = await provider.createQr({ orderNo: 'ZK-FORGED', amountCents: 100, description: '测试', expiresAt: new Date(Date.now() + 60_000) }).catch((e) => e);
      expect(error).toBeInstanceOf(WechatPayError);
      expect(error).toMatchObject({ code: 'SIGN_ERROR' });
      await expect(provider.query('ZK202506080001')).rejects.toMatchObject({ code: 'SIGN_ERROR' });
    } finally {
      fake.signResponsesWith(platform.privateKey);
    }
  });

  it('queries: NOTPAY and USERPAYING are pending, ORDER_NOT_EXIST is pending, SUCCESS is the payment', async () => {
    await provider.createQr({ orderNo: 'ZK202506080002', amountCents: 9_900, description: '购买套餐', expiresAt: new Date(Date.now() + 1_800_000) });
    expect(await provider.query('ZK202506080002')).toBe('pending');
    expect(fake.seen.at(-1)).toMatchObject({ method: 'GET', url: `/v3/pay/transactions/out-trade-no/ZK202506080002?mchid=${MCHID}`, signatureValid: true });
    fake.trades.get('ZK202506080002')!.state = 'USERPAYING';
    expect(await provider.query('ZK202506080002')).toBe('pending');
    expect(await provider.query('ZK-NEVER-MADE')).toBe('pending');
    const paid = fake.pay('ZK202506080002');
    expect(await provider.query('ZK202506080002')).toEqual({
      orderNo: 'ZK202506080002',
      tradeNo: paid.transactionId,
      amountCents: 9_900,
      paidAt: new Date('2025-06-08T02:34:56Z'),
    });
  });

  it('closes a trade (204, verified); closing an unknown trade is not an error', async () => {
    await provider.createQr({ orderNo: 'ZK202506080003', amountCents: 500, description: '充值', expiresAt: new Date(Date.now() + 1_800_000) });
    await provider.close('ZK202506080003');
    expect(fake.seen.at(-1)).toMatchObject({ method: 'POST', url: '/v3/pay/transactions/out-trade-no/ZK202506080003/close', signatureValid: true });
    expect(JSON.parse(fake.seen.at(-1)!.body)).toEqual({ mchid: MCHID });
    expect(fake.trades.get('ZK202506080003')!.state).toBe('CLOSED');
    await expect(provider.close('ZK-NEVER-MADE')).resolves.toBeUndefined();
    expect(await provider.query('ZK202506080003')).toBe('pending');
  });
});

describe('WeChat Pay close and refund', () => {
  it('closing a trade paid already is not an error (ORDERPAID): the query after it tells the payment', async () => {
    await provider.createQr({ orderNo: 'ZK202506080004', amountCents: 700, description: '购买套餐', expiresAt: new Date(Date.now() + 1_800_000) });
    const paid = fake.pay('ZK202506080004');
    await expect(provider.close('ZK202506080004')).resolves.toBeUndefined();
    expect(fake.trades.get('ZK202506080004')!.state).toBe('SUCCESS');
    expect(await provider.query('ZK202506080004')).toMatchObject({ tradeNo: paid.transactionId, amountCents: 700 });
  });

  it('refunds a whole transaction with a signed 申请退款 WeChat Pay accepts; the same refund number refunds once', async () => {
    await provider.createQr({ orderNo: 'ZK202506080005', amountCents: 8_800, description: '购买套餐', expiresAt: new Date(Date.now() + 1_800_000) });
    const paid = fake.pay('ZK202506080005');
    const request = { orderNo: 'ZK202506080005', tradeNo: paid.transactionId!, refundNo: `RF${paid.transactionId}`, amountCents: 8_800, reason: '订单已由钱包余额支付，这笔付款不再入账' };
    const { refundId } = await provider.refund(request);
    const seen = fake.seen.at(-1)!;
    expect(seen).toMatchObject({ method: 'POST', url: '/v3/refund/domestic/refunds', signatureValid: true });
    expect(JSON.parse(seen.body)).toEqual({
      transaction_id: paid.transactionId,
      out_refund_no: `RF${paid.transactionId}`,
      reason: '订单已由钱包余额支付，这笔付款不再入账',
      amount: { refund: 8_800, total: 8_800, currency: 'CNY' },
    });
    expect(refundId).toBe(fake.refunds.get(`RF${paid.transactionId}`)!.refundId);
    expect((await provider.refund(request)).refundId).toBe(refundId);
    expect(fake.refunds.size).toBe(1);
    await expect(provider.refund({ ...request, tradeNo: '4200000000000000000000000000' })).rejects.toMatchObject({ code: 'RESOURCE_NOT_EXISTS' });
  });
});

describe('WeChat Pay notifications', () => {
  it('a genuine notification is verified, decrypted and read exactly', async () => {
    const payment = await provider.readNotification(notification(transaction('ZK202506080010', 12_345)));
    expect(payment).toEqual({
      orderNo: 'ZK202506080010',
      tradeNo: '4200000985202506081234567890',
      amountCents: 12_345,
      paidAt: new Date('2025-06-08T02:34:56Z'),
    });
  });

  it('rejects a tampered body, a wrong signature, a stale or future timestamp, an unknown serial, a wrong key', async () => {
    const genuine = notification(transaction('ZK202506080011', 100));
    const tampered = { headers: genuine.headers, rawBody: Buffer.from(genuine.rawBody.toString().replace('"summary":"支付成功"', '"summary":"支付成功 "')) };
    const cases = {
      tampered,
      'wrong signature': notification(transaction('ZK202506080011', 100), { signWith: stranger.privateKey }),
      // 30 s past the five minutes: the cases are read one after another, and a loaded machine takes seconds over them
      'stale timestamp': notification(transaction('ZK202506080011', 100), { skewSeconds: -330 }),
      'future timestamp': notification(transaction('ZK202506080011', 100), { skewSeconds: 330 }),
      'unknown serial': notification(transaction('ZK202506080011', 100), { serial: 'PUB_KEY_ID_0119000001092025010100000000000002' }),
      'encrypted with another APIv3 key': notification(transaction('ZK202506080011', 100), { apiV3Key: 'z'.repeat(32) }),
      'another merchant': notification(transaction('ZK202506080011', 100, { mchid: '1900000110' })),
      'no signature': { headers: { ...genuine.headers, 'wechatpay-signature': '' }, rawBody: genuine.rawBody },
    };
    for (const [name, forged] of Object.entries(cases)) {
      await expect(provider.readNotification(forged), name).rejects.toBeInstanceOf(NotificationRejected);
    }
    // Within five minutes is fine.
    expect(await provider.readNotification(notification(transaction('ZK202506080011', 100), { skewSeconds: -280 }))).toMatchObject({ amountCents: 100 });
  });

  it('a genuine notification that is not a successful payment reads as null', async () => {
    expect(await provider.readNotification(notification(transaction('ZK202506080012', 100), { eventType: 'REFUND.SUCCESS' }))).toBeNull();
    expect(await provider.readNotification(notification(transaction('ZK202506080012', 100, { trade_state: 'CLOSED' })))).toBeNull();
  });

  it('answers 204 without a body when accepted, 500 with FAIL otherwise', () => {
    expect(provider.notificationAnswer(true)).toEqual({ status: 204 });
    expect(provider.notificationAnswer(false)).toEqual({ status: 500, contentType: 'application/json', body: '{"code":"FAIL","message":"失败"}' });
  });
});

describe('WeChat Pay through the server', () => {
  const t = useTestApp({
    payment: {
      notifyBaseUrl: 'https://zk.example.com',
      wechat: { ...options, notifyUrl: undefined } as never,
    },
  });

  it('pays a recharge by a WeChat Pay QR code; the same notification posted 20 times at once credits once', async () => {
    const order = (await t.call(saveCompanyRecharge, { amountY: '88.80' }, { token: t.admin })).data;
    const paying = (await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin })).data;
    expect(paying).toMatchObject({ payChannel: 1, provider: 'wechat', status: 0 });
    expect(paying.payH5QrCodeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const trade = fake.trades.get(order.orderId)!;
    expect(trade).toMatchObject({ total: 8_880, notifyUrl: 'https://zk.example.com/api/pay/notify/wechat' });
    // Not paid yet: the dialog's poll asks WeChat Pay and hears NOTPAY.
    expect((await t.call(syncCallback, { orderId: order.orderId }, { token: t.admin })).data.status).toBe(0);

    const paid = fake.pay(order.orderId);
    const { headers, rawBody } = notification(transaction(order.orderId, 8_880, { transaction_id: paid.transactionId }));
    const answers = await atOnce(20, () => t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers, payload: rawBody }));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    expect(answers.every((a) => a.body === '')).toBe(true);

    const [row] = await t.db.select().from(companyOrder).where(eq(companyOrder.orderNo, order.orderId));
    expect(row).toMatchObject({ status: 1, tradeNo: paid.transactionId, provider: 'wechat' });
    const events = await t.db.select().from(paymentEvent).where(eq(paymentEvent.orderNo, order.orderId));
    expect(events.filter((e) => e.outcome === 'paid')).toHaveLength(1);
    expect(events.filter((e) => e.outcome === 'repeated')).toHaveLength(19);
    const credits = await t.db.select().from(walletLedger).where(eq(walletLedger.orderNo, order.orderId));
    expect(credits.map((c) => c.amount)).toEqual([8_880]);
  });

  /** The company's wallet holds `cents` (an adjustment row, as the operator's correction would). */
  const fund = async (cents: number) => {
    await t.db.execute(sql`insert into company_wallet (company_id, total_balance) values (${t.company1}, ${cents})
      on conflict (company_id) do update set total_balance = excluded.total_balance`);
  };
  const buy = async () => (await t.call(companyBuyFunction, { time: 1, timeType: 1, functionList: ['company_qr_code'] }, { token: t.admin })).data;

  it('paying from the wallet closes the WeChat Pay order first; paid there already (ORDERPAID), the wallet is not charged', async () => {
    await fund(50_000);
    const order = await buy();
    await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin });
    const paid = fake.pay(order.orderId);
    expectError(await t.call(walletPay, { id: order.id }, { token: t.admin }), 409, ORDER_PAID_BY_QR);
    const calls = fake.seen.filter((r) => r.url.includes(order.orderId)).map((r) => `${r.method} ${r.url.split('?')[0]}`);
    expect(calls.slice(-2)).toEqual([`POST /v3/pay/transactions/out-trade-no/${order.orderId}/close`, `GET /v3/pay/transactions/out-trade-no/${order.orderId}`]);
    const [row] = await t.db.select().from(companyOrder).where(eq(companyOrder.id, order.id));
    expect(row).toMatchObject({ status: 1, provider: 'wechat', tradeNo: paid.transactionId });
    expect(await t.db.select().from(walletLedger).where(eq(walletLedger.orderNo, order.orderId))).toEqual([]);
  });

  it('a WeChat Pay payment for an order the wallet paid is refunded by 申请退款, once; the notification is answered 204', async () => {
    await fund(50_000);
    const order = await buy();
    await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin });
    expect((await t.call(walletPay, { id: order.id }, { token: t.admin })).data).toMatchObject({ status: 1, provider: 'wallet' });
    expect(fake.trades.get(order.orderId)!.state).toBe('CLOSED');
    // Paid anyway (a payment WeChat Pay took as the close crossed it): its notification comes, five times.
    const paid = fake.pay(order.orderId);
    const { headers, rawBody } = notification(transaction(order.orderId, order.totalAmount, { transaction_id: paid.transactionId }));
    const answers = await atOnce(5, () => t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers, payload: rawBody }));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(204));
    const refunds = [...fake.refunds.values()].filter((r) => r.transactionId === paid.transactionId);
    expect(refunds).toEqual([
      { refundId: expect.any(String), outRefundNo: `RF${paid.transactionId}`, transactionId: paid.transactionId, refund: order.totalAmount, reason: '订单已由钱包余额支付，这笔付款不再入账' },
    ]);
    const events = await t.db.select().from(paymentEvent).where(eq(paymentEvent.orderId, order.id)).orderBy(paymentEvent.id);
    expect(events.map((e) => e.outcome)).toEqual(['refunded', 'repeated', 'repeated', 'repeated', 'repeated']);
    expect(events[0]!.reason).toContain(`已原路退款（退款单号 RF${paid.transactionId}，平台退款号 ${refunds[0]!.refundId}）`);
    const [row] = await t.db.select().from(companyOrder).where(eq(companyOrder.id, order.id));
    expect(row).toMatchObject({ status: 1, provider: 'wallet', tradeNo: `WALLET-${order.orderId}` });
  });

  it('a forged notification is answered 500 FAIL and changes nothing', async () => {
    const order = (await t.call(saveCompanyRecharge, { amountY: '10.00' }, { token: t.admin })).data;
    await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin });
    const { headers, rawBody } = notification(transaction(order.orderId, 1_000), { signWith: stranger.privateKey });
    const answer = await t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers, payload: rawBody });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ code: 'FAIL', message: '失败' });
    const [row] = await t.db.select().from(companyOrder).where(eq(companyOrder.orderNo, order.orderId));
    expect(row!.status).toBe(0);
  });
});
