import {
  RESUME_PRICE_CENTS, companyOrderList, getApplyInvoiceAmountLimit, getFunctionPrice, getSetMealList,
  walletLedgerList,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../shared/sql.js';
import { useTestApp } from '../test/app.js';

const t = useTestApp();

/** Every demo company, with its first staff member (the administrator) signed in. */
let companies: { id: number; name: string; token: string }[] = [];

beforeAll(async () => {
  const admins = await rowsOf<{ id: number; name: string; loginAccount: string }>(
    t.db,
    sql`select c.id, c.name, (select u.login_account from staff_user u where u.company_id = c.id order by u.id limit 1) as "loginAccount"
      from company c order by c.id`,
  );
  companies = await Promise.all(admins.map(async (c) => ({ id: c.id, name: c.name, token: await t.login(c.loginAccount) })));
  expect(companies.map((c) => c.name)).toEqual(['湘江人力资源服务集团有限公司', '江城市第一人民医院', '湘江人力资源服务集团株洲分公司']);
});

const sumOf = async (query: ReturnType<typeof sql>) => Number((await rowsOf<{ s: string }>(t.db, query))[0]!.s);

/** The company's orders as 缴费记录 lists them. */
const orderListOf = async (token: string) => {
  const answer = await t.call(companyOrderList, { pageSize: 200 }, { token });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.list;
};

describe('the demo money (issue 27): made as real money is, so that the ledger, orders, invoice limit and prices agree', () => {
  it('the HR company recharged 15,000.00 by QR code and bought at the price list from its wallet; the hospital has no money history', async () => {
    const movements = await rowsOf<{ companyId: number; type: string; amount: string }>(
      t.db,
      sql`select company_id as "companyId", type, amount from wallet_ledger order by created_at, id`,
    );
    const hr = movements.filter((m) => m.companyId === t.company1);
    expect(hr.map((m) => [m.type, Number(m.amount)])).toEqual([
      ['recharge', 1_000_000],
      ['payment', -188_000],
      ['recharge', 500_000],
      ['payment', -298_000],
    ]);
    expect(movements.filter((m) => m.companyId !== t.company1)).toEqual([]);
  });

  it('for every demo company, the ledger’s sum is the wallet’s balance, which is what its paid orders moved', async () => {
    for (const c of companies) {
      const ledger = await sumOf(sql`select coalesce(sum(amount), 0)::bigint as s from wallet_ledger where company_id = ${c.id}`);
      const balance = await sumOf(sql`select coalesce((select total_balance from company_wallet where company_id = ${c.id}), 0)::bigint as s`);
      const moved = await sumOf(
        sql`select coalesce(sum(case when type = 8 then amount_cents else -amount_cents end), 0)::bigint as s from company_order
          where company_id = ${c.id} and status = 1 and (type = 8 or pay_channel = 3)`,
      );
      expect({ ledger, moved }, c.name).toEqual({ ledger: balance, moved: balance });
    }
    expect(await sumOf(sql`select total_balance::bigint as s from company_wallet where company_id = ${t.company1}`)).toBe(1_014_000);
  });

  it('every ledger row is a paid order in 缴费记录, for the same amount, and the recharge rows name the staff member who placed them', async () => {
    for (const c of companies) {
      const orders = await orderListOf(c.token);
      const ledger = (await t.call(walletLedgerList, { pageSize: 200 }, { token: c.token })).data.list;
      for (const row of ledger) {
        const order = orders.find((o) => o.orderId === row.orderNo);
        expect(order, `${c.name} ${row.orderNo} ${row.remark}`).toBeDefined();
        expect(order).toMatchObject({ status: 1, totalAmount: Math.abs(row.amount), name: row.remark, createdByName: row.operatorName });
        expect(order!.type === 8, row.orderNo).toBe(row.type === 'recharge');
        expect(row.operatorName, row.orderNo).not.toBe('');
      }
      // and the other way round: every paid recharge or wallet payment is in the ledger
      const moved = orders.filter((o) => o.status === 1 && (o.type === 8 || o.payChannel === 3));
      expect(moved.map((o) => o.orderId).sort(), c.name).toEqual(ledger.map((r) => r.orderNo).sort());
    }
  });

  it('申请发票 counts what the README says: money paid in by QR code (recharges, and purchases paid by QR code), not purchases from the balance', async () => {
    for (const c of companies) {
      const rechargedByQr = await sumOf(
        sql`select coalesce(sum(o.amount_cents), 0)::bigint as s from wallet_ledger l join company_order o on o.order_no = l.order_no
          where l.company_id = ${c.id} and l.type = 'recharge' and o.pay_channel in (1, 2)`,
      );
      const boughtByQr = await sumOf(
        sql`select coalesce(sum(amount_cents), 0)::bigint as s from company_order
          where company_id = ${c.id} and status = 1 and type in (6, 7, 9) and pay_channel in (1, 2)`,
      );
      const invoiced = await sumOf(sql`select coalesce(sum(amount_cents), 0)::bigint as s from company_invoice where company_id = ${c.id} and status <> 'cancelled'`);
      const limit = (await t.call(getApplyInvoiceAmountLimit, {}, { token: c.token })).data;
      expect(limit, c.name).toMatchObject({ paid: rechargedByQr + boughtByQr, requested: invoiced, limit: rechargedByQr + boughtByQr - invoiced });
    }
    expect((await t.call(getApplyInvoiceAmountLimit, {}, { token: t.admin })).data).toMatchObject({ paid: 1_500_000, limitY: '15000.00' });
  });

  it('every demo purchase was made at the price list’s price for what it bought', async () => {
    const meals = (await t.call(getSetMealList, {}, { token: t.admin })).data;
    let purchases = 0;
    for (const c of companies) {
      for (const order of (await orderListOf(c.token)).filter((o) => [6, 7, 9].includes(o.type))) {
        purchases++;
        let listed: string | undefined;
        if (order.type === 6) {
          const codes = order.functionList.map((f) => f.code);
          listed = (await t.call(getFunctionPrice, { time: order.time!, timeType: order.timeType!, functionList: codes }, { token: c.token })).data.priceY;
        } else if (order.type === 7) {
          const meal = meals.find((m) => m.id === order.mealId);
          listed = meal?.prices.find((p) => p.time === order.time && p.timeType === order.timeType)?.priceY;
        } else {
          listed = (RESUME_PRICE_CENTS / 100).toFixed(2);
        }
        expect(order.totalAmountY, `${c.name} ${order.name}`).toBe(listed);
      }
    }
    expect(purchases).toBeGreaterThan(0);
  });

  it('the HR company’s rights are what its purchases granted, for a year from when they were paid', async () => {
    const rights = await rowsOf<{ code: string; fromDays: number; paidDays: number; aYear: boolean }>(
      t.db,
      sql`select r.function_code as code, round(extract(epoch from now() - r.valid_from) / 86400)::int as "fromDays",
          round(extract(epoch from now() - o.paid_at) / 86400)::int as "paidDays", r.valid_until = r.valid_from + interval '1 year' as "aYear"
        from company_right r join company_order o on o.id = r.order_id where r.company_id = ${t.company1} order by r.function_code`,
    );
    expect(rights).toEqual([
      { code: 'company_qr_code', fromDays: 118, paidDays: 118, aYear: true },
      { code: 'custom_company_info', fromDays: 45, paidDays: 45, aYear: true },
    ]);
    expect(await sumOf(sql`select count(*)::bigint as s from company_right where company_id = ${t.company1}`)).toBe(2);
  });
});
