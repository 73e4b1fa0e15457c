// runs on PostgreSQL too: orders, debits and notifications at once against one wallet
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  ORDER_NOT_PAYABLE,
  ORDER_PAID_BY_QR,
  RECHARGE_BY_WALLET,
  WALLET_SHORT,
  buyTalentFunction,
  closeCompanyOrder,
  companyBuyFunction,
  companyBuyMeal,
  companyOrderDetail,
  companyOrderList,
  companyRightList,
  getFunctionList,
  getFunctionPrice,
  getSetMealList,
  getToken,
  payByQr,
  saveCompanyRecharge,
  syncCallback,
  walletPay,
} from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyOrder, companyRight, companyWallet, paymentEvent, walletLedger } from '../../db/tables.js';
import { rowsOf } from '../../shared/sql.js';
import { atOnce, expectError, expectRefusedUnchanged, snapshotOf, useTestApp } from '../../test/app.js';
import { sweepExpiredOrders } from './expiry.js';

const t = useTestApp();
const onPostgres = process.env.TEST_DB === 'postgres';

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

const buyQr = (token = t.admin, time = 1) => t.call(companyBuyFunction, { time, timeType: 2, functionList: ['company_qr_code'] }, { token });
const recharge = (amountY: string, token = t.admin) => t.call(saveCompanyRecharge, { amountY }, { token });
const orderRow = async (id: number) => (await t.db.select().from(companyOrder).where(eq(companyOrder.id, id)))[0]!;
const snapshot = snapshotOf(t, { orders: companyOrder, rights: companyRight, ledger: walletLedger });
const wallets = async () => [await walletOf(t.company1), await walletOf(t.company2)];
const bothStates = () => Promise.all([snapshot(), wallets()]);

describe('what a company can buy', () => {
  it('lists function items and packages with prices, and prices a choice exactly', async () => {
    const functions = (await t.call(getFunctionList, {}, { token: t.admin })).data;
    expect(functions.find((f) => f.code === 'company_qr_code')).toMatchObject({
      name: '公司二维码',
      prices: [
        { time: 1, timeType: 1, priceY: '10.00' },
        { time: 1, timeType: 2, priceY: '200.00' },
        { time: 1, timeType: 3, priceY: '1980.00' },
      ],
    });
    expect(functions.find((f) => f.code === 'resume_quota')).toMatchObject({ quota: 200 });
    const meals = (await t.call(getSetMealList, {}, { token: t.admin })).data;
    expect(meals.map((m) => m.name)).toEqual(['基础版', '标准版', '专业版']);
    expect(meals[1]!.functionList.map((f) => f.name)).toEqual(['公司二维码', '定制单位信息']);
    const price = await t.call(getFunctionPrice, { time: 3, timeType: 2, functionList: ['company_qr_code', 'custom_company_info'] }, { token: t.admin });
    expect(price.data).toEqual({ price: 150_000, priceY: '1500.00' });
  });

  it('refuses a bad choice with a Chinese message', async () => {
    const cases: [object, string][] = [
      [{ time: 0, timeType: 2, functionList: ['company_qr_code'] }, '购买时长最少为 1'],
      [{ time: 1.5, timeType: 2, functionList: ['company_qr_code'] }, '购买时长必须是整数'],
      [{ time: 1, timeType: 4, functionList: ['company_qr_code'] }, '请选择时长单位（天、月或年）'],
      [{ time: 1, timeType: 2, functionList: [] }, '请至少选择一个功能项'],
      [{ time: 1, timeType: 2, functionList: ['company_qr_code', 'company_qr_code'] }, '功能项重复'],
      [{ time: 1, timeType: 2, functionList: ['no_such'] }, '功能项“no_such”不存在'],
      [{ time: 1, timeType: 1, functionList: ['custom_company_info'] }, '功能项“定制单位信息”不按天出售'],
    ];
    for (const [input, msg] of cases) {
      expectError(await t.post('/api/open/meal/getFunctionPrice', t.admin, input), 400, msg);
      await expectRefusedUnchanged(snapshot, () => t.post('/api/admin/order/companyBuyFunction', t.admin, input), 400, msg);
    }
    await expectRefusedUnchanged(snapshot, () => t.post('/api/admin/order/companyBuyMeal', t.admin, { time: 5, timeType: 3, mealId: 1 }), 400, '套餐“基础版”没有 5 年的价格');
    await expectRefusedUnchanged(snapshot, () => t.post('/api/admin/order/companyBuyMeal', t.admin, { time: 1, timeType: 3, mealId: 999 }), 404, '套餐不存在');
    for (const [amountY, msg] of [
      ['0', '充值金额必须大于 0'],
      ['1.234', '充值金额格式不正确，最多两位小数'],
      ['abc', '充值金额格式不正确，最多两位小数'],
      ['1000000.01', '充值金额最多 1000000 元'],
      ['', '请输入充值金额'],
    ]) {
      await expectRefusedUnchanged(snapshot, () => t.post('/api/admin/order/saveCompanyRecharge', t.admin, { amountY }), 400, msg!);
    }
  });

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

  it('needs order:manage, and wallet:pay to pay from the wallet', async () => {
    expectError(await buyQr(t.shenhe), 403, '您没有执行该操作的权限');
    const order = (await buyQr()).data;
    expectError(await t.call(walletPay, { id: order.id }, { token: t.shenhe }), 403, '您没有执行该操作的权限');
  });
});

