import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { formatYuan } from '@zhaokao/contracts';
import {
  NotificationRejected, isFreshTimestamp, type NotificationAnswer, type PaymentProvider, type ProviderPayment,
  type QrRequest, type RawNotification, type RefundRequest,
} from './provider.js';

/** WeChat Pay's retry schedule after a failed notification (15 s, 15 s, 30 s, 3 min, 10 min, 20 min, 30 min …). */
export const PROVIDER_RETRY_DELAYS_MS = [15_000, 15_000, 30_000, 180_000, 600_000, 1_200_000, 1_800_000, 1_800_000, 1_800_000, 3_600_000];

/** A trade the sandbox gateway knows: made by `createQr`, paid or cancelled from its cashier page. */
export interface SandboxTrade {
  ticket: string;
  orderNo: string;
  amountCents: number;
  description: string;
  expiresAt: Date;
  state: 'open' | 'paid' | 'cancelled' | 'closed' | 'refunded';
  payment?: ProviderPayment;
  /** The merchant's refund of the payment: refund number and the gateway's refund id. */
  refund?: { refundNo: string; refundId: string; amountCents: number };
  /** What the gateway did, newest last: shown on the cashier page. */
  log: string[];
}

export type SandboxScenario = 'pay' | 'cancel' | 'duplicate' | 'concurrent' | 'wrong-amount' | 'bad-signature' | 'late';

export interface SandboxOptions {
  /** Signs and verifies notifications (HMAC-SHA256); all server processes must share it. */
  secret: string;
  /** Where the cashier page lives: the QR code encodes `${cashierBase}/${ticket}` (a path on this server: the page resolves it). */
  cashierBase: string;
  /** Hands one notification to the server's notification route, as the provider's HTTP POST would. */
  deliver: (notification: RawNotification) => Promise<{ status: number }>;
  retryDelaysMs?: readonly number[];
}

