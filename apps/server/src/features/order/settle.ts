import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inList, rowsOf } from '../../shared/sql.js';
import type { ProviderPayment } from './providers/provider.js';

export interface OrderRow {
  id: number;
  orderNo: string;
  companyId: number;
  type: number;
  status: number;
  name: string;
  amountCents: number;
  time: number | null;
  timeType: number | null;
  mealId: number | null;
  functionCodes: string[];
}

/** The order by its business number, locked until the transaction ends: payments of one order queue. */
export async function lockOrderByNo(tx: Db, orderNo: string): Promise<OrderRow | undefined> {
  const [order] = await rowsOf<OrderRow>(
    tx,
    sql`select id, order_no as "orderNo", company_id as "companyId", type, status, name, amount_cents::int as "amountCents",
        time, time_type as "timeType", meal_id as "mealId", function_codes as "functionCodes"
      from company_order where order_no = ${orderNo} for update`,
  );
  return order;
}

export type SettleOutcome = { outcome: 'paid' } | { outcome: 'repeated' } | { outcome: 'refused'; reason: string };

/**
 * A provider's word that an order was paid (a notification or a query answer), settled in the caller's
 * transaction: the order marked paid and what it bought granted together, once. The same payment told again is
 * 'repeated'; an unknown order, another amount, or an order that is no longer open is 'refused' and changes
 * nothing but the event log.
 */
export async function settleProviderPayment(tx: Db, provider: string, payment: ProviderPayment): Promise<SettleOutcome> {
  const order = await lockOrderByNo(tx, payment.orderNo);
  const outcome = await decide(tx, order, payment);
  if (outcome.outcome === 'paid') {
    await tx.execute(sql`
      update company_order set status = 1, trade_no = ${payment.tradeNo}, paid_at = ${payment.paidAt.toISOString()},
        provider = ${provider}
      where id = ${order!.id} and status = 0`);
    await grantPurchase(tx, order!);
  }
  await tx.execute(sql`
    insert into payment_event (order_id, order_no, provider, trade_no, amount_cents, outcome, reason)
    values (${order?.id ?? null}, ${payment.orderNo}, ${provider}, ${payment.tradeNo}, ${payment.amountCents}, ${outcome.outcome},
      ${outcome.outcome === 'refused' ? outcome.reason : ''})`);
  return outcome;
}

/** Whether a provider's payment settles the order: 'paid', a 'repeated' notification, or 'refused' with the reason. */
async function decide(tx: Db, order: OrderRow | undefined, payment: ProviderPayment): Promise<SettleOutcome> {
  if (!order) return { outcome: 'refused', reason: '订单不存在' };
  if (order.status === 1) {
    const [paid] = await rowsOf<{ tradeNo: string }>(tx, sql`select trade_no as "tradeNo" from company_order where id = ${order.id}`);
    return paid!.tradeNo === payment.tradeNo ? { outcome: 'repeated' } : { outcome: 'refused', reason: '订单已由另一笔付款支付，这笔需退款' };
  }
  if (order.status !== 0) return { outcome: 'refused', reason: '订单已关闭，这笔付款需退款' };
  if (payment.amountCents !== order.amountCents) {
    return { outcome: 'refused', reason: `付款金额 ${payment.amountCents} 分与订单金额 ${order.amountCents} 分不符` };
  }
  const [taken] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from company_order where trade_no = ${payment.tradeNo}`);
  if (Number(taken!.n) > 0) return { outcome: 'refused', reason: '该交易号已用于另一笔订单' };
  return { outcome: 'paid' };
}

const INTERVAL_OF_TIME_TYPE: Record<number, string> = { 1: 'days', 2: 'months', 3: 'years' };

/** What a paid order gives, in the transaction that marks it paid: rights for 6 and 7, the wallet credited for 8, the invoice request sent on for 5. */
export async function grantPurchase(tx: Db, order: OrderRow) {
  if (order.type === 6 || order.type === 7) {
    const unit = INTERVAL_OF_TIME_TYPE[order.timeType ?? 0];
    if (!unit || !order.time) throw new Error(`order ${order.orderNo} has no time to grant`);
    const codes =
      order.type === 7
        ? sql`(select function_code from sys_meal_function where meal_id = ${order.mealId})`
        : sql`(${inList(order.functionCodes)})`;
    // Purchases of one company queue here, so that two paid at once both extend, one after the other.
    await tx.execute(sql`select 1 from company where id = ${order.companyId} for no key update`);
    // A held item bought again is extended from the end of what is held; a quota item is a new pot from now.
    await tx.execute(sql`
      insert into company_right (company_id, function_code, valid_from, valid_until, quota, order_id)
      select ${order.companyId}, f.code, s.start, s.start + make_interval(${sql.raw(unit)} => ${order.time}::int), f.quota, ${order.id}
      from sys_function f
      cross join lateral (
        select case when f.quota is not null then now() else greatest(now(), coalesce(
          (select max(r.valid_until) from company_right r where r.company_id = ${order.companyId} and r.function_code = f.code), now())) end as start
      ) s
      where f.code in ${codes}`);
    return;
  }
  if (order.type === 8) {
    const [wallet] = await rowsOf<{ balance: number }>(
      tx,
      sql`insert into company_wallet (company_id, total_balance) values (${order.companyId}, ${order.amountCents})
        on conflict (company_id) do update set total_balance = company_wallet.total_balance + excluded.total_balance, updated_at = now()
        returning total_balance::bigint as balance`,
    );
    await tx.execute(sql`
      insert into wallet_ledger (company_id, type, amount, balance_after, order_no, remark)
      values (${order.companyId}, 'recharge', ${order.amountCents}, ${wallet!.balance}, ${order.orderNo}, ${order.name})`);
    return;
  }
  if (order.type === 5) {
    await tx.execute(sql`update company_invoice set status = 'submitted', submitted_at = now() where fee_order_id = ${order.id} and status = 'awaiting_fee'`);
    return;
  }
  if (order.type === 9) {
    await tx.execute(sql`
      insert into talent_unlock (company_id, talent_id, source, order_id, created_by)
      select company_id, talent_id, 'order', id, created_by from company_order where id = ${order.id}
      on conflict (company_id, talent_id) do nothing`);
    return;
  }
  if (order.type === 10) return; // a registration fee: paid is all it changes
  throw new Error(`order type ${order.type} cannot be settled yet`);
}
