import { createDecipheriv, createPrivateKey, createPublicKey, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import {
  NotificationRejected, isFreshTimestamp, type NotificationAnswer, type PaymentProvider, type ProviderPayment,
  type QrRequest, type RawNotification, type RefundRequest,
} from './provider.js';
import type { WechatPayConfig } from '../../../shared/config.js';

const DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com';

export interface WechatPayOptions extends WechatPayConfig {
  /** Where WeChat Pay POSTs its notifications (https, on our notification route). */
  notifyUrl: string;
  /** Milliseconds an API call may take. */
  timeoutMs?: number;
}

interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

/** An API call WeChat Pay answered with an error (its `code` and `message`), or a response that failed verification. */
export class WechatPayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * WeChat Pay API v3, Native (QR code) payments, with `node:crypto` and `fetch` only: requests signed
 * `WECHATPAY2-SHA256-RSA2048` with the merchant key, responses and notifications verified with the 微信支付公钥 chosen
 * by `Wechatpay-Serial`, notification resources decrypted with AEAD_AES_256_GCM and the APIv3 key.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat';
  private readonly baseUrl: string;
  private readonly privateKey: KeyObject;
  private readonly publicKeys: Map<string, KeyObject>;
  private readonly apiV3Key: Buffer;

  constructor(private readonly options: WechatPayOptions) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.privateKey = createPrivateKey(options.privateKeyPem);
    this.publicKeys = new Map([[options.publicKeyId, createPublicKey(options.publicKeyPem)]]);
    this.apiV3Key = Buffer.from(options.apiV3Key, 'utf8');
    if (this.apiV3Key.length !== 32) throw new Error('微信支付 APIv3 密钥必须是 32 个字节');
  }

  async createQr(request: QrRequest): Promise<{ codeUrl: string }> {
    const { body } = await this.request('POST', '/v3/pay/transactions/native', {
      appid: this.options.appId,
      mchid: this.options.mchId,
      description: [...request.description].slice(0, 127).join(''),
      out_trade_no: request.orderNo,
      time_expire: rfc3339Beijing(request.expiresAt),
      notify_url: this.options.notifyUrl,
      amount: { total: request.amountCents, currency: 'CNY' },
    });
    const codeUrl = (body as { code_url?: unknown } | null)?.code_url;
    if (typeof codeUrl !== 'string' || !codeUrl) throw new WechatPayError('微信支付未返回收款码', 200, 'NO_CODE_URL');
    return { codeUrl };
  }

  async query(orderNo: string): Promise<ProviderPayment | 'pending'> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.options.mchId)}`;
    let transaction: Transaction;
    try {
      transaction = (await this.request('GET', path)).body as Transaction;
    } catch (error) {
      // Until the QR code is scanned WeChat Pay knows no such trade: not paid yet, not an error.
      if (error instanceof WechatPayError && error.code === 'ORDER_NOT_EXIST') return 'pending';
      throw error;
    }
    if (transaction.trade_state !== 'SUCCESS') return 'pending';
    return this.paymentOf(transaction, (message) => new WechatPayError(message, 200, 'BAD_TRANSACTION'));
  }

  async close(orderNo: string): Promise<void> {
    try {
      await this.request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, { mchid: this.options.mchId });
    } catch (error) {
      // Never scanned, already closed, or paid before the close (the query that follows tells the payment).
      if (error instanceof WechatPayError && ['ORDER_NOT_EXIST', 'ORDER_CLOSED', 'ORDERPAID'].includes(error.code)) return;
      throw error;
    }
  }

  /** 申请退款 (`POST /v3/refund/domestic/refunds`) of the whole transaction; the same `out_refund_no` again refunds once. */
  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const { body } = await this.request('POST', '/v3/refund/domestic/refunds', {
      transaction_id: request.tradeNo,
      out_refund_no: request.refundNo,
      reason: [...request.reason].slice(0, 80).join(''),
      amount: { refund: request.amountCents, total: request.amountCents, currency: 'CNY' },
    });
    const refund = (body ?? {}) as { refund_id?: unknown; status?: unknown };
    // SUCCESS, or PROCESSING (the money is on its way back); CLOSED and ABNORMAL need the merchant platform.
    if (typeof refund.refund_id !== 'string' || (refund.status !== 'SUCCESS' && refund.status !== 'PROCESSING')) {
      throw new WechatPayError(`微信支付退款未受理（${String(refund.status ?? '无状态')}）`, 200, 'REFUND_NOT_ACCEPTED');
    }
    return { refundId: refund.refund_id };
  }

  async readNotification({ headers, rawBody }: RawNotification): Promise<ProviderPayment | null> {
    this.verify(headers, rawBody, (message) => new NotificationRejected(message));
    let event: { event_type?: string; resource?: { algorithm?: string; ciphertext?: string; associated_data?: string; nonce?: string } };
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new NotificationRejected('通知内容不正确');
    }
    const resource = event.resource;
    if (!resource || resource.algorithm !== 'AEAD_AES_256_GCM' || typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
      throw new NotificationRejected('通知内容不正确');
    }
    let transaction: Transaction;
    try {
      transaction = JSON.parse(decryptResource(this.apiV3Key, resource.ciphertext, resource.nonce, resource.associated_data ?? ''));
    } catch {
      throw new NotificationRejected('通知内容无法解密');
    }
    if (transaction.mchid !== undefined && transaction.mchid !== this.options.mchId) throw new NotificationRejected('通知的商户号不是本商户');
    if (transaction.appid !== undefined && transaction.appid !== this.options.appId) throw new NotificationRejected('通知的 AppID 不是本商户的');
    if (event.event_type !== 'TRANSACTION.SUCCESS' || transaction.trade_state !== 'SUCCESS') return null;
    return this.paymentOf(transaction, (message) => new NotificationRejected(message));
  }

  notificationAnswer(ok: boolean): NotificationAnswer {
    return ok ? { status: 204 } : { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  private paymentOf(transaction: Transaction, fail: (message: string) => Error): ProviderPayment {
    const total = transaction.amount?.total;
    const paidAt = new Date(transaction.success_time ?? '');
    if (typeof transaction.out_trade_no !== 'string' || typeof transaction.transaction_id !== 'string' || !transaction.transaction_id) {
      throw fail('交易内容不完整');
    }
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) throw fail('交易金额不正确');
    if (transaction.amount?.currency !== undefined && transaction.amount.currency !== 'CNY') throw fail('交易币种不是人民币');
    return {
      orderNo: transaction.out_trade_no,
      tradeNo: transaction.transaction_id,
      amountCents: total,
      paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt,
    };
  }

  /** One signed API call; a 2xx answer is verified before it is believed. Throws `WechatPayError` otherwise. */
  private async request(method: 'GET' | 'POST', pathAndQuery: string, payload?: object): Promise<{ status: number; body: unknown }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256').update(`${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`).sign(this.privateKey, 'base64');
    const authorization =
      `WECHATPAY2-SHA256-RSA2048 mchid="${this.options.mchId}",nonce_str="${nonce}",signature="${signature}",` +
      `timestamp="${timestamp}",serial_no="${this.options.serialNo}"`;
    let response: Response;
    try {
      const headers: Record<string, string> = { Authorization: authorization, Accept: 'application/json', 'User-Agent': 'zhaokao-server' };
      const signal = AbortSignal.timeout(this.options.timeoutMs ?? 10_000);
      const url = `${this.baseUrl}${pathAndQuery}`;
      response =
        method === 'GET'
          ? await fetch(url, { method: 'GET', headers, signal })
          : await fetch(url, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body, signal });
    } catch (error) {
      throw new WechatPayError(`无法连接微信支付：${(error as Error).message}`, 0, 'NETWORK');
    }
    const raw = Buffer.from(await response.arrayBuffer());
    let parsed: unknown = null;
    if (raw.length > 0) {
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        parsed = null;
      }
    }
    if (!response.ok) {
      const error = (parsed ?? {}) as { code?: string; message?: string };
      throw new WechatPayError(error.message ?? `微信支付返回 HTTP ${response.status}`, response.status, error.code ?? `HTTP_${response.status}`);
    }
    const responseHeaders: Record<string, string | undefined> = {};
    response.headers.forEach((value, key) => (responseHeaders[key.toLowerCase()] = value));
    this.verify(responseHeaders, raw, (message) => new WechatPayError(`微信支付应答验签失败：${message}`, response.status, 'SIGN_ERROR'));
    return { status: response.status, body: parsed };
  }

  /** Checks `Wechatpay-*` headers against `body` (its bytes as received): known serial, fresh timestamp, valid signature. */
  private verify(headers: Record<string, string | undefined>, body: Buffer, fail: (message: string) => Error) {
    const serial = headers['wechatpay-serial'] ?? '';
    const timestamp = headers['wechatpay-timestamp'] ?? '';
    const nonce = headers['wechatpay-nonce'] ?? '';
    const signature = headers['wechatpay-signature'] ?? '';
    const key = this.publicKeys.get(serial);
    if (!key) throw fail('未知的微信支付公钥序列号');
    if (!isFreshTimestamp(timestamp)) throw fail('时间戳不正确');
    if (!nonce || !signature) throw fail('签名不正确');
    const valid = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n`).update(body).update('\n').verify(key, signature, 'base64');
    if (!valid) throw fail('签名不正确');
  }
}

/** AEAD_AES_256_GCM as WeChat Pay uses it: base64 ciphertext whose last 16 bytes are the tag; nonce and AAD as UTF-8. */
export function decryptResource(key: Buffer, ciphertext: string, nonce: string, associatedData: string): string {
  const bytes = Buffer.from(ciphertext, 'base64');
  if (bytes.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
}

/** `2025-06-08T10:34:56+08:00`: the instant in Beijing time, as WeChat Pay's `time_expire` wants it. */
export function rfc3339Beijing(date: Date): string {
  const beijing = new Date(Math.floor(date.getTime() / 1000) * 1000 + 8 * 3600 * 1000);
  return `${beijing.toISOString().slice(0, 19)}+08:00`;
}