/**
 * The built-in payment gateway (DESIGN §6): a faithful stand-in for a QR provider on loopback. Its QR code opens a
 * cashier page; paying there sends a signed notification to the server's notification route, repeated on the
 * provider's retry schedule until it is answered with success, and `query` answers as a provider's query would.
 * Trades live in this process's memory: the sandbox is for the demo and tests, not for money.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly trades = new Map<string, SandboxTrade>();
  private readonly byOrder = new Map<string, string>();
  private readonly retryDelays: readonly number[];
  private readonly pendingRetries = new Set<NodeJS.Timeout>();

  constructor(private readonly options: SandboxOptions) {
    this.retryDelays = options.retryDelaysMs ?? PROVIDER_RETRY_DELAYS_MS;
  }

  async createQr(request: QrRequest) {
    const existing = this.tradeOfOrder(request.orderNo);
    if (existing && existing.state === 'open') return { codeUrl: this.codeUrlOf(existing) };
    const trade: SandboxTrade = { ticket: randomUUID(), ...request, state: 'open', log: ['收款码已生成'] };
    this.trades.set(trade.ticket, trade);
    this.byOrder.set(request.orderNo, trade.ticket);
    return { codeUrl: this.codeUrlOf(trade) };
  }

  trade(ticket: string): SandboxTrade | undefined {
    return this.trades.get(ticket);
  }

  async query(orderNo: string): Promise<ProviderPayment | 'pending'> {
    const trade = this.tradeOfOrder(orderNo);
    return trade?.state === 'paid' && trade.payment ? trade.payment : 'pending';
  }

  async close(orderNo: string) {
    const trade = this.tradeOfOrder(orderNo);
    if (trade?.state === 'open') {
      trade.state = 'closed';
      trade.log.push('商户已关闭订单');
    } else if (trade?.state === 'paid') {
      // As WeChat Pay answers ORDERPAID: a paid trade stays paid; the merchant learns of the payment by querying.
      trade.log.push('商户请求关闭订单，但订单已付款，未关闭');
    }
  }

  /** As the providers refund: only a paid trade, in full, once per refund number (the same number again answers the same refund). */
  async refund(request: RefundRequest) {
    const trade = [...this.trades.values()].find((t) => t.payment?.tradeNo === request.tradeNo && t.orderNo === request.orderNo);
    if (!trade?.payment) throw new Error('沙箱网关：交易不存在');
    if (trade.refund) {
      if (trade.refund.refundNo !== request.refundNo) throw new Error('沙箱网关：该交易已全额退款');
      return { refundId: trade.refund.refundId };
    }
    if (request.amountCents !== trade.payment.amountCents) throw new Error('沙箱网关：退款金额与付款金额不符');
    trade.state = 'refunded';
    trade.refund = { refundNo: request.refundNo, refundId: `SBXR${Date.now()}${randomBytes(4).toString('hex')}`, amountCents: request.amountCents };
    trade.log.push(`商户已退款 ${formatYuan(request.amountCents)}（退款单号 ${request.refundNo}）：${request.reason}`);
    return { refundId: trade.refund.refundId };
  }

  /** What the cashier page's buttons do. Answers a line for the page. */
  async act(ticket: string, scenario: SandboxScenario): Promise<string> {
    const trade = this.trades.get(ticket);
    if (!trade) return '收款码不存在';
    if (scenario === 'cancel') {
      if (trade.state !== 'open') return this.note(trade, '订单不是待支付状态，不能取消');
      trade.state = 'cancelled';
      return this.note(trade, '付款人取消了支付');
    }
    const late = scenario === 'late';
    if (trade.state === 'refunded') return this.note(trade, '该订单已付款并已退款，不能再支付');
    if (!late && trade.state !== 'open') return this.note(trade, trade.state === 'paid' ? '该订单已支付' : '订单已关闭或已取消，不能支付');
    if (!late && trade.expiresAt.getTime() <= Date.now()) return this.note(trade, '订单已过期，不能支付');
    trade.state = 'paid';
    trade.log.push(late ? '付款人在订单关闭后仍付款' : '付款人已付款');
    trade.payment ??= { orderNo: trade.orderNo, tradeNo: `SBX${Date.now()}${randomBytes(4).toString('hex')}`, amountCents: trade.amountCents, paidAt: new Date() };
    const payment = scenario === 'wrong-amount' ? { ...trade.payment, amountCents: trade.amountCents + 1 } : trade.payment;
    const copies = scenario === 'duplicate' ? 3 : scenario === 'concurrent' ? 10 : 1;
    const answers = await Promise.all(Array.from({ length: copies }, () => this.notify(payment, scenario === 'bad-signature')));
    const accepted = answers.filter((ok) => ok).length;
    return this.note(trade, `已付款，发出 ${copies} 次通知，商户应答成功 ${accepted} 次${accepted === 0 ? '（将按重试间隔再次通知）' : ''}`);
  }

  async readNotification({ headers, rawBody }: RawNotification): Promise<ProviderPayment | null> {
    const timestamp = headers['sandbox-timestamp'] ?? '';
    const nonce = headers['sandbox-nonce'] ?? '';
    const signature = headers['sandbox-signature'] ?? '';
    if (!isFreshTimestamp(timestamp)) throw new NotificationRejected('通知时间戳不正确');
    const expected = Buffer.from(this.sign(timestamp, nonce, rawBody));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new NotificationRejected('通知签名不正确');
    let body: { trade_state?: string; order_no?: string; trade_no?: string; amount_cents?: number; paid_at?: string };
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new NotificationRejected('通知内容不正确');
    }
    if (body.trade_state !== 'SUCCESS') return null;
    if (typeof body.order_no !== 'string' || typeof body.trade_no !== 'string' || !Number.isSafeInteger(body.amount_cents)) {
      throw new NotificationRejected('通知内容不正确');
    }
    return { orderNo: body.order_no, tradeNo: body.trade_no, amountCents: body.amount_cents!, paidAt: new Date(body.paid_at ?? Date.now()) };
  }

  notificationAnswer(ok: boolean): NotificationAnswer {
    return ok
      ? { status: 204 }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  /** Stops the retries still waiting (server shutdown). */
  stop() {
    for (const timer of this.pendingRetries) clearTimeout(timer);
    this.pendingRetries.clear();
  }

  /** Sends one signed notification; on anything but success, again on the retry schedule. */
  private async notify(payment: ProviderPayment, badSignature: boolean, attempt = 0): Promise<boolean> {
    const rawBody = Buffer.from(
      JSON.stringify({
        id: randomUUID(),
        event_type: 'TRANSACTION.SUCCESS',
        trade_state: 'SUCCESS',
        order_no: payment.orderNo,
        trade_no: payment.tradeNo,
        amount_cents: payment.amountCents,
        paid_at: payment.paidAt.toISOString(),
      }),
    );
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = badSignature ? this.sign(timestamp, nonce, Buffer.from('tampered')) : this.sign(timestamp, nonce, rawBody);
    let ok = false;
    try {
      const answer = await this.options.deliver({
        headers: { 'content-type': 'application/json', 'sandbox-timestamp': timestamp, 'sandbox-nonce': nonce, 'sandbox-signature': signature },
        rawBody,
      });
      ok = answer.status >= 200 && answer.status < 300;
    } catch {
      ok = false;
    }
    const delay = this.retryDelays[attempt];
    if (!ok && delay !== undefined) {
      const timer = setTimeout(() => {
        this.pendingRetries.delete(timer);
        void this.notify(payment, badSignature, attempt + 1);
      }, delay);
      timer.unref();
      this.pendingRetries.add(timer);
    }
    return ok;
  }

  private sign(timestamp: string, nonce: string, body: Buffer) {
    return createHmac('sha256', this.options.secret).update(`${timestamp}\n${nonce}\n`).update(body).update('\n').digest('base64');
  }

  private tradeOfOrder(orderNo: string) {
    const ticket = this.byOrder.get(orderNo);
    return ticket ? this.trades.get(ticket) : undefined;
  }

  private codeUrlOf(trade: SandboxTrade) {
    return `${this.options.cashierBase}/${trade.ticket}`;
  }

  private note(trade: SandboxTrade, line: string) {
    trade.log.push(line);
    return line;
  }
}
