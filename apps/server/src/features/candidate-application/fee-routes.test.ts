import { myFeeStatus, payMyFee } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../../test/app.js';
import { candidateCall } from '../../test/candidates.js';
import { candidateHelpers } from './candidate.support.js';

const t = useTestApp();
const { candidateWithApplication, pass, ageHistory } = candidateHelpers(t);

const pay = (token: string, id: number, appId = 1) => candidateCall(t, payMyFee, { id, appId }, { token });
const status = (token: string, id: number) => candidateCall(t, myFeeStatus, { id }, { token });
const cashier = (url: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'scenario=pay' });

describe("the candidate's registration fee", () => {
  it('pays a fee taken before review by a sandbox QR code; the status poll sees it paid', async () => {
    const { token, application } = await candidateWithApplication({ fee: 6_000 });
    expect((await status(token, application.id)).json().data).toBeNull();
    const first = (await pay(token, application.id)).json();
    expect(first.code, first.msg).toBe(200);
    expect(first.data).toMatchObject({ status: 0, totalAmountY: '60.00', provider: 'sandbox', paidAt: null });
    expect(first.data.payH5QrCodeUrl).not.toBe('');
    // Paying again while the order is open gives the same code.
    expect((await pay(token, application.id)).json().data.payH5QrCodeUrl).toBe(first.data.payH5QrCodeUrl);
    expect((await status(token, application.id)).json().data).toMatchObject({ orderId: first.data.orderId, status: 0 });
    await cashier(first.data.payH5QrCodeUrl);
    expect((await status(token, application.id)).json().data).toMatchObject({ orderId: first.data.orderId, status: 1, payH5QrCodeUrl: '' });
    expectError(await pay(token, application.id), 409, '报名费已缴纳');
  });

  it('refuses a plan without a fee', async () => {
    const { token, application } = await candidateWithApplication({ fee: 0 });
    expectError(await pay(token, application.id), 409, '该招录计划不收报名费');
  });

  it('a fee taken after review: refused before the review passed, payable after it, refused after the deadline', async () => {
    const { token, application } = await candidateWithApplication({ fee: 5_000, afterReview: true, payDays: 3 });
    expectError(await pay(token, application.id), 409, '资格审核通过后才能缴费');
    expect((await status(token, application.id)).json().data).toBeNull();
    await pass(application);
    const paying = (await pay(token, application.id, 2)).json();
    expect(paying.code, paying.msg).toBe(200);
    expect(paying.data).toMatchObject({ status: 0, totalAmountY: '50.00' });

    const late = await candidateWithApplication({ fee: 5_000, afterReview: true, payDays: 3 });
    await pass(late.application);
    await ageHistory(late.application.id, 3);
    expectError(await pay(late.token, late.application.id), 409, '缴费已截止（逾期未缴费视为放弃考试）');
    expect((await status(late.token, late.application.id)).json().data).toBeNull();
  });

  it('another candidate’s application, and a missing one, answer 404', async () => {
    const mine = await candidateWithApplication({ fee: 6_000 });
    const other = await candidateWithApplication({ fee: 6_000 });
    for (const id of [other.application.id, 999_999]) {
      expectError(await pay(mine.token, id), 404, '报名记录不存在');
      expectError(await status(mine.token, id), 404, '报名记录不存在');
    }
    expect((await status(other.token, other.application.id)).json().data).toBeNull();
  });

  it('needs a candidate session', async () => {
    const { application } = await candidateWithApplication({ fee: 6_000 });
    const res = await pay('', application.id);
    expect(res.json().code).not.toBe(200);
  });
});
