// runs on PostgreSQL too: ten invoice requests for the whole amount at once
import {
  companyBuyFunction, companyInvoiceDetail, companyInvoiceList, getApplyInvoiceAmountLimit, getCourierFee,
  isUnifiedCreditCode, payByQr, saveCompanyInvoice, saveCompanyRecharge, walletPay,
} from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyInvoice, companyOrder } from '../../db/tables.js';
import { atOnce, expectError, expectRefusedUnchanged, snapshotOf, useTestApp } from '../../test/app.js';
import { sweepExpiredOrders } from './expiry.js';

const t = useTestApp();
const snapshot = snapshotOf(t, { invoices: companyInvoice, orders: companyOrder });

/** A unified social credit code: the 17 characters given and the check character they call for. */
function creditCode(first17: string) {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  return [...chars].map((c) => first17 + c).find(isUnifiedCreditCode)!;
}
const TAX_NO = creditCode('91430104MA4L12345');

/** Pays an order through the sandbox cashier, as a person scanning its QR code would. */
async function payBySandbox(token: string, orderNo: string) {
  const { payH5QrCodeUrl } = (await t.call(payByQr, { appId: 1, orderId: orderNo }, { token })).data;
  await t.app.inject({ method: 'POST', url: payH5QrCodeUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'scenario=pay' });
}

const limit = async (token = t.admin) => (await t.call(getApplyInvoiceAmountLimit, {}, { token })).data;
const electronic = { title: '湘江人力资源服务集团有限公司', taxNo: TAX_NO, kind: 'electronic' as const, email: 'finance@example.com' };
const paper = {
  title: '湘江人力资源服务集团有限公司',
  taxNo: TAX_NO,
  kind: 'paper' as const,
  receiverName: '王会计',
  receiverPhone: '13800002222',
  province: '湖南省',
  receiverAddress: '长沙市岳麓区麓谷大道 658 号',
};

/** The demo money's recharges (seed.ts), invoiced in full first, so that the tests below see only their own money. */
let demoPaid = 0;

beforeAll(async () => {
  demoPaid = (await limit()).paid;
  expect((await t.call(saveCompanyInvoice, { ...electronic, amountY: (demoPaid / 100).toFixed(2) }, { token: t.admin })).code).toBe(200);
  // 1,000.00 paid by QR (invoiceable) and a wallet payment (not: its recharge is what gets invoiced).
  const recharge = (await t.call(saveCompanyRecharge, { amountY: '1000' }, { token: t.admin })).data;
  await payBySandbox(t.admin, recharge.orderId);
  const bought = (await t.call(companyBuyFunction, { time: 1, timeType: 1, functionList: ['company_qr_code'] }, { token: t.admin })).data;
  expect((await t.call(walletPay, { id: bought.id }, { token: t.admin })).code).toBe(200);
});

