/**
 * A payment provider (DESIGN §6): the QR-code channels behind one interface. The order code never talks to a
 * provider's protocol directly; it asks for a QR code, hands over the raw notifications it receives, and asks
 * for the state of a payment when polled.
 */

/** What a provider says about one order's payment, in integer cents. */
export interface ProviderPayment {
  /** Our business number (`company_order.order_no`), as sent when the QR code was made. */
  orderNo: string;
  /** The provider's own transaction id: unique per payment, the key that makes a repeated notification credit once. */
  tradeNo: string;
  amountCents: number;
  paidAt: Date;
}

export interface QrRequest {
  orderNo: string;
  amountCents: number;
  /** Shown to the payer (e.g. "购买套餐：基础版 1 年"); at most 127 characters. */
  description: string;
  /** After this the provider must refuse to take the payment (the order closes itself). */
  expiresAt: Date;
}

/** Gives back a payment that must not be kept (the order was paid another way, or closed): the whole of it, by the way it came. */
export interface RefundRequest {
  /** Our business number the payment was made for. */
  orderNo: string;
  /** The provider's transaction id of the payment to give back. */
  tradeNo: string;
  /** Our refund number: the same number asked twice refunds once (both providers' rule). */
  refundNo: string;
  /** The payment's amount: all of it goes back. */
  amountCents: number;
  /** Shown to the payer; at most 80 characters. */
  reason: string;
}

/** The raw HTTP notification as received: header names lower-case, the body bytes untouched. */
export interface RawNotification {
  headers: Record<string, string | undefined>;
  rawBody: Buffer;
}

/** What to answer the provider's notification with. */
export interface NotificationAnswer {
  status: number;
  contentType?: string;
  body?: string;
}

export interface PaymentProvider {
  /** 'sandbox' | 'wechat' | 'alipay'. */
  readonly name: string;
  /** Makes a QR code for the order; the text to encode in the QR image (a weixin:// or https:// URL). */
  createQr(request: QrRequest): Promise<{ codeUrl: string }>;
  /**
   * Verifies a notification (signature, timestamp, decryption) and reads it. Throws `NotificationRejected` when it
   * cannot be trusted; returns null for a genuine notification that is not a successful payment.
   */
  readNotification(notification: RawNotification): Promise<ProviderPayment | null>;
  /** The answer a provider expects for a notification that was (ok) or was not (not ok) accepted. */
  notificationAnswer(ok: boolean): NotificationAnswer;
  /** Asks the provider about the order: paid (with the payment), or 'pending' (not paid yet, including "trade not exist"). */
  query(orderNo: string): Promise<ProviderPayment | 'pending'>;
  /**
   * Closes the order at the provider so that a late scan cannot pay it. Closing an unknown, unpaid or already paid
   * trade is not an error: the caller asks `query` next, which tells a payment made before the close.
   */
  close(orderNo: string): Promise<void>;
  /** Refunds a payment in full; answers the provider's refund id. Throws when the provider did not accept the refund. */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}

/** A notification that failed verification: bad signature, stale timestamp, undecryptable resource, unknown key. */
export class NotificationRejected extends Error {}

/** How far a notification's (or a response's) timestamp may be from now, as WeChat Pay allows. */
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** A signed timestamp (seconds since the epoch, as text) close enough to now to be trusted. */
export const isFreshTimestamp = (timestamp: string) => /^\d{1,12}$/.test(timestamp) && Math.abs(Date.now() - Number(timestamp) * 1000) <= MAX_CLOCK_SKEW_MS;
