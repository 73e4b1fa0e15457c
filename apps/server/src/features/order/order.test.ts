import { randomUUID } from 'node:crypto';
import {
  ORDER_NOT_PAYABLE, ORDER_PAID_BY_QR, RECHARGE_BY_WALLET, WALLET_SHORT, buyTalentFunction, closeCompanyOrder,
  companyBuyMeal, companyOrderDetail, companyOrderList, companyRightList, getFunctionList, getFunctionPrice,
  getSetMealList, payByQr, syncCallback, walletLedgerList, walletPay,
} from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyOrder, companyRight, paymentEvent, walletLedger } from '../../db/tables.js';
import { expectError, expectRefusedUnchanged, snapshotOf, useTestApp } from '../../test/app.js';
import { orderHelpers } from './order.support.js';

const t = useTestApp();

const helpers = orderHelpers(t);
const { walletOf, ledgerSum, setBalance, sandboxNotification, buyQr, recharge, orderRow } = helpers;
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

  it('a recharge paid by QR code is credited with the staff member who placed it as its operator (操作人)', async () => {
    const order = (await recharge('100')).data;
    const { payH5QrCodeUrl } = (await t.call(payByQr, { appId: 2, orderId: order.orderId }, { token: t.admin })).data;
    await helpers.cashier(payH5QrCodeUrl);
    const ledger = (await t.call(walletLedgerList, { type: 'recharge', pageSize: 200 }, { token: t.admin })).data.list;
    expect(ledger.find((row) => row.orderNo === order.orderId)).toMatchObject({ type: 'recharge', amount: 10_000, operatorName: '王敏' });
    const [row] = await t.db.select().from(walletLedger).where(eq(walletLedger.orderNo, order.orderId));
    expect(row!.operatorId).toBe(t.adminId);
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

});

const { cashier, tradeOf, payments } = helpers;

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
