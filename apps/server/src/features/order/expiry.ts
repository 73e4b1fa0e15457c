import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { schedulePeriodic } from '../../db/periodic.js';
import { rowsOf } from '../../shared/sql.js';
import type { PaymentChannels } from './providers/channels.js';
import { closeQrFirst, settleProviderPayment } from './settle.js';

export const TIMED_OUT = '超时未支付，系统自动关闭';

/**
 * Closes the order if it is still open; false when it was paid or closed already. Its QR code is closed at its
 * provider first, with the order locked: one paid before that is settled, not closed. A provider that cannot be
 * reached does not keep the order open: a payment that still comes for it is refunded when it is told.
 */
export async function closeOrder(db: Db, channels: PaymentChannels, id: number, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await rowsOf<{ orderNo: string; provider: string | null; qr: string | null }>(
      tx,
      sql`select order_no as "orderNo", provider, qr_code_url as qr from company_order where id = ${id} and status = 0 for update`,
    );
    if (!order || (await closeQrFirst(tx, channels, order)) === 'paid') return false;
    await tx.execute(sql`update company_order set status = 2, closed_at = now(), close_reason = ${reason} where id = ${id}`);
    // A paper invoice whose courier fee went unpaid is cancelled with it: its amount may be asked for again.
    await tx.execute(sql`update company_invoice set status = 'cancelled' where fee_order_id = ${id} and status = 'awaiting_fee'`);
    return true;
  });
}

/**
 * An open order brought up to date: paid if its provider says so (the dialog's polling and the sweep ask), closed if
 * its time is up and it was not paid (a registration fee to be paid at the counter waits for staff). A QR order is asked about before it is closed, so that a payment made at the
 * last moment is never lost to the close.
 */
export async function refreshOpenOrder(db: Db, channels: PaymentChannels, id: number) {
  const [order] = await rowsOf<{ orderNo: string; provider: string | null; qr: string | null; expired: boolean }>(
    db,
    sql`select order_no as "orderNo", provider, qr_code_url as qr, expires_at <= now() and offline_method is null as expired
      from company_order where id = ${id} and status = 0`,
  );
  if (!order) return;
  const provider = order.qr && order.provider ? channels.byName(order.provider) : undefined;
  if (provider) {
    const answer = await provider.query(order.orderNo).catch(() => 'pending' as const);
    if (answer !== 'pending') {
      await db.transaction((tx) => settleProviderPayment(tx, provider, answer));
      return;
    }
  }
  if (order.expired) await closeOrder(db, channels, id, TIMED_OUT);
}

/** Every open order whose time is up, brought up to date; safe with several server processes (each step is conditional). */
export async function sweepExpiredOrders(db: Db, channels: PaymentChannels) {
  const due = await rowsOf<{ id: number }>(db, sql`select id from company_order where status = 0 and expires_at <= now() and offline_method is null order by expires_at limit 500`);
  for (const { id } of due) await refreshOpenOrder(db, channels, id);
  return due.length;
}

/** Runs the sweep every `seconds` while the server runs, in one server process only each time (db/periodic.ts). */
export function scheduleOrderSweep(app: FastifyInstance, channels: PaymentChannels, seconds: number) {
  schedulePeriodic(app, 'order-sweep', seconds, () => sweepExpiredOrders(app.deps.db, channels));
}
