// runs on PostgreSQL too: orders, debits and notifications at once against one wallet
import { randomUUID } from 'node:crypto';
import { ORDER_NOT_PAYABLE, ORDER_PAID_BY_QR, WALLET_SHORT, addAlreadyUseTimes, companyBuyFunction, companyOrderDetail, getToken, payByQr, walletPay } from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyRight, paymentEvent } from '../../db/tables.js';
import { atOnce, useTestApp } from '../../test/app.js';
import { sweepExpiredOrders } from './expiry.js';
import { orderHelpers } from './order.support.js';

const t = useTestApp();
const onPostgres = process.env.TEST_DB === 'postgres';
const { walletOf, ledgerSum, setBalance, sandboxNotification, buyQr, recharge, orderRow, cashier, tradeOf, payments } = orderHelpers(t);

describe('what a company can buy', () => {
  it('makes one order per creation token, even when the same token is sent at once', async () => {
    const { token } = (await t.call(getToken, {}, { token: t.admin })).data;
    const answers = await atOnce(10, () => t.call(companyBuyFunction, { time: 1, timeType: 3, functionList: ['resume_quota'], token }, { token: t.admin }));
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(answers[0]!.data).toMatchObject({ type: 6, status: 0, totalAmount: 480_000, totalAmountY: '4800.00', name: '购买功能项：简历查看额度（1 年）' });
  });

  it('many orders made at once each get their own number (the numbers of one second differ by a sequence, not by chance)', async () => {
    const count = onPostgres ? 300 : 60;
    const answers = await atOnce(count, () => recharge('1'));
    expect(answers.map((a) => a.code)).toEqual(Array(count).fill(200));
    const numbers = answers.map((a) => a.data.orderId);
    expect(new Set(numbers).size).toBe(count);
    for (const no of numbers) expect(no).toMatch(/^ZK\d{20}$/);
  });
});

const usedOf = async (id: number) => (await t.db.select({ used: companyRight.used }).from(companyRight).where(eq(companyRight.id, id)))[0]!.used;

describe('已购买权益: a use of a quota right', () => {
  const HOUR = 3600_000;
  const insertRight = async (companyId: number, quota: number | null, from = Date.now() - HOUR, until = Date.now() + HOUR) => {
    const [row] = await t.db
      .insert(companyRight)
      .values({ companyId, functionCode: 'resume_quota', validFrom: new Date(from), validUntil: new Date(until), quota })
      .returning({ id: companyRight.id });
    return row!.id;
  };

  it('of 12 uses asked at once of a quota of 5, five are counted and the others told it is used up', async () => {
    const id = await insertRight(t.company1, 5);
    const answers = await atOnce(12, () => t.call(addAlreadyUseTimes, { id }, { token: t.admin }));
    expect(answers.filter((a) => a.code === 200).map((a) => a.data.used).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(answers.filter((a) => a.code !== 200).map((a) => [a.status, a.msg])).toEqual(Array.from({ length: 7 }, () => [409, '该权益的次数已用完']));
    expect(await usedOf(id)).toBe(5);
  });

  it('refuses a right without a count, out of its period, or of another company, counting nothing', async () => {
    const uncounted = await insertRight(t.company1, null);
    const expired = await insertRight(t.company1, 5, Date.now() - 2 * HOUR, Date.now() - HOUR);
    const future = await insertRight(t.company1, 5, Date.now() + HOUR, Date.now() + 2 * HOUR);
    const theirs = await insertRight(t.company2, 5);
    const use = (id: number) => t.call(addAlreadyUseTimes, { id }, { token: t.admin });
    expect([(await use(uncounted)).status, (await use(uncounted)).msg]).toEqual([400, '该权益不按次数计']);
    for (const id of [expired, future]) expect([(await use(id)).status, (await use(id)).msg]).toEqual([409, '该权益不在有效期内']);
    expect([(await use(theirs)).status, (await use(theirs)).msg]).toEqual([404, '权益不存在']);
    for (const id of [uncounted, expired, future, theirs]) expect(await usedOf(id)).toBe(0);
    expect((await t.call(addAlreadyUseTimes, { id: theirs }, { token: t.hospital })).data).toEqual({ quota: 5, used: 1 });
  });
});

describe('paying by QR code (sandbox gateway)', () => {
  it('one notification delivered 100 times, sequentially and at once, credits once', async () => {
    const order = (await recharge('123.45')).data;
    await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin });
    const before = await walletOf(t.company1);
    const payment = { orderNo: order.orderId, tradeNo: `SBX-${randomUUID()}`, amountCents: 12_345 };
    const deliver = sandboxNotification(payment);
    const first = await Promise.all(Array.from({ length: 50 }, deliver));
    for (let i = 0; i < 50; i++) first.push(await deliver());
    expect(first.every((res) => res.statusCode === 204)).toBe(true);
    expect(await walletOf(t.company1)).toBe(before + 12_345);
    expect(await ledgerSum(t.company1)).toBe(await walletOf(t.company1));
    const events = await t.db.select().from(paymentEvent).where(eq(paymentEvent.orderId, order.id));
    expect(events.filter((e) => e.outcome === 'paid')).toHaveLength(1);
    expect(events.filter((e) => e.outcome === 'repeated')).toHaveLength(99);
    expect((await orderRow(order.id)).status).toBe(1);
  });

  it('an unpaid order closes itself after its time; one paid at the last moment is settled, not closed', async () => {
    const unpaid = (await buyQr()).data;
    const lastMoment = (await buyQr()).data;
    const paying = (await t.call(payByQr, { appId: 1, orderId: lastMoment.orderId }, { token: t.admin })).data;
    // The payment is made, but its notification is not answered yet (the gateway retries later).
    const trade = t.app.payments.sandbox.trade(paying.payH5QrCodeUrl.split('/').pop()!)!;
    trade.state = 'paid';
    trade.payment = { orderNo: lastMoment.orderId, tradeNo: `SBX-${randomUUID()}`, amountCents: lastMoment.totalAmount, paidAt: new Date() };
    await t.db.execute(sql`update company_order set expires_at = now() - interval '1 second' where id in (${unpaid.id}, ${lastMoment.id})`);
    await atOnce(3, () => sweepExpiredOrders(t.db, t.app.payments));
    expect(await orderRow(unpaid.id)).toMatchObject({ status: 2, closeReason: '超时未支付，系统自动关闭' });
    expect(await orderRow(lastMoment.id)).toMatchObject({ status: 1, tradeNo: trade.payment.tradeNo });
  });
});