describe('invoices (申请发票)', () => {
  it('the limit is what was paid by QR channels, less what was asked for', async () => {
    expect(await limit()).toEqual({ paid: demoPaid + 100_000, requested: demoPaid, limit: 100_000, limitY: '1000.00' });
    expect(await limit(t.hospital)).toMatchObject({ limit: 0 });
  });

  it('the courier fee goes by province', async () => {
    expect((await t.call(getCourierFee, { province: '西藏自治区' }, { token: t.admin })).data).toEqual({ province: '西藏自治区', fee: 3_000, feeY: '30.00' });
    expectError(await t.get(`/api/admin/order/invoice/getCourierFee/${encodeURIComponent('火星')}`, t.admin), 400, '请选择正确的省份');
  });

  it('refuses bad requests with Chinese messages, changing nothing', async () => {
    const cases: [object, string][] = [
      [{ ...electronic, amountY: '100', taxNo: TAX_NO.slice(0, 17) + (TAX_NO[17] === '0' ? '1' : '0') }, '请输入正确的纳税人识别号（18 位统一社会信用代码）'],
      [{ ...electronic, amountY: '100', title: ' ' }, '请输入发票抬头'],
      [{ ...electronic, amountY: '100', email: 'not-an-email' }, '请输入接收电子发票的邮箱'],
      [{ ...paper, amountY: '100', receiverPhone: '123' }, '请输入正确的手机号码'],
      [{ ...paper, amountY: '100', province: '火星' }, '请选择正确的省份'],
      [{ ...electronic, amountY: '0' }, '开票金额必须大于 0'],
    ];
    for (const [input, msg] of cases) await expectRefusedUnchanged(snapshot, () => t.post('/api/admin/order/invoice/saveCompanyInvoice', t.admin, input), 400, msg);
    await expectRefusedUnchanged(snapshot, () => t.post('/api/admin/order/invoice/saveCompanyInvoice', t.admin, { ...electronic, amountY: '1000.01' }), 409, '开票金额不能超过可开票金额 1000.00 元');
  });

  it('ten requests for the whole amount at once: exactly one is taken', async () => {
    const answers = await atOnce(10, () => t.call(saveCompanyInvoice, { ...electronic, amountY: '1000' }, { token: t.admin }));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409).every((a) => a.msg === '开票金额不能超过可开票金额 0.00 元')).toBe(true);
    const taken = answers.find((a) => a.code === 200)!.data;
    expect(taken).toMatchObject({ status: 'submitted', amountY: '1000.00', kind: 'electronic', feeOrder: null });
    expect(await limit()).toMatchObject({ requested: demoPaid + 100_000, limit: 0 });
    // Released again for the next tests: the platform would not issue a duplicate.
    await t.db.update(companyInvoice).set({ status: 'cancelled' }).where(eq(companyInvoice.id, taken.id));
  });

  it('a paper invoice waits for its courier fee; paid, it is submitted; unpaid, it is cancelled', async () => {
    const waiting = (await t.call(saveCompanyInvoice, { ...paper, amountY: '300' }, { token: t.admin })).data;
    expect(waiting).toMatchObject({ status: 'awaiting_fee', courierFeeY: '10.00', feeOrder: { type: 5, status: 0, totalAmountY: '10.00' } });
    await payBySandbox(t.admin, waiting.feeOrder!.orderId);
    const detail = (await t.call(companyInvoiceDetail, { id: waiting.id }, { token: t.admin })).data;
    expect(detail.status).toBe('submitted');
    expect(detail.steps.map((s) => [s.title, s.done])).toEqual([
      ['提交申请', true],
      ['支付快递费', true],
      ['开具发票', false],
    ]);

    const unpaid = (await t.call(saveCompanyInvoice, { ...paper, amountY: '700' }, { token: t.admin })).data;
    expect(await limit()).toMatchObject({ limit: 0 });
    await t.db.execute(sql`update company_order set expires_at = now() - interval '1 second' where id = ${unpaid.feeOrder!.id}`);
    await sweepExpiredOrders(t.db, t.app.payments);
    expect((await t.call(companyInvoiceDetail, { id: unpaid.id }, { token: t.admin })).data).toMatchObject({ status: 'cancelled' });
    expect(await limit()).toMatchObject({ limit: 70_000 });
    // The courier fee is not invoiceable itself.
    expect(await limit()).toMatchObject({ paid: demoPaid + 100_000 });
  });

  it('lists the company’s own requests; another company’s answer 404', async () => {
    const mine = (await t.call(companyInvoiceList, {}, { token: t.admin })).data;
    expect(mine.total).toBeGreaterThanOrEqual(3);
    expect((await t.call(companyInvoiceList, {}, { token: t.hospital })).data.total).toBe(0);
    expectError(await t.call(companyInvoiceDetail, { id: mine.list[0]!.id }, { token: t.hospital }), 404, '发票申请不存在');
    expectError(await t.call(companyInvoiceList, {}, { token: t.shenhe }), 403, '您没有执行该操作的权限');
  });
});
