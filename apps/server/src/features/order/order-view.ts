import { OFFLINE_METHODS, type OrderView, PAY_CHANNELS, centsToYuan, formatYuan, orderView } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { emptyIfNull, parsedRows, timestampText } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';

/** An order as the database answers it; the QR code is shown only while the order is open. */
export const orderViewDbRow = orderView
  .omit({ orderId: true, totalAmount: true, totalAmountY: true, payH5QrCodeUrl: true, sandboxChannels: true })
  .extend({
    orderNo: z.string(),
    amountCents: z.coerce.number(),
    qrCodeUrl: z.string().nullable(),
    provider: emptyIfNull,
    createdAt: timestampText,
    expiresAt: timestampText,
    paidAt: timestampText.nullable(),
    closedAt: timestampText.nullable(),
    closeReason: emptyIfNull,
    createdByName: emptyIfNull,
  })
  .transform(({ orderNo, amountCents, qrCodeUrl, ...r }) => ({
    ...r,
    orderId: orderNo,
    totalAmount: amountCents,
    totalAmountY: centsToYuan(amountCents),
    payH5QrCodeUrl: r.status === 0 ? (qrCodeUrl ?? '') : '',
  }));

/** The company's orders matching `where` (on `o`), as the contracts show them, in `order`. */
export const orderViewsSql = (where: SQL, order: SQL = sql`o.id desc`) =>
  sql`select o.id, o.order_no as "orderNo", o.type, o.status, o.name, o.amount_cents::int as "amountCents", o.time,
        o.time_type as "timeType", o.meal_id as "mealId",
        coalesce((select json_agg(json_build_object('code', f.code, 'name', f.name) order by f.code)
          from sys_function f where f.code = any(case when o.type = 7 then
            array(select function_code from sys_meal_function mf where mf.meal_id = o.meal_id) else o.function_codes end)), '[]') as "functionList",
        o.pay_channel as "payChannel", o.provider, o.qr_code_url as "qrCodeUrl", o.created_at as "createdAt",
        o.expires_at as "expiresAt", o.paid_at as "paidAt", o.closed_at as "closedAt", o.close_reason as "closeReason",
        u.name as "createdByName"
      from company_order o left join staff_user u on u.id = o.created_by
      where ${where} order by ${order}`;

/** One of the company's own orders (not a candidate's registration fee). */
export async function orderViewOf(db: Db, companyId: number, id: number): Promise<OrderView | undefined> {
  const [view] = await parsedRows(db, orderViewsSql(sql`o.company_id = ${companyId} and o.id = ${id} and o.type <> 10`), orderViewDbRow);
  return view;
}

const PROVIDER_NAMES: Record<string, string> = { sandbox: '沙箱支付', wechat: PAY_CHANNELS[1], alipay: PAY_CHANNELS[2] };

/** How an order was paid, told in words, oldest first: each notification, query answer or offline confirmation acted on. */
export async function paymentStory(db: Db, orderId: number) {
  const events = await rowsOf<{ at: Date; provider: string; outcome: string; reason: string; amountCents: number | null }>(
    db,
    sql`select created_at as at, provider, outcome, reason, amount_cents::int as "amountCents" from payment_event where order_id = ${orderId} order by id`,
  );
  return events.map((e) => {
    const by = PROVIDER_NAMES[e.provider] ?? e.provider;
    const offline = e.provider.startsWith('offline:') ? OFFLINE_METHODS[e.provider.slice(8) as keyof typeof OFFLINE_METHODS] : undefined;
    return {
      at: new Date(e.at).toISOString(),
      provider: e.provider,
      outcome: e.outcome,
      text: offline
        ? `线下缴费（${offline}）${formatYuan(Number(e.amountCents))}已确认：${e.reason}`
        : e.outcome === 'paid'
          ? `${by}通知付款 ${formatYuan(Number(e.amountCents))}，订单已支付`
          : e.outcome === 'repeated'
            ? `${by}重复通知同一笔付款，已忽略`
            : e.outcome === 'refunded'
              ? `${by}通知付款 ${formatYuan(Number(e.amountCents))}：${e.reason}`
              : `${by}的付款通知被拒绝：${e.reason}`,
    };
  });
}
