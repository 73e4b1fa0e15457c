import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inList, rowsOf } from '../../shared/sql.js';
import type { PaymentChannels } from './providers/channels.js';
import type { PaymentProvider, ProviderPayment } from './providers/provider.js';

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

export type SettleOutcome =
  | { outcome: 'paid' }
  | { outcome: 'repeated' }
  | { outcome: 'refunded'; reason: string }
  | { outcome: 'refused'; reason: string };

/** Our refund number of a provider's payment: one per payment, so that asking again (a repeated notification) refunds once. */
export const refundNoOf = (tradeNo: string) => `RF${tradeNo}`.slice(0, 64);

/**
 * A provider's word that an order was paid (a notification or a query answer), settled in the caller's
 * transaction: the order marked paid and what it bought granted together, once. The same payment told again is
 * 'repeated'. A payment for an order that was paid another way (the wallet, another channel, offline) or closed is
 * given back through its provider at once, with the order locked, and recorded 'refunded': the order stays paid
 * once. An unknown order or another amount is 'refused' and changes nothing but the event log, as is a refund the
 * provider did not accept (its notification comes again, and the refund is asked for again, under the same number).
 */
export async function settleProviderPayment(tx: Db, provider: PaymentProvider, payment: ProviderPayment): Promise<SettleOutcome> {
  const order = await lockOrderByNo(tx, payment.orderNo);
  let outcome = await decide(tx, order, payment);
  if (outcome.outcome === 'paid') {
    await tx.execute(sql`
      update company_order set status = 1, trade_no = ${payment.tradeNo}, paid_at = ${payment.paidAt.toISOString()},
        provider = ${provider.name}
      where id = ${order!.id} and status = 0`);
    await grantPurchase(tx, order!);
  } else if (outcome.outcome === 'refunded') {
    const refundNo = refundNoOf(payment.tradeNo);
    try {
      const { refundId } = await provider.refund({ orderNo: payment.orderNo, tradeNo: payment.tradeNo, refundNo, amountCents: payment.amountCents, reason: outcome.reason });
      outcome = { outcome: 'refunded', reason: `${outcome.reason}，已原路退款（退款单号 ${refundNo}，${provider.name === 'sandbox' ? '沙箱' : '平台'}退款号 ${refundId}）` };
    } catch (error) {
      outcome = { outcome: 'refused', reason: `${outcome.reason}，退款未成功（${(error as Error).message}），支付平台再次通知时重试` };
    }
  }
  await tx.execute(sql`
    insert into payment_event (order_id, order_no, provider, trade_no, amount_cents, outcome, reason)
    values (${order?.id ?? null}, ${payment.orderNo}, ${provider.name}, ${payment.tradeNo}, ${payment.amountCents}, ${outcome.outcome},
      ${outcome.outcome === 'refused' || outcome.outcome === 'refunded' ? outcome.reason : ''})`);
  return outcome;
}

/** What a provider's payment does to the order: 'paid', a 'repeated' notification, 'refunded' (to give back, with the reason) or 'refused'. */
async function decide(tx: Db, order: OrderRow | undefined, payment: ProviderPayment): Promise<SettleOutcome> {
  if (!order) return { outcome: 'refused', reason: '订单不存在' };
  const [state] = await rowsOf<{ tradeNo: string | null; provider: string | null; refunded: boolean }>(
    tx,
    sql`select trade_no as "tradeNo", provider,
        exists (select 1 from payment_event e where e.order_id = ${order.id} and e.trade_no = ${payment.tradeNo} and e.outcome = 'refunded') as refunded
      from company_order where id = ${order.id}`,
  );
  if (order.status === 1 && state!.tradeNo === payment.tradeNo) return { outcome: 'repeated' };
  if (state!.refunded) return { outcome: 'repeated' };
  if (order.status === 1) {
    const by = state!.provider === 'wallet' ? '钱包余额' : state!.provider?.startsWith('offline') ? '线下缴费' : '另一笔付款';
    return { outcome: 'refunded', reason: `订单已由${by}支付，这笔付款不再入账` };
  }
  if (order.status !== 0) return { outcome: 'refunded', reason: `${order.status === 2 ? '订单已关闭' : '订单已退款'}，这笔付款不再入账` };
  if (payment.amountCents !== order.amountCents) {
    return { outcome: 'refused', reason: `付款金额 ${payment.amountCents} 分与订单金额 ${order.amountCents} 分不符` };
  }
  const [taken] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from company_order where trade_no = ${payment.tradeNo}`);
  if (Number(taken!.n) > 0) return { outcome: 'refused', reason: '该交易号已用于另一笔订单' };
  return { outcome: 'paid' };
}

/**
 * Before an open order is paid another way (the wallet, another QR channel, offline) or closed, in the caller's
 * transaction with the order locked: its QR code closed at its provider, then the provider asked. 'paid' when the
 * QR code was paid before the close (that payment is settled here: the other way must not take the money too),
 * 'closed' when nobody can pay it any more (or there was none), 'unreachable' when the provider could not be asked.
 */
export async function closeQrFirst(
  tx: Db,
  channels: PaymentChannels,
  order: { orderNo: string; provider: string | null; qr: string | null },
): Promise<'paid' | 'closed' | 'unreachable'> {
  const provider = order.qr && order.provider ? channels.byName(order.provider) : undefined;
  if (!provider) return 'closed';
  let answer: Awaited<ReturnType<typeof provider.query>>;
  try {
    await provider.close(order.orderNo);
    answer = await provider.query(order.orderNo);
  } catch {
    return 'unreachable';
  }
  if (answer === 'pending') return 'closed';
  return (await settleProviderPayment(tx, provider, answer)).outcome === 'paid' ? 'paid' : 'closed';
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
    // The staff member who placed the recharge is its operator (操作人), as the one who pays from the wallet is a payment's.
    await tx.execute(sql`
      insert into wallet_ledger (company_id, type, amount, balance_after, order_no, remark, operator_id)
      select ${order.companyId}, 'recharge', ${order.amountCents}, ${wallet!.balance}, ${order.orderNo}, ${order.name}, created_by
      from company_order where id = ${order.id}`);
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
