import { AlipayRequestError, AlipaySdk } from 'alipay-sdk';
import {
  NotificationRejected, type NotificationAnswer, type PaymentProvider, type ProviderPayment, type QrRequest,
  type RawNotification, type RefundRequest,
} from './provider.js';
import type { AlipayConfig } from '../../../shared/config.js';

export interface AlipayOptions extends AlipayConfig {
  /** Where Alipay POSTs its notifications (on our notification route). */
  notifyUrl: string;
  /** Milliseconds an API call may take. */
  timeoutMs?: number;
}

interface AlipayTrade {
  out_trade_no?: string;
  trade_no?: string;
  trade_status?: string;
  total_amount?: string;
  send_pay_date?: string;
}

/** The trade is not known to Alipay yet: it exists only once the QR code is scanned. */
const isTradeNotExist = (error: unknown) => error instanceof AlipayRequestError && (error.code ?? '').endsWith('TRADE_NOT_EXIST');

/**
 * Alipay 当面付 (precreate QR code) through the official `alipay-sdk` and its OpenAPI v3 calls (requests signed and
 * responses verified RSA2 by the SDK); notifications checked RSA2 with Alipay's public key.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';
  private readonly sdk: AlipaySdk;

  constructor(private readonly options: AlipayOptions) {
    this.sdk = new AlipaySdk({
      appId: options.appId,
      privateKey: options.privateKeyPem,
      alipayPublicKey: options.alipayPublicKeyPem,
      keyType: 'PKCS8',
      signType: 'RSA2',
      timeout: options.timeoutMs ?? 10_000,
      ...(options.endpoint && { endpoint: options.endpoint.replace(/\/+$/, '') }),
    });
  }

  async createQr(request: QrRequest): Promise<{ codeUrl: string }> {
    const { data } = await this.sdk.curl<{ qr_code?: string }>('POST', '/v3/alipay/trade/precreate', {
      body: {
        out_trade_no: request.orderNo,
        total_amount: yuanOf(request.amountCents),
        // Alipay refuses a few special characters in the subject.
        subject: request.description.replace(/[/=&]/g, ' ').slice(0, 256),
        time_expire: beijingDateTime(request.expiresAt),
        notify_url: this.options.notifyUrl,
      },
    });
    if (typeof data?.qr_code !== 'string' || !data.qr_code) throw new Error('支付宝未返回收款码');
    return { codeUrl: data.qr_code };
  }

  async query(orderNo: string): Promise<ProviderPayment | 'pending'> {
    let trade: AlipayTrade;
    try {
      trade = (await this.sdk.curl<AlipayTrade>('POST', '/v3/alipay/trade/query', { body: { out_trade_no: orderNo } })).data;
    } catch (error) {
      if (isTradeNotExist(error)) return 'pending';
      throw error;
    }
    if (trade.trade_status !== 'TRADE_SUCCESS' && trade.trade_status !== 'TRADE_FINISHED') return 'pending';
    return paymentOf(trade.out_trade_no, trade.trade_no, trade.total_amount, trade.send_pay_date, (message) => new Error(`支付宝查询结果不正确：${message}`));
  }

  async close(orderNo: string): Promise<void> {
    try {
      await this.sdk.curl('POST', '/v3/alipay/trade/close', { body: { out_trade_no: orderNo } });
    } catch (error) {
      // Never scanned; or no longer waiting (closed, or paid before the close: the query that follows tells the payment).
      if (isTradeNotExist(error) || (error instanceof AlipayRequestError && (error.code ?? '').endsWith('TRADE_STATUS_ERROR'))) return;
      throw error;
    }
  }

  /** alipay.trade.refund of the whole trade; the same `out_request_no` again refunds once (`fund_change` N). */
  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const { data } = await this.sdk.curl<{ trade_no?: string; refund_fee?: string }>('POST', '/v3/alipay/trade/refund', {
      body: {
        out_trade_no: request.orderNo,
        trade_no: request.tradeNo,
        refund_amount: yuanOf(request.amountCents),
        out_request_no: request.refundNo,
        refund_reason: request.reason.slice(0, 256),
      },
    });
    if (data?.trade_no !== request.tradeNo) throw new Error('支付宝退款应答不正确');
    return { refundId: request.refundNo };
  }

  async readNotification({ rawBody }: RawNotification): Promise<ProviderPayment | null> {
    const params: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(rawBody.toString('utf8'))) {
      // Alipay signs the parameters that have a value (its Java SDK leaves the empty ones out as well).
      if (value !== '') params[key] = value;
    }
    if (!params.sign || !this.sdk.checkNotifySignV2(params)) throw new NotificationRejected('通知签名不正确');
    if (params.app_id !== this.options.appId) throw new NotificationRejected('通知的应用 ID 不是本应用的');
    if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') return null;
    return paymentOf(params.out_trade_no, params.trade_no, params.total_amount, params.gmt_payment, (message) => new NotificationRejected(message));
  }

  notificationAnswer(ok: boolean): NotificationAnswer {
    // Alipay reads the body: anything but `success` makes it notify again.
    return ok ? { status: 200, contentType: 'text/plain', body: 'success' } : { status: 400, contentType: 'text/plain', body: 'fail' };
  }
}

function paymentOf(
  orderNo: string | undefined,
  tradeNo: string | undefined,
  totalAmount: string | undefined,
  paidAt: string | undefined,
  fail: (message: string) => Error,
): ProviderPayment {
  if (!orderNo || !tradeNo) throw fail('通知内容不完整');
  const amountCents = centsOfYuan(totalAmount ?? '');
  if (amountCents === undefined) throw fail('通知金额不正确');
  return { orderNo, tradeNo, amountCents, paidAt: dateOfBeijing(paidAt) ?? new Date() };
}

/** "12.34" → 1234 exactly (by the digits, not by floating point); undefined unless a yuan amount with at most 2 decimals. */
export function centsOfYuan(yuan: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1234 → "12.34". */
export function yuanOf(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** `2025-06-08 10:34:56` in Beijing time, as Alipay writes times. */
export function beijingDateTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

function dateOfBeijing(text: string | undefined): Date | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
