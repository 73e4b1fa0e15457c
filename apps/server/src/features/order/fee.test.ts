// runs on PostgreSQL too: one fee paid and confirmed by calls at once
import {
  ORDER_NOT_PAYABLE, applyRecruitment, confirmOfflinePayment, omsOrderClose, omsOrderDeleteList,
  omsOrderDetail, omsOrderList, omsOrderNote, omsOrderOffline, omsOrderReceiver, payRegistrationFee,
  registrationFeeStatus,
} from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyOrder, recruitmentPlan } from '../../db/tables.js';
import { atOnce, expectError, expectRefusedUnchanged, snapshotOf, useTestApp } from '../../test/app.js';
import { identityNo, insertPlan, resume } from '../../test/recruitment.js';
import { sweepExpiredOrders } from './expiry.js';

const t = useTestApp();
const snapshot = snapshotOf(t, { orders: companyOrder });
let recruitmentId: number;
let theirRecruitmentId: number;
let seq = 0;

/** A candidate signs up for the fee-charging plan's post; answers the application and its proof. */
async function signUp(post = recruitmentId) {
  seq += 1;
  const person = { realName: `缴费考生${seq}`, identityNo: identityNo('1996-03-04', 300 + seq), phone: `1390000${String(1000 + seq).padStart(4, '0')}` };
  const res = await t.call(applyRecruitment, { recruitmentId: post, talentInfo: resume(person) });
  expect(res.code).toBe(200);
  return { ...res.data, proof: { applicationId: res.data.applicationId, identityNo: person.identityNo, phone: person.phone } };
}

const payByCashier = async (url: string, scenario = 'pay') =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `scenario=${scenario}` });
const feeRow = async (orderNo: string) => (await t.db.select().from(companyOrder).where(eq(companyOrder.orderNo, orderNo)))[0]!;

beforeAll(async () => {
  const mine = await insertPlan(t.db, t.company1, { name: '收费招录计划', posts: ['收费岗位'] });
  const theirs = await insertPlan(t.db, t.company2, { name: '医院收费计划', posts: ['护士'] });
  await t.db.update(recruitmentPlan).set({ registrationFee: 8_000 }).where(eq(recruitmentPlan.id, mine.plan.id));
  await t.db.update(recruitmentPlan).set({ registrationFee: 5_000 }).where(eq(recruitmentPlan.id, theirs.plan.id));
  recruitmentId = mine.posts[0]!.id;
  theirRecruitmentId = theirs.posts[0]!.id;
});

