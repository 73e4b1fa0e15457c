import { randomBytes } from 'node:crypto';
import {
  ORDER_MISSING, ORDER_NOT_PAYABLE, ORDER_OPEN_MINUTES, ORDER_PAID_BY_QR, QR_NOT_CLOSED, RECHARGE_BY_WALLET,
  TIME_TYPES, WALLET_SHORT, closeCompanyOrder, companyBuyFunction, companyBuyMeal, companyOrderDetail,
  companyOrderList, formatYuan, getToken, payByQr, saveCompanyRecharge, syncCallback, walletPay,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { companyOrder } from '../../db/tables.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { pagedRows } from '../../shared/rows.js';
import { escapeLike, inList, rowsOf } from '../../shared/sql.js';
import { functionsPrice, mealPrice } from './prices.js';
import { closeOrder, refreshOpenOrder } from './expiry.js';
import { orderViewDbRow, orderViewOf, orderViewsSql, paymentStory } from './order-view.js';
import { qrForOpenOrder } from './qr.js';
import type { PaymentChannels } from './providers/channels.js';
import { closeQrFirst, grantPurchase, lockOrderByNo } from './settle.js';

interface NewOrder {
  type: 6 | 7 | 8;
  name: string;
  amountCents: number;
  time?: number;
  timeType?: number;
  mealId?: number;
  functionCodes?: string[];
  token?: string;
}

/** Makes the order (once per creation token) and answers it. */
async function createOrder(db: Db, companyId: number, userId: number, order: NewOrder) {
  const values = {
    companyId,
    type: order.type,
    name: order.name,
    amountCents: order.amountCents,
    time: order.time ?? null,
    timeType: order.timeType ?? null,
    mealId: order.mealId ?? null,
    functionCodes: order.functionCodes ?? [],
    requestToken: order.token ?? null,
    createdBy: userId,
    expiresAt: new Date(Date.now() + ORDER_OPEN_MINUTES * 60_000),
  };
  const [made] = await db
    .insert(companyOrder)
    .values(values)
    .onConflictDoNothing({ target: [companyOrder.companyId, companyOrder.requestToken] })
    .returning({ id: companyOrder.id });
  let id = made?.id;
  if (id === undefined) {
    const [earlier] = await rowsOf<{ id: number }>(
      db,
      sql`select id from company_order where company_id = ${companyId} and request_token = ${order.token ?? ''}`,
    );
    id = earlier!.id;
  }
  return (await orderViewOf(db, companyId, id))!;
}

const lengthText = (time: number, timeType: number) => `${time} ${TIME_TYPES[timeType as 1 | 2 | 3]}`;

export function orderRoutes(app: FastifyInstance, channels: PaymentChannels) {
  const { db } = app.deps;

  defineRoute(app, getToken, async () => ({ token: randomBytes(18).toString('base64url') }));

  defineRoute(app, companyBuyFunction, async ({ input, session }) => {
    const amountCents = await functionsPrice(db, input.functionList, input.time, input.timeType);
    const names = await rowsOf<{ name: string }>(db, sql`select name from sys_function where code in (${inList(input.functionList)}) order by code`);
    return createOrder(db, session.companyId, session.userId, {
      type: 6,
      name: `购买功能项：${names.map((n) => n.name).join('、')}（${lengthText(input.time, input.timeType)}）`,
      amountCents,
      time: input.time,
      timeType: input.timeType,
      functionCodes: [...input.functionList].sort(),
      token: input.token,
    });
  });

  defineRoute(app, companyBuyMeal, async ({ input, session }) => {
    const meal = await mealPrice(db, input.mealId, input.time, input.timeType);
    return createOrder(db, session.companyId, session.userId, {
      type: 7,
      name: `购买套餐：${meal.name}（${lengthText(input.time, input.timeType)}）`,
      amountCents: meal.priceCents,
      time: input.time,
      timeType: input.timeType,
      mealId: input.mealId,
      token: input.token,
    });
  });

  defineRoute(app, saveCompanyRecharge, async ({ input, session }) =>
    createOrder(db, session.companyId, session.userId, {
      type: 8,
      name: `钱包充值 ${formatYuan(input.amountY)}`,
      amountCents: input.amountY,
      token: input.token,
    }),
  );

  defineRoute(app, payByQr, async ({ input, session }) => {
    const [order] = await rowsOf<{ id: number; type: number }>(
      db,
      sql`select id, type from company_order where order_no = ${input.orderId} and company_id = ${session.companyId} and type <> 10`,
    );
    if (!order) throw notFound(ORDER_MISSING);
    if (input.orderType !== undefined && input.orderType !== order.type) throw badRequest('订单类型不符');
    await qrForOpenOrder(db, channels, order.id, input.appId as 1 | 2);
    return (await orderViewOf(db, session.companyId, order.id))!;
  }, { ownTransactions: true });

  defineRoute(app, syncCallback, async ({ input, session }) => {
    const [order] = await rowsOf<{ id: number }>(
      db,
      sql`select id from company_order where order_no = ${input.orderId} and company_id = ${session.companyId} and type <> 10`,
    );
    if (!order) throw notFound(ORDER_MISSING);
    await refreshOpenOrder(db, channels, order.id);
    const sandboxChannels = ([1, 2] as const).filter((channel) => channels.of(channel).name === 'sandbox');
    return { ...(await orderViewOf(db, session.companyId, order.id))!, sandboxChannels };
  }, { ownTransactions: true });

  defineRoute(app, walletPay, async ({ input, session }) => {
    const paidByQr = await db.transaction(async (tx) => {
      const [owned] = await rowsOf<{ orderNo: string }>(
        tx,
        sql`select order_no as "orderNo" from company_order where id = ${input.id} and company_id = ${session.companyId} and type <> 10`,
      );
      if (!owned) throw notFound(ORDER_MISSING);
      const order = (await lockOrderByNo(tx, owned.orderNo))!;
      if (order.type === 8) throw badRequest(RECHARGE_BY_WALLET);
      if (order.status !== 0) throw conflict(ORDER_NOT_PAYABLE);
      const [open] = await rowsOf<{ expired: boolean; provider: string | null; qr: string | null }>(
        tx,
        sql`select expires_at <= now() as expired, provider, qr_code_url as qr from company_order where id = ${order.id}`,
      );
      if (open!.expired) throw conflict(ORDER_NOT_PAYABLE);
      // Short of money: refused before the QR code is closed, which would otherwise stay closed for nothing.
      const [wallet] = await rowsOf<{ enough: boolean }>(
        tx,
        sql`select total_balance >= ${order.amountCents} as enough from company_wallet where company_id = ${order.companyId}`,
      );
      if (!wallet?.enough) throw conflict(WALLET_SHORT);
      // The QR code offered for the order closed at its provider first, the order locked meanwhile: paid there
      // already, the order is paid by that payment and the wallet is not charged; otherwise nobody can pay it now.
      const before = await closeQrFirst(tx, channels, { orderNo: order.orderNo, provider: open!.provider, qr: open!.qr });
      if (before === 'paid') return true;
      if (before === 'unreachable') throw conflict(QR_NOT_CLOSED);
      await tx.execute(sql`
        update company_order set status = 1, pay_channel = 3, provider = 'wallet', trade_no = ${`WALLET-${order.orderNo}`},
          paid_at = now(), qr_code_url = null
        where id = ${order.id}`);
      await grantPurchase(tx, order);
      // The debit last, so that the wallet's row is locked only for the last two statements of the transaction. One
      // conditional update: the balance can never go below zero, whatever runs at the same time; short, and all of
      // the above is undone.
      const [debited] = await rowsOf<{ balance: number }>(
        tx,
        sql`update company_wallet set total_balance = total_balance - ${order.amountCents}, updated_at = now()
          where company_id = ${order.companyId} and total_balance >= ${order.amountCents}
          returning total_balance::bigint as balance`,
      );
      if (!debited) throw conflict(WALLET_SHORT);
      await tx.execute(sql`
        insert into wallet_ledger (company_id, type, amount, balance_after, order_no, remark, operator_id)
        values (${order.companyId}, 'payment', ${-order.amountCents}, ${debited.balance}, ${order.orderNo}, ${order.name}, ${session.userId})`);
      return false;
    });
    if (paidByQr) throw conflict(ORDER_PAID_BY_QR);
    return (await orderViewOf(db, session.companyId, input.id))!;
  }, { ownTransactions: true });

  defineRoute(app, closeCompanyOrder, async ({ input, session }) => {
    const view = await orderViewOf(db, session.companyId, input.id);
    if (!view) throw notFound(ORDER_MISSING);
    await refreshOpenOrder(db, channels, input.id);
    const closed = await closeOrder(db, channels, input.id, '用户取消');
    if (!closed) throw conflict('订单已支付或已关闭，不能再关闭');
    return (await orderViewOf(db, session.companyId, input.id))!;
  }, { ownTransactions: true });

  defineRoute(app, companyOrderDetail, async ({ input, session }) => {
    const view = await orderViewOf(db, session.companyId, input.id);
    if (!view) throw notFound(ORDER_MISSING);
    return { ...view, events: await paymentStory(db, input.id) };
  });

  defineRoute(app, companyOrderList, async ({ input, session }) => {
    const where = sql`o.company_id = ${session.companyId} and o.type <> 10
      ${input.status !== undefined ? sql`and o.status = ${input.status}` : sql``}
      ${input.type !== undefined ? sql`and o.type = ${input.type}` : sql``}
      ${input.orderId ? sql`and o.order_no like ${`%${escapeLike(input.orderId)}%`}` : sql``}`;
    const count = sql`select count(*)::int as n from company_order o where ${where}`;
    return pagedRows(db, { count, rows: orderViewsSql(where) }, orderViewDbRow, input);
  });
}
