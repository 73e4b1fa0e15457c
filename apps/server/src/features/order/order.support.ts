import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { companyBuyFunction, saveCompanyRecharge } from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import { companyOrder, companyWallet, walletLedger } from '../../db/tables.js';
import { rowsOf } from '../../shared/sql.js';
import type { DemoAccounts, TestApp } from '../../test/app.js';

/** The wallet, order and payment helpers that order.test.ts and order.concurrency.test.ts both use. */
export function orderHelpers(t: TestApp & DemoAccounts) {
  const walletOf = async (companyId: number) =>
    Number((await t.db.select().from(companyWallet).where(eq(companyWallet.companyId, companyId)))[0]?.totalBalance ?? 0);
  const ledgerSum = async (companyId: number) =>
    Number((await rowsOf<{ s: string }>(t.db, sql`select coalesce(sum(amount), 0)::bigint as s from wallet_ledger where company_id = ${companyId}`))[0]!.s);
  const setBalance = async (companyId: number, cents: number) => {
    // The ledger is append-only: an adjustment row brings the balance to `cents`, as the operator's correction would.
    const current = await walletOf(companyId);
    await t.db.transaction(async (tx) => {
      await tx
        .insert(companyWallet)
        .values({ companyId, totalBalance: cents })
        .onConflictDoUpdate({ target: companyWallet.companyId, set: { totalBalance: cents } });
      await tx.insert(walletLedger).values({ companyId, type: 'adjust', amount: cents - current, balanceAfter: cents, remark: '测试调整' });
    });
  };

  /** A notification from the sandbox gateway, signed with its secret, as it would POST it. */
  function sandboxNotification(payment: { orderNo: string; tradeNo: string; amountCents: number }, options: { secret?: string; skewSeconds?: number } = {}) {
    const body = Buffer.from(
      JSON.stringify({ id: randomUUID(), trade_state: 'SUCCESS', order_no: payment.orderNo, trade_no: payment.tradeNo, amount_cents: payment.amountCents, paid_at: new Date().toISOString() }),
    );
    const timestamp = String(Math.floor(Date.now() / 1000) + (options.skewSeconds ?? 0));
    const nonce = randomBytes(8).toString('hex');
    const signature = createHmac('sha256', options.secret ?? t.app.deps.config.payment.sandboxSecret)
      .update(`${timestamp}\n${nonce}\n`)
      .update(body)
      .update('\n')
      .digest('base64');
    return () =>
      t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/sandbox',
        headers: { 'content-type': 'application/json', 'sandbox-timestamp': timestamp, 'sandbox-nonce': nonce, 'sandbox-signature': signature },
        payload: body,
      });
  }

  return {
    walletOf,
    ledgerSum,
    setBalance,
    sandboxNotification,
    buyQr: (token = t.admin, time = 1) => t.call(companyBuyFunction, { time, timeType: 2, functionList: ['company_qr_code'] }, { token }),
    recharge: (amountY: string, token = t.admin) => t.call(saveCompanyRecharge, { amountY }, { token }),
    orderRow: async (id: number) => (await t.db.select().from(companyOrder).where(eq(companyOrder.id, id)))[0]!,
    /** The sandbox cashier's button pressed, as a payer who scanned the code `url`. */
    cashier: (url: string, scenario = 'pay') =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `scenario=${scenario}` }),
    tradeOf: (url: string) => t.app.payments.sandbox.trade(url.split('/').pop()!)!,
    /** The wallet's movements for the order. */
    payments: async (orderNo: string) => (await t.db.select().from(walletLedger).where(eq(walletLedger.orderNo, orderNo))).map((l) => l.amount),
  };
}
