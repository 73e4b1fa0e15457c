// runs on PostgreSQL too: one invoice issued and one package saved by calls at once
import * as contracts from '@zhaokao/contracts';
import {
  OPERATOR_TOKEN_HEADER, type Endpoint, companyBuyMeal, companyInvoiceDetail, getSetMealList,
  isUnifiedCreditCode, payByQr, saveCompanyInvoice, saveCompanyRecharge,
} from '@zhaokao/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyInvoice, sysMeal } from '../../db/tables.js';
import { DEMO_OPERATOR, DEMO_PASSWORD } from '../../seed/seed.js';
import { atOnce, expectError, expectNoSession, expectRefusedUnchanged, snapshotOf, useTestApp } from '../../test/app.js';

const t = useTestApp();
const snapshot = snapshotOf(t, { invoices: companyInvoice, meals: sysMeal });
let operator: string;

/** A call as the operator's web page makes it: the operator's token in its header. */
const op = (method: 'GET' | 'POST', url: string, payload?: object, token = operator) =>
  t.app.inject({ method, url: `/api${url}`, headers: token ? { [OPERATOR_TOKEN_HEADER]: token } : {}, payload });

const taxNo = [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].map((c) => `91430104MA4L12345${c}`).find(isUnifiedCreditCode)!;

async function paidRecharge(amountY: string) {
  const order = (await t.call(saveCompanyRecharge, { amountY }, { token: t.admin })).data;
  const { payH5QrCodeUrl } = (await t.call(payByQr, { appId: 2, orderId: order.orderId }, { token: t.admin })).data;
  await t.app.inject({ method: 'POST', url: payH5QrCodeUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'scenario=pay' });
}

beforeAll(async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/platform/login', payload: { loginAccount: DEMO_OPERATOR, password: DEMO_PASSWORD } });
  operator = res.json().data.token;
  await paidRecharge('500');
});

const platformEndpoints = Object.entries(contracts).filter(
  ([name, value]) => typeof value === 'object' && value !== null && 'path' in value && String((value as Endpoint).path).startsWith('/platform/') && name !== 'operatorLogin',
) as [string, Endpoint][];

