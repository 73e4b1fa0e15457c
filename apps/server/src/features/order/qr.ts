import { ORDER_NOT_PAYABLE, QR_NOT_CLOSED } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict } from '../../shared/errors.js';
import { rowsOf } from '../../shared/sql.js';
import { refreshOpenOrder } from './expiry.js';
import type { PaymentChannels } from './providers/channels.js';
import { closeQrFirst } from './settle.js';

/**
 * Gives the open order `id` a QR code of `channel` (1 WeChat Pay, 2 Alipay). The order is locked while it is made, so
 * that two calls at once make one code; the code is re-used while the order is open, and a change of channel closes
 * the old code at its provider first (a payment made on it before the close settles the order instead), so that one
 * order can never be paid twice. 409 when the order is not open.
 */
export async function qrForOpenOrder(db: Db, channels: PaymentChannels, id: number, channel: 1 | 2) {
  await refreshOpenOrder(db, channels, id);
  const provider = channels.of(channel);
  await db.transaction(async (tx) => {
    const [order] = await rowsOf<{ orderNo: string; amountCents: number; name: string; expiresAt: Date; payChannel: number | null; provider: string | null; qr: string | null }>(
      tx,
      sql`select order_no as "orderNo", amount_cents::int as "amountCents", name, expires_at as "expiresAt", pay_channel as "payChannel",
          provider, qr_code_url as qr
        from company_order where id = ${id} and status = 0 and expires_at > now() for update`,
    );
    if (!order) throw conflict(ORDER_NOT_PAYABLE);
    if (order.qr && order.payChannel === channel && order.provider === provider.name) return;
    const before = await closeQrFirst(tx, channels, order);
    if (before === 'paid') return;
    if (before === 'unreachable') throw conflict(QR_NOT_CLOSED);
    const { codeUrl } = await provider.createQr({
      orderNo: order.orderNo,
      amountCents: Number(order.amountCents),
      description: order.name.slice(0, 120),
      expiresAt: new Date(order.expiresAt),
    });
    await tx.execute(sql`update company_order set pay_channel = ${channel}, provider = ${provider.name}, qr_code_url = ${codeUrl} where id = ${id}`);
  });
}
