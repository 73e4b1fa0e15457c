import { myRegistrationForm, myTicket, payMyFee } from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { candidateAccount, recruitmentPlan } from '../../db/tables.js';
import { rowsOf } from '../../shared/sql.js';
import { expectError, useTestApp } from '../../test/app.js';
import { candidateCall } from '../../test/candidates.js';
import { insertResume } from '../../test/exam.js';
import { resume } from '../../test/recruitment.js';
import { candidateHelpers } from './candidate.support.js';

const t = useTestApp();
const { candidateWithApplication, pass } = candidateHelpers(t);

const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const form = (token: string, id: number) => candidateCall(t, myRegistrationForm, { id }, { token });
const ticket = (token: string, id: number, stage = 2) => candidateCall(t, myTicket, { id, stage }, { token });

/** The written ticket of the application issued in a room of its plan, as 准考证 does it (status 20 → 21 aside). */
async function issueTicket(application: { id: number; companyId: number; planId: number; recruitmentId: number }) {
  const [room] = await rowsOf<{ id: number }>(
    t.db,
    sql`insert into exam_room (company_id, plan_id, stage, sort, name, seats)
      values (${application.companyId}, ${application.planId}, 2, 1, ${`第${application.id}考场`}, 30) returning id`,
  );
  await t.db.execute(sql`insert into application_stage (company_id, application_id, stage, plan_id, recruitment_id, room_id, seat, ticket_code, verify_token, issued_at)
    values (${application.companyId}, ${application.id}, 2, ${application.planId}, ${application.recruitmentId}, ${room!.id}, 1, ${`2026${application.id}`},
      ${`token-${application.id}`}, now())`);
}

describe("the candidate's 报名登记表", () => {
  it('is a PDF of the resume as submitted (with its photo) and the 诚信承诺书 on a second page', async () => {
    const { token, application } = await candidateWithApplication({ planName: '登记表计划' });
    const [account] = await t.db.select().from(candidateAccount).where(eq(candidateAccount.talentId, application.talentId));
    const key = `c/${account!.id}/202611/photo.png`;
    await t.app.deps.storage.put(key, await QRCode.toBuffer('证件照', { type: 'png', width: 120 }));
    const { realName: _name, identityNo: _no, ...details } = resume({ certificateImage: `/api/files/${key}` });
    await insertResume(t.db, t.company1, application, { ...Object.fromEntries(Object.entries(details).filter(([, v]) => v !== '')), birthday: '1997-05-06' } as never);

    const res = await form(token, application.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent(`报名登记表-${application.realName}.pdf`)}`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pagesOf(pdf)).toBe(2);
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
  });

  it('is there for an application without a stored resume too; another candidate’s answers 404', async () => {
    const mine = await candidateWithApplication();
    const other = await candidateWithApplication();
    const res = await form(mine.token, mine.application.id);
    expect(res.statusCode).toBe(200);
    expect(pagesOf(res.rawPayload)).toBe(2);
    expectError(await form(mine.token, other.application.id), 404, '报名记录不存在');
    expectError(await form(mine.token, 999_999), 404, '报名记录不存在');
  });
});

describe("the candidate's admission ticket", () => {
  it('is refused before issue, served after it (the back office’s ticket), refused after the exam day', async () => {
    const { token, application, plan } = await candidateWithApplication();
    await pass(application);
    expectError(await ticket(token, application.id), 409, '笔试准考证尚未发放');
    await issueTicket(application);
    const res = await ticket(token, application.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent(`笔试准考证-${application.realName}.pdf`)}`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pagesOf(res.rawPayload)).toBe(1);
    // The interview's ticket is not issued.
    expectError(await ticket(token, application.id, 3), 409, '面试准考证尚未发放');

    await t.db
      .update(recruitmentPlan)
      .set({ signUpStartDate: daysAgo(5), signUpEndDate: daysAgo(4), writtenStartDate: daysAgo(2) })
      .where(eq(recruitmentPlan.id, plan.id));
    expectError(await ticket(token, application.id), 409, '笔试已结束，准考证已停止下载');
  });

  it('on a plan that takes the fee after review, only once the fee is paid', async () => {
    const { token, application } = await candidateWithApplication({ fee: 5_000, afterReview: true });
    await pass(application);
    await issueTicket(application);
    expectError(await ticket(token, application.id), 409, '请先缴纳报名费，缴费后才能下载笔试准考证');
    const qr = (await candidateCall(t, payMyFee, { id: application.id, appId: 1 }, { token })).json().data.payH5QrCodeUrl as string;
    await t.app.inject({ method: 'POST', url: qr, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'scenario=pay' });
    expect((await ticket(token, application.id)).statusCode).toBe(200);
  });

  it('answers 404 for another candidate’s application, and refuses a stage that is none', async () => {
    const mine = await candidateWithApplication();
    const other = await candidateWithApplication();
    await pass(other.application);
    await issueTicket(other.application);
    expectError(await ticket(mine.token, other.application.id), 404, '报名记录不存在');
    expectError(await ticket(mine.token, mine.application.id, 4), 400, '考试阶段不正确');
  });
});