describe('registration fees (考务费)', () => {
  it('signing up for a plan with a fee makes its order; a free plan makes none', async () => {
    const { feeOrderId, applicationId } = await signUp();
    expect(feeOrderId).toMatch(/^ZK\d{20}$/);
    expect(await feeRow(feeOrderId!)).toMatchObject({ type: 10, status: 0, amountCents: 8_000, applicationId, companyId: t.company1 });
    const free = await insertPlan(t.db, t.company1, { name: '免费计划', posts: ['免费岗位'] });
    expect((await signUp(free.posts[0]!.id)).feeOrderId).toBeNull();
  });

  it('the candidate pays by QR; the company sees it paid, with its story', async () => {
    const { proof, feeOrderId } = await signUp();
    const answers = await atOnce(5, () => t.call(payRegistrationFee, { ...proof, appId: 1 }));
    expect(new Set(answers.map((a) => a.data.payH5QrCodeUrl)).size).toBe(1);
    expect(answers[0]!.data).toMatchObject({ orderId: feeOrderId, status: 0, totalAmountY: '80.00', provider: 'sandbox' });
    await payByCashier(answers[0]!.data.payH5QrCodeUrl, 'duplicate');
    expect((await t.call(registrationFeeStatus, proof)).data).toMatchObject({ status: 1, payH5QrCodeUrl: '' });
    expectError(await t.call(payRegistrationFee, { ...proof, appId: 1 }), 409, '报名费已缴纳');
    const row = await feeRow(feeOrderId!);
    const detail = (await t.call(omsOrderDetail, { id: row.id }, { token: t.admin })).data;
    expect(detail).toMatchObject({ status: 1, realName: expect.stringMatching(/^缴费考生/), planName: '收费招录计划', jobVacancy: '收费岗位', payChannel: 1 });
    expect(detail.events.map((e) => e.text)).toEqual(['沙箱支付通知付款 ¥80.00，订单已支付', '沙箱支付重复通知同一笔付款，已忽略', '沙箱支付重复通知同一笔付款，已忽略']);
  });

  it('the public calls do not tell a missing application from someone else’s', async () => {
    const { proof } = await signUp();
    for (const wrong of [{ ...proof, phone: '13999999999' }, { ...proof, identityNo: identityNo('1990-01-01', 1) }, { ...proof, applicationId: 999999 }]) {
      await expectRefusedUnchanged(snapshot, () => t.post('/api/open/fee/pay', undefined, { ...wrong, appId: 1 }), 404, '报名记录不存在，或身份证号码、手机号码与报名时不一致');
      expectError(await t.call(registrationFeeStatus, wrong), 404, '报名记录不存在，或身份证号码、手机号码与报名时不一致');
    }
  });

  it('an unpaid fee order closes after its time; paying again makes a new one', async () => {
    const { proof, feeOrderId } = await signUp();
    await t.db.execute(sql`update company_order set expires_at = now() - interval '1 second' where order_no = ${feeOrderId}`);
    await sweepExpiredOrders(t.db, t.app.payments);
    expect(await feeRow(feeOrderId!)).toMatchObject({ status: 2, closeReason: '超时未支付，系统自动关闭' });
    const again = (await t.call(payRegistrationFee, { ...proof, appId: 2 })).data;
    expect(again.orderId).not.toBe(feeOrderId);
    expect(again.status).toBe(0);
  });

  it('staff mark an order offline (it stops closing by itself), confirm it with a note, and it is paid once', async () => {
    const { feeOrderId } = await signUp();
    const { id } = await feeRow(feeOrderId!);
    expect((await t.call(omsOrderOffline, { id, offlineMethod: 'cash' }, { token: t.admin })).data).toMatchObject({ offlineMethod: 'cash', status: 0 });
    await t.db.execute(sql`update company_order set expires_at = now() - interval '1 second' where id = ${id}`);
    await sweepExpiredOrders(t.db, t.app.payments);
    expect((await feeRow(feeOrderId!)).status).toBe(0);
    await expectRefusedUnchanged(snapshot, () => t.post(`/api/admin/order/confirmOfflinePayment/${id}/cash`, t.admin, { note: '' }), 400, '请输入确认说明（如收据号、转账流水号）');
    await expectRefusedUnchanged(snapshot, () => t.post(`/api/admin/order/confirmOfflinePayment/${id}/card`, t.admin, { note: 'x' }), 400, '请选择线下缴费方式');
    const answers = await atOnce(5, () => t.call(confirmOfflinePayment, { id, method: 'transfer', note: '流水号 6222 0001' }, { token: t.admin }));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409).every((a) => a.msg === ORDER_NOT_PAYABLE)).toBe(true);
    const detail = (await t.call(omsOrderDetail, { id }, { token: t.admin })).data;
    expect(detail).toMatchObject({ status: 1, offlineMethod: 'transfer', confirmedByName: expect.any(String) });
    expect(detail.confirmedByName.length).toBeGreaterThan(0);
    expect(detail.events.map((e) => e.text)).toEqual(['线下缴费（银行转账）¥80.00已确认：流水号 6222 0001']);
  });

  it('confirming a payment at the counter closes the candidate’s QR code first; a late scan is refunded, the order paid once', async () => {
    const { feeOrderId, proof } = await signUp();
    const { id } = await feeRow(feeOrderId!);
    const qr = (await t.call(payRegistrationFee, { ...proof, appId: 1 })).data;
    expect((await t.call(confirmOfflinePayment, { id, method: 'cash', note: '收据 0001' }, { token: t.admin })).data).toMatchObject({ status: 1, offlineMethod: 'cash' });
    expect((await payByCashier(qr.payH5QrCodeUrl)).body).toContain('订单已关闭或已取消，不能支付');
    expect((await payByCashier(qr.payH5QrCodeUrl, 'late')).body).toContain('商户应答成功 1 次');
    expect(await feeRow(feeOrderId!)).toMatchObject({ status: 1, provider: 'offline', tradeNo: `OFFLINE-${feeOrderId}` });
    const events = (await t.call(omsOrderDetail, { id }, { token: t.admin })).data.events;
    expect(events.map((e) => e.outcome)).toEqual(['paid', 'refunded']);
    expect(events[1]!.text).toMatch(/^沙箱支付通知付款 ¥80\.00：订单已由线下缴费支付，这笔付款不再入账，已原路退款/);
  });

  it('note, receiver information, close, and delete only closed ones', async () => {
    const open = await feeRow((await signUp()).feeOrderId!);
    const closing = await feeRow((await signUp()).feeOrderId!);
    expect((await t.call(omsOrderNote, { id: open.id, note: '  已电话提醒 <b>&  ' }, { token: t.admin })).data.note).toBe('已电话提醒 <b>&');
    await expectRefusedUnchanged(snapshot, () => t.post('/api/order/omsOrder/update/note', t.admin, { id: open.id, note: '长'.repeat(201) }), 400, '备注最长 200 个字');
    const receiver = { id: open.id, receiverName: '李四', receiverPhone: '13800001111', receiverAddress: '长沙市岳麓区麓谷大道 1 号' };
    expect((await t.call(omsOrderReceiver, receiver, { token: t.admin })).data).toMatchObject({ receiverName: '李四' });
    await expectRefusedUnchanged(snapshot, () => t.post('/api/order/omsOrder/update/receiverInfo', t.admin, { ...receiver, receiverPhone: '12345' }), 400, '请输入正确的手机号码');
    expect((await t.call(omsOrderClose, { id: closing.id }, { token: t.admin })).data).toMatchObject({ status: 2, closeReason: '工作人员关闭' });
    expectError(await t.call(omsOrderClose, { id: closing.id }, { token: t.admin }), 409, '订单已支付或已关闭，不能再关闭');
    await expectRefusedUnchanged(snapshot, () => t.post(`/api/order/omsOrder/deleteList?ids=${closing.id},${open.id}`, t.admin), 409, '只能删除已关闭的订单，所选订单中有 1 个未关闭');
    expect((await t.call(omsOrderDeleteList, { ids: `${closing.id}` }, { token: t.admin })).data).toEqual({ deleted: 1 });
    const listed = (await t.call(omsOrderList, { pageSize: 200 }, { token: t.admin })).data.list.map((o) => o.id);
    expect(listed).toContain(open.id);
    expect(listed).not.toContain(closing.id);
    expectError(await t.call(omsOrderDeleteList, { ids: `${closing.id}` }, { token: t.admin }), 404, '订单不存在');
  });

  it('lists and exports with filters; another company’s orders answer 404', async () => {
    const theirs = await feeRow((await signUp(theirRecruitmentId)).feeOrderId!);
    const signedUp = await signUp();
    const mine = await feeRow(signedUp.feeOrderId!);
    const list = (await t.call(omsOrderList, { keyword: mine.orderNo.slice(-10) }, { token: t.admin })).data;
    expect(list.list.map((o) => o.id)).toEqual([mine.id]);
    // A keyword is found anywhere: the end of the phone or of the identity number, the middle of the name.
    for (const keyword of [signedUp.proof.phone.slice(-6), signedUp.proof.identityNo.slice(-8).toLowerCase(), `考生${seq}`]) {
      expect((await t.call(omsOrderList, { keyword }, { token: t.admin })).data.list.map((o) => o.id), keyword).toEqual([mine.id]);
    }
    const all = (await t.call(omsOrderList, { pageSize: 200 }, { token: t.admin })).data.list;
    expect(all.some((o) => o.id === theirs.id)).toBe(false);
    for (const call of [
      () => t.get(`/api/order/omsOrder/${theirs.id}`, t.admin),
      () => t.get(`/api/order/omsOrder/getById/${theirs.id}`, t.admin),
      () => t.post(`/api/order/omsOrder/update/close?id=${theirs.id}`, t.admin),
      () => t.post('/api/order/omsOrder/update/note', t.admin, { id: theirs.id, note: 'x' }),
      () => t.post('/api/order/omsOrder/update/offlineOrder', t.admin, { id: theirs.id, offlineMethod: 'cash' }),
      () => t.post(`/api/admin/order/confirmOfflinePayment/${theirs.id}/cash`, t.admin, { note: 'x' }),
      () => t.post(`/api/order/omsOrder/deleteList?ids=${theirs.id}`, t.admin),
      // A company's own order calls do not reach registration fees either.
      () => t.post(`/api/wallet/pay/${mine.id}`, t.admin),
      () => t.post('/api/admin/wechat/pay/1', t.admin, { orderId: mine.orderNo }),
    ]) {
      await expectRefusedUnchanged(snapshot, call, 404, '订单不存在');
    }
    expectError(await t.post(`/api/order/omsOrder/update/close?id=${mine.id}`, t.shenhe), 403, '您没有执行该操作的权限');
    const file = await t.get(`/api/order/omsOrder/export?keyword=${mine.orderNo}`, t.admin);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 3)).toEqual([mine.orderNo, expect.stringMatching(/^缴费考生/)]);
  });
});