describe('paying by QR code (sandbox gateway)', () => {
  it('the cashier page pays, the signed notification settles the order and grants the right at once', async () => {
    expect((await t.call(buyTalentFunction, { functionName: 'company_qr_code', companyId: t.company2 }, { token: t.hospital })).data).toEqual([]);
    const order = (await buyQr(t.hospital)).data;
    const paying = (await t.call(payByQr, { appId: 1, orderId: order.orderId, orderType: 6 }, { token: t.hospital })).data;
    expect(paying).toMatchObject({ payChannel: 1, provider: 'sandbox', status: 0 });
    expect(paying.payH5QrCodeUrl).toMatch(/^\/api\/pay\/sandbox\/cashier\/[0-9a-f-]{36}$/);
    // The QR code is re-used while the order is open.
    expect((await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.hospital })).data.payH5QrCodeUrl).toBe(paying.payH5QrCodeUrl);

    const page = await t.app.inject({ method: 'GET', url: paying.payH5QrCodeUrl });
    expect(page.body).toContain('沙箱');
    expect(page.body).toContain('¥200.00');
    const paid = await t.app.inject({ method: 'POST', url: paying.payH5QrCodeUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'scenario=pay' });
    expect(paid.body).toContain('商户应答成功 1 次');

    const synced = (await t.call(syncCallback, { orderId: order.orderId }, { token: t.hospital })).data;
    expect(synced).toMatchObject({ status: 1, payChannel: 1, payH5QrCodeUrl: '' });
    const held = (await t.call(buyTalentFunction, { functionName: 'company_qr_code', companyId: t.company2 }, { token: t.hospital })).data;
    expect(held).toHaveLength(1);
    const rights = (await t.call(companyRightList, {}, { token: t.hospital })).data;
    expect(rights[0]).toMatchObject({ functionCode: 'company_qr_code', state: 'active', orderNo: order.orderId });
    const detail = (await t.call(companyOrderDetail, { id: order.id }, { token: t.hospital })).data;
    expect(detail.events.map((e) => e.text)).toEqual(['沙箱支付通知付款 ¥200.00，订单已支付']);
    // Paid: it cannot be paid or closed again.
    expectError(await t.call(payByQr, { appId: 2, orderId: order.orderId }, { token: t.hospital }), 409, ORDER_NOT_PAYABLE);
    expectError(await t.call(closeCompanyOrder, { id: order.id }, { token: t.hospital }), 409, '订单已支付或已关闭，不能再关闭');
  });

  it('buying a held item again extends it from the end of what is held', async () => {
    const before = (await t.call(companyRightList, {}, { token: t.hospital })).data.filter((r) => r.functionCode === 'company_qr_code');
    const order = (await buyQr(t.hospital, 2)).data;
    const paying = (await t.call(payByQr, { appId: 2, orderId: order.orderId }, { token: t.hospital })).data;
    await t.app.inject({ method: 'POST', url: paying.payH5QrCodeUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'scenario=pay' });
    const after = (await t.call(companyRightList, {}, { token: t.hospital })).data.filter((r) => r.functionCode === 'company_qr_code');
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]!.validFrom).toBe(before[0]!.validUntil);
    expect(after[0]!.state).toBe('future');
  });

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

  it('refuses a bad signature, a stale one, a wrong amount, an unknown order and another trade, changing nothing', async () => {
    const order = (await recharge('50')).data;
    await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin });
    const good = { orderNo: order.orderId, tradeNo: `SBX-${randomUUID()}`, amountCents: 5_000 };
    const refused = [
      sandboxNotification(good, { secret: 'not-the-secret' }),
      sandboxNotification(good, { skewSeconds: -301 }),
      sandboxNotification({ ...good, amountCents: 5_001 }),
      sandboxNotification({ ...good, orderNo: 'ZK00000000000000000000' }),
    ];
    for (const deliver of refused) {
      const before = await bothStates();
      const res = await deliver();
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'FAIL', message: '失败' });
      expect(await bothStates()).toEqual(before);
    }
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: { 'content-type': 'application/json', 'sandbox-timestamp': String(Math.floor(Date.now() / 1000)), 'sandbox-nonce': 'x', 'sandbox-signature': 'AAAA' },
      payload: '{"trade_state":"SUCCESS"}',
    });
    expect(tampered.statusCode).toBe(400);
    expect((await sandboxNotification(good)()).statusCode).toBe(204);
    const other = await sandboxNotification({ ...good, tradeNo: `SBX-${randomUUID()}` })();
    expect(other.statusCode).toBe(400);
    const reasons = (await t.db.select().from(paymentEvent).where(eq(paymentEvent.orderId, order.id)).orderBy(paymentEvent.id)).map((e) => [e.outcome, e.reason]);
    expect(reasons).toEqual([
      ['refused', '付款金额 5001 分与订单金额 5000 分不符'],
      ['paid', ''],
      // Signed, but the gateway knows no such payment: it refuses the refund, and the notification is refused to come again.
      ['refused', '订单已由另一笔付款支付，这笔付款不再入账，退款未成功（沙箱网关：交易不存在），支付平台再次通知时重试'],
    ]);
  });

  it('a closed order cannot be paid: its QR code is closed at the gateway, and a payment made anyway is refunded', async () => {
    const order = (await buyQr()).data;
    const paying = (await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin })).data;
    expect((await t.call(closeCompanyOrder, { id: order.id }, { token: t.admin })).data).toMatchObject({ status: 2, closeReason: '用户取消', payH5QrCodeUrl: '' });
    expectError(await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin }), 409, ORDER_NOT_PAYABLE);
    await expectRefusedUnchanged(snapshot, () => t.post(`/api/wallet/pay/${order.id}`, t.admin), 409, ORDER_NOT_PAYABLE);
    const cashier = (scenario: string) =>
      t.app.inject({ method: 'POST', url: paying.payH5QrCodeUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `scenario=${scenario}` });
    expect((await cashier('pay')).body).toContain('订单已关闭或已取消，不能支付');
    // The gateway's "pay after the close" takes the money anyway: the notification is answered, the money given back.
    expect((await cashier('late')).body).toContain('商户应答成功 1 次');
    expect(await orderRow(order.id)).toMatchObject({ status: 2, paidAt: null, tradeNo: null });
    const trade = t.app.payments.sandbox.trade(paying.payH5QrCodeUrl.split('/').pop()!)!;
    expect(trade.state).toBe('refunded');
    expect(trade.refund).toMatchObject({ refundNo: `RF${trade.payment!.tradeNo}`, amountCents: 20_000 });
    const events = (await t.call(companyOrderDetail, { id: order.id }, { token: t.admin })).data.events;
    expect(events.map((e) => [e.outcome, e.text])).toEqual([
      ['refunded', expect.stringMatching(/^沙箱支付通知付款 ¥200\.00：订单已关闭，这笔付款不再入账，已原路退款（退款单号 RFSBX\w+，沙箱退款号 SBXR\w+）$/)],
    ]);
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

  it('another company’s orders answer 404', async () => {
    const order = (await buyQr()).data;
    const orderNo = order.orderId;
    for (const call of [
      () => t.post(`/api/wallet/pay/${order.id}`, t.hospital),
      () => t.post(`/api/admin/order/close/${order.id}`, t.hospital),
      () => t.get(`/api/admin/order/companyOrder/${order.id}`, t.hospital),
      () => t.post('/api/admin/wechat/pay/1', t.hospital, { orderId: orderNo }),
      () => t.post('/api/admin/wechat/syncCallback', t.hospital, { orderId: orderNo }),
    ]) {
      await expectRefusedUnchanged(snapshot, call, 404, '订单不存在');
    }
    const theirs = (await t.call(companyOrderList, { orderId: orderNo }, { token: t.hospital })).data;
    expect(theirs.total).toBe(0);
  });
});

