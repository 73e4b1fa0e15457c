import { companyBuyFunction, companyBuyMeal, companyOrderDetail, payByQr, saveCompanyRecharge, walletPay } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/sql.js';
import { type Api, signedIn } from './demo-exams-run.js';
import type { DemoMoneyRun, DemoMoneyStep } from './seed.js';

/**
 * The demo companies' money, made on the first start through the API, as staff make real money: a recharge
 * is placed (充值) and paid on the sandbox gateway's cashier page, whose signed notification credits the wallet; a
 * package or function item is bought at the price list's price and paid from the wallet. Each order is then back-dated
 * (backdateOrder). Run only while both QR channels are on the sandbox: with a real merchant the demo has no money
 * history rather than a payment that was never made.
 */
export async function runDemoMoney(app: FastifyInstance, runs: readonly DemoMoneyRun[]) {
  if (runs.length === 0) return;
  if (([1, 2] as const).some((channel) => app.payments.of(channel).name !== 'sandbox')) {
    app.log.warn('demo money not made: a payment channel has a real merchant');
    return;
  }
  for (const run of runs) {
    const api = await signedIn(app, run.loginAccount);
    for (const step of run.steps) {
      const id = await placeAndPay(app, api, step);
      const { status } = await api(companyOrderDetail, { id });
      if (status !== 1) throw new Error(`demo money: order ${id} was not paid`);
      await backdateOrder(app.deps.db, id, step.daysAgo);
    }
  }
}

/** Places the step's order and pays it as staff would; answers the order's id. */
async function placeAndPay(app: FastifyInstance, api: Api, step: DemoMoneyStep): Promise<number> {
  if ('recharge' in step) {
    const order = await api(saveCompanyRecharge, { amountY: step.recharge.amountY });
    const { payH5QrCodeUrl } = await api(payByQr, { appId: step.recharge.channel, orderId: order.orderId });
    // The payer presses 确认付款 on the sandbox cashier page; the gateway notifies the server.
    await app.inject({ method: 'POST', url: payH5QrCodeUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'scenario=pay' });
    return order.id;
  }
  const order =
    'meal' in step
      ? await api(companyBuyMeal, { mealId: await mealIdOf(app.deps.db, step.meal.name), time: step.meal.time, timeType: step.meal.timeType })
      : await api(companyBuyFunction, { functionList: step.functions.codes, time: step.functions.time, timeType: step.functions.timeType });
  await api(walletPay, { id: order.id });
  return order.id;
}

async function mealIdOf(db: Db, name: string) {
  const [meal] = await rowsOf<{ id: number }>(db, sql`select id from sys_meal where name = ${name} and enabled order by id limit 1`);
  if (!meal) throw new Error(`demo money: no package named ${name}`);
  return meal.id;
}

/**
 * Moves a paid order and everything its payment wrote `days` days into the past, as if it had been placed and paid
 * then: the order's times and its number (ZK + Beijing time, the sequence kept), its payment events, its ledger row
 * and the rights it granted (bought fresh, they start when it was paid).
 */
async function backdateOrder(db: Db, id: number, days: number) {
  const shift = sql`make_interval(days => ${days})`;
  await db.transaction(async (tx) => {
    const [order] = await rowsOf<{ before: string; after: string }>(
      tx,
      sql`select order_no as before,
          'ZK' || to_char((created_at - ${shift}) at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || right(order_no, 6) as after
        from company_order where id = ${id} for update`,
    );
    const { before, after } = order!;
    await tx.execute(sql`
      update company_order set order_no = ${after}, created_at = created_at - ${shift}, expires_at = expires_at - ${shift},
        paid_at = paid_at - ${shift}, trade_no = case when trade_no = ${`WALLET-${before}`} then ${`WALLET-${after}`} else trade_no end
      where id = ${id}`);
    await tx.execute(sql`update payment_event set order_no = ${after}, created_at = created_at - ${shift} where order_id = ${id}`);
    await tx.execute(sql`
      update wallet_ledger set order_no = ${after}, created_at = created_at - ${shift}
      where order_no = ${before} and company_id = (select company_id from company_order where id = ${id})`);
    await tx.execute(sql`update company_right set valid_from = valid_from - ${shift}, valid_until = valid_until - ${shift} where order_id = ${id}`);
  });
}