describe('the platform operator’s area', () => {
  it.each(platformEndpoints)('%s answers 50008 without an operator session, and to a staff session', async (_name, ep) => {
    const url = ep.path.replace(/:([A-Za-z]+)/g, '1');
    for (const headers of [{}, { 'x-token': t.admin }, { [OPERATOR_TOKEN_HEADER]: 'forged' }]) {
      const res = await t.app.inject({ method: ep.method, url: `/api${url}`, headers, payload: ep.method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 50008, data: null });
    }
  });

  it('signs in with the lock staff have, and staff cannot sign in here', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/platform/login', payload: { loginAccount: 'admin', password: DEMO_PASSWORD } }), 400, '账号或密码错误，再错 4 次账号将锁定 15 分钟');
    expect((await op('GET', '/platform/me')).json().data).toMatchObject({ loginAccount: DEMO_OPERATOR, name: '平台运营' });
  });

  it('issues an electronic invoice from an uploaded PDF; the company downloads it and sees the step done', async () => {
    const requested = (await t.call(saveCompanyInvoice, { amountY: '200', title: '湘江人力', taxNo, kind: 'electronic', email: 'a@b.cn' }, { token: t.admin })).data;
    const listed = (await op('POST', '/platform/invoice/list', { status: 'submitted' })).json().data;
    expect(listed.list.map((r: { id: number }) => r.id)).toContain(requested.id);
    const byCompany = async (companyName: string) =>
      (await op('POST', '/platform/invoice/list', { companyName })).json().data.list.map((r: { id: number }) => r.id);
    expect(await byCompany('湘江')).toContain(requested.id);
    expect(await byCompany('医院')).not.toContain(requested.id);
    expect(await byCompany('%')).toEqual([]);

    const pdf = Buffer.from('%PDF-1.4\n% 发票\n%%EOF\n');
    const boundary = 'zkboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = (headers: Record<string, string>, payload: Buffer) =>
      t.app.inject({ method: 'POST', url: '/api/platform/invoice/pdf', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    const { url } = (await upload({ [OPERATOR_TOKEN_HEADER]: operator }, body)).json().data;
    expect(url).toMatch(/^invoices\/[0-9a-f-]{36}\.pdf$/);
    expectError(await upload({ [OPERATOR_TOKEN_HEADER]: operator }, Buffer.from(body.toString('latin1').replace('%PDF-', 'GIF89'), 'latin1')), 400, '发票文件必须是 PDF');

    await expectRefusedUnchanged(snapshot, () => op('POST', `/platform/invoice/issue/${requested.id}`, { pdfUrl: '../../etc/passwd' }), 400, '电子发票文件不正确');
    const issued = await atOnce(3, () => op('POST', `/platform/invoice/issue/${requested.id}`, { pdfUrl: url }));
    expect(issued.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(issued.filter((r) => r.statusCode === 409).every((r) => r.json().msg === '该发票已开具')).toBe(true);

    const detail = (await t.call(companyInvoiceDetail, { id: requested.id }, { token: t.admin })).data;
    expect(detail.steps.at(-1)).toMatchObject({ title: '开具发票', done: true, text: '电子发票已开具，可下载' });
    const file = await t.get(`/api/admin/order/invoice/${requested.id}/pdf`, t.admin);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expectError(await t.get(`/api/admin/order/invoice/${requested.id}/pdf`, t.hospital), 404, '电子发票不存在');
    // The operator opens the same PDF at the operator's own address; a staff session there is not an operator.
    const seen = await op('GET', `/platform/invoice/${requested.id}/pdf`);
    expect(seen.headers['content-type']).toBe('application/pdf');
    expect(seen.rawPayload.equals(pdf)).toBe(true);
    expectNoSession(await t.get(`/api/platform/invoice/${requested.id}/pdf`, t.admin));
    expectError(await op('GET', '/platform/invoice/999999/pdf'), 404, '电子发票不存在');
  });

  it('issues a paper invoice with the courier and tracking number, only once its fee is paid', async () => {
    const requested = (
      await t.call(
        saveCompanyInvoice,
        { amountY: '100', title: '湘江人力', taxNo, kind: 'paper', receiverName: '王会计', receiverPhone: '13800002222', province: '湖南省', receiverAddress: '长沙市' },
        { token: t.admin },
      )
    ).data;
    await expectRefusedUnchanged(snapshot, () => op('POST', `/platform/invoice/issue/${requested.id}`, { courierCompany: '顺丰速运', trackingNo: 'SF1234567890' }), 409, '该申请尚未提交（快递费未支付或已取消），不能开具');
    const { payH5QrCodeUrl } = (await t.call(payByQr, { appId: 1, orderId: requested.feeOrder!.orderId }, { token: t.admin })).data;
    await t.app.inject({ method: 'POST', url: payH5QrCodeUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'scenario=pay' });
    await expectRefusedUnchanged(snapshot, () => op('POST', `/platform/invoice/issue/${requested.id}`, { courierCompany: '顺丰速运', trackingNo: '单号!' }), 400, '快递单号只能是 6–40 位字母、数字或横线');
    await expectRefusedUnchanged(snapshot, () => op('POST', `/platform/invoice/issue/${requested.id}`, { courierCompany: '', trackingNo: 'SF1234567890' }), 400, '请输入快递公司');
    expect((await op('POST', `/platform/invoice/issue/${requested.id}`, { courierCompany: '顺丰速运', trackingNo: 'SF1234567890' })).json().data).toMatchObject({ status: 'issued', trackingNo: 'SF1234567890' });
    expect((await t.call(companyInvoiceDetail, { id: requested.id }, { token: t.admin })).data.steps.at(-1)!.text).toBe('已寄出：顺丰速运 SF1234567890');
  });

  it('keeps prices and packages; what companies see and pay changes with them', async () => {
    const before = (await op('GET', '/platform/catalogue')).json().data;
    expect(before.functions.map((f: { code: string }) => f.code)).toContain('company_qr_code');
    const saved = await op('POST', '/platform/function/company_qr_code/prices', { prices: [{ timeType: 2, priceY: '188.80' }] });
    expect(saved.json().data.prices).toEqual([{ timeType: 2, priceY: '188.80' }]);
    expectError(await op('POST', '/platform/function/company_qr_code/prices', { prices: [{ timeType: 2, priceY: '1' }, { timeType: 2, priceY: '2' }] }), 400, '同一时长单位只能有一个价格');
    expectError(await op('POST', '/platform/function/no_such/prices', { prices: [] }), 404, '功能项不存在');
    expect((await t.call(contracts.getFunctionPrice, { time: 2, timeType: 2, functionList: ['company_qr_code'] }, { token: t.admin })).data).toEqual({ price: 37_760, priceY: '377.60' });
    expectError(await t.call(contracts.getFunctionPrice, { time: 1, timeType: 3, functionList: ['company_qr_code'] }, { token: t.admin }), 400, '功能项“公司二维码”不按年出售');

    const meal = { name: '校招专版', description: '校园招聘季使用', functionCodes: ['company_qr_code', 'resume_quota'], prices: [{ time: 3, timeType: 2, priceY: '999' }] };
    const made = await atOnce(3, () => op('POST', '/platform/meal/save', meal));
    expect(made.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(made.filter((r) => r.statusCode === 409).every((r) => r.json().msg === '已有同名套餐')).toBe(true);
    const id = made.find((r) => r.statusCode === 200)!.json().data.id as number;
    expect((await t.call(getSetMealList, {}, { token: t.admin })).data.find((m) => m.id === id)).toMatchObject({ name: '校招专版', prices: [{ time: 3, timeType: 2, priceY: '999.00' }] });
    const order = (await t.call(companyBuyMeal, { time: 3, timeType: 2, mealId: id }, { token: t.admin })).data;
    expect(order.totalAmountY).toBe('999.00');
    expect((await op('POST', '/platform/meal/save', { ...meal, id, enabled: false })).json().data).toMatchObject({ enabled: false, orderCount: 1 });
    expectError(await t.call(companyBuyMeal, { time: 3, timeType: 2, mealId: id }, { token: t.admin }), 404, '套餐不存在');
    await expectRefusedUnchanged(snapshot, () => op('POST', '/platform/meal/save', { ...meal, functionCodes: ['no_such'] }), 400, '功能项“no_such”不存在');
    await expectRefusedUnchanged(snapshot, () => op('POST', '/platform/meal/save', { ...meal, name: '基础版' }), 409, '已有同名套餐');
  });

  it('signs out: the token no longer works', async () => {
    const token = (await t.app.inject({ method: 'POST', url: '/api/platform/login', payload: { loginAccount: DEMO_OPERATOR, password: DEMO_PASSWORD } })).json().data.token;
    expect((await op('POST', '/platform/logout', {}, token)).statusCode).toBe(200);
    expect((await op('GET', '/platform/me', undefined, token)).statusCode).toBe(401);
  });
});