describe('paying from the wallet', () => {
  beforeAll(() => setBalance(t.company1, 500_000));

  it('pays a package: the balance goes down by its price, one ledger row, the rights granted', async () => {
    const order = (await t.call(companyBuyMeal, { time: 1, timeType: 3, mealId: 2 }, { token: t.admin })).data;
    expect(order).toMatchObject({ totalAmountY: '4280.00', name: '购买套餐：标准版（1 年）' });
    const paid = (await t.call(walletPay, { id: order.id }, { token: t.admin })).data;
    expect(paid).toMatchObject({ status: 1, payChannel: 3 });
    expect(await walletOf(t.company1)).toBe(500_000 - 428_000);
    const [row] = await t.db.select().from(walletLedger).where(eq(walletLedger.orderNo, order.orderId));
    expect(row).toMatchObject({ type: 'payment', amount: -428_000, balanceAfter: 72_000, operatorId: t.adminId });
    const rights = (await t.call(companyRightList, {}, { token: t.admin })).data.filter((r) => r.orderNo === order.orderId);
    expect(rights.map((r) => r.functionCode).sort()).toEqual(['company_qr_code', 'custom_company_info']);
    expect(await ledgerSum(t.company1)).toBe(await walletOf(t.company1));
  });

  it('above the balance: 钱包余额不足, and nothing changes', async () => {
    const order = (await t.call(companyBuyMeal, { time: 1, timeType: 3, mealId: 3 }, { token: t.admin })).data;
    const before = await wallets();
    await expectRefusedUnchanged(snapshot, () => t.post(`/api/wallet/pay/${order.id}`, t.admin), 409, WALLET_SHORT);
    expect(await wallets()).toEqual(before);
    expect((await orderRow(order.id)).status).toBe(0);
  });

  it('never for a recharge', async () => {
    const order = (await recharge('10')).data;
    await expectRefusedUnchanged(snapshot, () => t.post(`/api/wallet/pay/${order.id}`, t.admin), 400, RECHARGE_BY_WALLET);
  });

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
  });
});