describe('paying from the wallet', () => {
  it(`${onPostgres ? 500 : 100} debits at once never take the balance below zero, and the ledger sums to it`, async () => {
    const count = onPostgres ? 500 : 100;
    const price = 1_000; // 公司二维码, 1 天
    await setBalance(t.company2, price * 37 + 999);
    const orders = await Promise.all(Array.from({ length: count }, () => t.call(companyBuyFunction, { time: 1, timeType: 1, functionList: ['company_qr_code'] }, { token: t.hospital })));
    const answers = await Promise.all(orders.map((o) => t.call(walletPay, { id: o.data.id }, { token: t.hospital })));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(37);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.status === 409 && a.msg === WALLET_SHORT)).toBe(true);
    expect(await walletOf(t.company2)).toBe(999);
    expect(await ledgerSum(t.company2)).toBe(999);
    // 1,000 calls, each checked for its 操作日志 row: on a shared 2-core machine this takes longer than the default
  }, 120_000);
});

describe('one order, one payment: paying one way closes the others, a payment too many is refunded', () => {
  it('a payment arriving for an order paid by the wallet is refunded through the gateway, once, and told in the order detail', async () => {
    await setBalance(t.company1, 100_000);
    const order = (await buyQr()).data;
    const paying = (await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin })).data;
    await t.call(walletPay, { id: order.id }, { token: t.admin });
    // A payer who pays anyway (the gateway's "pay after the close"), its notice sent 3 times more.
    expect((await cashier(paying.payH5QrCodeUrl, 'late')).body).toContain('商户应答成功 1 次');
    const trade = tradeOf(paying.payH5QrCodeUrl);
    expect(trade).toMatchObject({ state: 'refunded', refund: { refundNo: `RF${trade.payment!.tradeNo}`, amountCents: 20_000 } });
    const again = await atOnce(3, sandboxNotification(trade.payment!));
    expect(again.map((a) => a.statusCode)).toEqual([204, 204, 204]);
    expect(await orderRow(order.id)).toMatchObject({ status: 1, provider: 'wallet', tradeNo: `WALLET-${order.orderId}` });
    expect(await walletOf(t.company1)).toBe(80_000);
    const detail = (await t.call(companyOrderDetail, { id: order.id }, { token: t.admin })).data;
    expect(detail.events.map((e) => e.outcome)).toEqual(['refunded', 'repeated', 'repeated', 'repeated']);
    expect(detail.events[0]!.text).toMatch(/^沙箱支付通知付款 ¥200\.00：订单已由钱包余额支付，这笔付款不再入账，已原路退款（退款单号 RFSBX\w+/);
    expect(trade.log.filter((l) => l.startsWith('商户已退款'))).toHaveLength(1);
  });

  it(`the wallet and the cashier at the same moment, ${onPostgres ? 30 : 8} orders: each order is paid once and the money taken once`, async () => {
    const count = onPostgres ? 30 : 8;
    await setBalance(t.company1, 20_000 * count);
    const orders = await Promise.all(Array.from({ length: count }, () => buyQr().then((a) => a.data)));
    const codes = await Promise.all(orders.map((o, i) => t.call(payByQr, { appId: ((i % 2) + 1) as 1 | 2, orderId: o.orderId }, { token: t.admin })));
    const answers = await Promise.all(
      orders.map((o, i) => Promise.all([t.call(walletPay, { id: o.id }, { token: t.admin }), cashier(codes[i]!.data.payH5QrCodeUrl)])),
    );
    for (const [i, order] of orders.entries()) {
      const [wallet] = answers[i]!;
      const trade = tradeOf(codes[i]!.data.payH5QrCodeUrl);
      const byWallet = (await payments(order.orderId)).reduce((sum, a) => sum - a, 0);
      const byQr = trade.state === 'paid' ? trade.payment!.amountCents : 0;
      expect(byWallet + byQr, `order ${i}: wallet ${wallet.code} ${wallet.msg}, trade ${trade.state}`).toBe(20_000);
      expect(wallet.code === 200 || (wallet.status === 409 && [ORDER_PAID_BY_QR, ORDER_NOT_PAYABLE].includes(wallet.msg))).toBe(true);
      expect((await orderRow(order.id)).status).toBe(1);
    }
    expect(await ledgerSum(t.company1)).toBe(await walletOf(t.company1));
  });
});