/** The sandbox cashier's button pressed, as a payer who scanned the code `url`. */
const cashier = (url: string, scenario = 'pay') =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `scenario=${scenario}` });
const tradeOf = (url: string) => t.app.payments.sandbox.trade(url.split('/').pop()!)!;
/** The wallet's movements for the order. */
const payments = async (orderNo: string) => (await t.db.select().from(walletLedger).where(eq(walletLedger.orderNo, orderNo))).map((l) => l.amount);

describe('one order, one payment: paying one way closes the others, a payment too many is refunded', () => {
  it('the reproduction: a QR code, then the wallet (200), then the QR code at the cashier: the cashier refuses, the money is taken once', async () => {
    await setBalance(t.company1, 100_000);
    const order = (await buyQr()).data;
    const paying = (await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin })).data;
    expect((await t.call(walletPay, { id: order.id }, { token: t.admin })).data).toMatchObject({ status: 1, payChannel: 3, provider: 'wallet', payH5QrCodeUrl: '' });
    expect(tradeOf(paying.payH5QrCodeUrl).state).toBe('closed');
    const page = await cashier(paying.payH5QrCodeUrl);
    expect(page.body).toContain('订单已关闭或已取消，不能支付');
    expect(tradeOf(paying.payH5QrCodeUrl).payment).toBeUndefined();
    expect(await walletOf(t.company1)).toBe(100_000 - 20_000);
    expect(await payments(order.orderId)).toEqual([-20_000]);
    expect(await t.db.select().from(paymentEvent).where(eq(paymentEvent.orderId, order.id))).toEqual([]);
  });

  it('the QR code was paid before the wallet was chosen (its notice not yet in): the order is paid by it, the wallet is not charged', async () => {
    await setBalance(t.company1, 100_000);
    const order = (await buyQr()).data;
    const paying = (await t.call(payByQr, { appId: 2, orderId: order.orderId }, { token: t.admin })).data;
    const trade = tradeOf(paying.payH5QrCodeUrl);
    trade.state = 'paid';
    trade.payment = { orderNo: order.orderId, tradeNo: `SBX-${randomUUID()}`, amountCents: order.totalAmount, paidAt: new Date() };
    expectError(await t.call(walletPay, { id: order.id }, { token: t.admin }), 409, ORDER_PAID_BY_QR);
    expect(await orderRow(order.id)).toMatchObject({ status: 1, provider: 'sandbox', payChannel: 2, tradeNo: trade.payment.tradeNo });
    expect(await walletOf(t.company1)).toBe(100_000);
    expect(await payments(order.orderId)).toEqual([]);
    expect(trade.state).toBe('paid');
    // Its notification, when it comes at last, is the same payment: ignored, not refunded.
    expect((await sandboxNotification(trade.payment)()).statusCode).toBe(204);
    const outcomes = (await t.db.select().from(paymentEvent).where(eq(paymentEvent.orderId, order.id)).orderBy(paymentEvent.id)).map((e) => e.outcome);
    expect(outcomes).toEqual(['paid', 'repeated']);
  });

  it('changing the channel closes the old QR code first; one paid already settles the order instead of making a new code', async () => {
    const order = (await buyQr()).data;
    const first = (await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin })).data;
    const second = (await t.call(payByQr, { appId: 2, orderId: order.orderId }, { token: t.admin })).data;
    expect(second.payH5QrCodeUrl).not.toBe(first.payH5QrCodeUrl);
    expect(tradeOf(first.payH5QrCodeUrl).state).toBe('closed');
    expect((await cashier(first.payH5QrCodeUrl)).body).toContain('订单已关闭或已取消，不能支付');
    const trade = tradeOf(second.payH5QrCodeUrl);
    trade.state = 'paid';
    trade.payment = { orderNo: order.orderId, tradeNo: `SBX-${randomUUID()}`, amountCents: order.totalAmount, paidAt: new Date() };
    expectError(await t.call(payByQr, { appId: 1, orderId: order.orderId }, { token: t.admin }), 409, ORDER_NOT_PAYABLE);
    expect(await orderRow(order.id)).toMatchObject({ status: 1, payChannel: 2, tradeNo: trade.payment.tradeNo, qrCodeUrl: second.payH5QrCodeUrl });
  });

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

describe('the orders list', () => {
  it('lists the company’s own orders, filtered by status, type and number', async () => {
    const all = (await t.call(companyOrderList, { pageSize: 200 }, { token: t.admin })).data;
    expect(all.total).toBeGreaterThan(5);
    expect(all.list.every((o, i, list) => i === 0 || list[i - 1]!.id > o.id)).toBe(true);
    const recharges = (await t.call(companyOrderList, { type: 8, pageSize: 200 }, { token: t.admin })).data;
    expect(recharges.list.every((o) => o.type === 8)).toBe(true);
    const paid = (await t.call(companyOrderList, { status: 1, pageSize: 200 }, { token: t.admin })).data;
    expect(paid.list.every((o) => o.status === 1 && o.paidAt)).toBe(true);
    const one = all.list[0]!;
    expect((await t.call(companyOrderList, { orderId: one.orderId.slice(-8) }, { token: t.admin })).data.list.map((o) => o.id)).toContain(one.id);
    expectError(await t.post('/api/admin/order/companyOrderList', t.admin, { status: 9 }), 400, '订单状态不正确');
    expectError(await t.post('/api/admin/order/companyOrderList', t.admin, { orderId: '%'.repeat(41) }), 400, '订单号最长 40 个字符');
  });
});
