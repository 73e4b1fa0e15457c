import {
  type MyApplicationRow, APPLICATION_STATUS, type ApplicationStatus, DEFAULT_PHOTO_RULE, type Endpoint,
  FEE_ORDER_TYPE, ONE_APPLICATION_PER_PLAN, RESUME_INCOMPLETE_PREFIX, candidateApply, myApplication,
  myApplications, photoRuleMessage, resubmitMyApplication, switchMyApplication, withdrawMyApplication,
} from '@zhaokao/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applicationHistory, applicationResume, candidateAccount, candidateApplication, candidateFile,
  candidateResume, companyOrder, recruitmentInfo, recruitmentPlan, applicationStage, bonusCategory,
  bonusGrant, stagePublication, talent,
} from '../../db/tables.js';
import { useTestApp } from '../../test/app.js';
import { candidateCall, signInCandidate } from '../../test/candidates.js';
import { identityNo, insertPlan, resume } from '../../test/recruitment.js';
import { craftedJpeg } from '../../test/jpeg.js';
import { moveApplication } from '../../test/moves.js';
import { transition } from '../pipeline/index.js';
import { WITHDRAW_PAID, WITHDRAW_REFUSED } from './apply.js';

const t = useTestApp();

interface Candidate {
  token: string;
  id: number;
  phone: string;
}

let made = 0;
/** A signed-in candidate whose saved resume is complete (with `overrides`). */
async function candidate(overrides: Record<string, unknown> = {}): Promise<Candidate> {
  made++;
  const phone = `1370000${String(1000 + made)}`;
  const token = await signInCandidate(t, phone);
  const [account] = await t.db.select().from(candidateAccount).where(eq(candidateAccount.phone, phone));
  await t.db.insert(candidateResume).values({
    candidateId: account!.id,
    resume: resume({ phone, identityNo: identityNo('2000-01-01', 100 + made), ...overrides }),
  });
  return { token, id: account!.id, phone };
}

const call = async (c: Candidate, ep: Endpoint, input: Record<string, unknown> = {}) => {
  const res = await candidateCall(t, ep, input, { token: c.token });
  return { status: res.statusCode, ...res.json() };
};

async function openPlan(options: { fee?: number; feeAfterReview?: boolean; education?: string } = {}) {
  const { plan, posts } = await insertPlan(t.db, t.company1);
  await t.db
    .update(recruitmentPlan)
    .set({ registrationFee: options.fee ?? 0, feeAfterReview: options.feeAfterReview ?? false })
    .where(eq(recruitmentPlan.id, plan.id));
  if (options.education) await t.db.update(recruitmentInfo).set({ education: options.education }).where(eq(recruitmentInfo.planId, plan.id));
  return { plan, posts };
}

const draftOf = async (c: Candidate) => (await t.db.select().from(candidateResume).where(eq(candidateResume.candidateId, c.id)))[0]!.resume;

/** Stores `bytes` as the candidate's own photo file and puts it in their resume. */
async function photo(c: Candidate, name: string, bytes: Buffer) {
  const key = `c/${c.id}/202611/${name}.jpg`;
  await t.app.deps.storage.put(key, bytes);
  await t.db.insert(candidateFile).values({ candidateId: c.id, key, originalName: `${name}.jpg`, mime: 'image/jpeg', size: bytes.length, kind: 'photo' });
  await t.db.update(candidateResume).set({ resume: { ...(await draftOf(c)), certificateImage: `/api/files/${key}` } }).where(eq(candidateResume.candidateId, c.id));
}

const applicationOf = async (id: number) => (await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, id)))[0];

/** Moves the application by the state machine, as a reviewer would. */
async function moveTo(id: number, to: ApplicationStatus, remarks = '测试') {
  const a = (await applicationOf(id))!;
  await t.db.transaction((tx) => transition(tx, { application: a, to, actorId: t.adminId, remarks }));
}

async function applied(c: Candidate, recruitmentId: number) {
  const res = await call(c, candidateApply, { recruitmentId });
  expect(res.code, res.msg).toBe(200);
  return res.data as { id: number; status: number };
}

describe('applying with the saved resume', () => {
  it('makes the person, links the account, keeps the resume as submitted, records the move and opens the fee order', async () => {
    const { posts } = await openPlan({ fee: 5000 });
    const c = await candidate();
    const res = await call(c, candidateApply, { recruitmentId: posts[0]!.id });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ recruitmentId: posts[0]!.id, status: 10, statusText: '待审核', reason: '', canWithdraw: true, canSwitch: true });
    expect(res.data.fee).toEqual({ state: 'unpaid', amountY: '50.00', deadline: null });

    const [account] = await t.db.select().from(candidateAccount).where(eq(candidateAccount.id, c.id));
    const application = (await applicationOf(res.data.id))!;
    expect(account!.talentId).toBe(application.talentId);
    const [person] = await t.db.select().from(talent).where(eq(talent.id, application.talentId));
    expect(person).toMatchObject({ identityNo: identityNo('2000-01-01', 100 + made), phone: c.phone, realName: '周晓明' });
    expect(await t.db.select().from(applicationResume).where(eq(applicationResume.applicationId, application.id))).toHaveLength(1);
    const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, application.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 10]]);
    const orders = await t.db.select().from(companyOrder).where(eq(companyOrder.applicationId, application.id));
    expect(orders.map((o) => [o.type, o.status, o.amountCents])).toEqual([[FEE_ORDER_TYPE, 0, 5000]]);

    const list = await call(c, myApplications);
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([application.id]);
  });

  it('opens no fee order when the plan takes the fee after the review', async () => {
    const { posts } = await openPlan({ fee: 5000, feeAfterReview: true });
    const c = await candidate();
    const row = await applied(c, posts[0]!.id);
    expect((row as unknown as { fee: unknown }).fee).toEqual({ state: 'later', amountY: '50.00', deadline: null });
    expect(await t.db.select().from(companyOrder).where(eq(companyOrder.applicationId, row.id))).toEqual([]);
  });

  it('refuses an incomplete resume (400) and writes nothing', async () => {
    const { posts } = await openPlan();
    const c = await candidate({ realName: '' });
    const res = await call(c, candidateApply, { recruitmentId: posts[0]!.id });
    expect(res.status).toBe(400);
    expect(res.msg.startsWith(RESUME_INCOMPLETE_PREFIX)).toBe(true);
    const [account] = await t.db.select().from(candidateAccount).where(eq(candidateAccount.id, c.id));
    expect(account!.talentId).toBeNull();
    expect(await t.db.select().from(candidateApplication).where(eq(candidateApplication.recruitmentId, posts[0]!.id))).toEqual([]);
  });

  it('checks the photo against the plan rule: the own file, JPEG, pixels and size', async () => {
    const { posts } = await openPlan();

    const wrongPixels = await candidate();
    await photo(wrongPixels, 'small', craftedJpeg(100, 100, 20 * 1024));
    const refused = await call(wrongPixels, candidateApply, { recruitmentId: posts[0]!.id });
    expect([refused.status, refused.msg]).toEqual([400, photoRuleMessage(DEFAULT_PHOTO_RULE)]);

    const tooSmall = await candidate();
    await photo(tooSmall, 'tiny', craftedJpeg(295, 413));
    expect((await call(tooSmall, candidateApply, { recruitmentId: posts[0]!.id })).status).toBe(400);

    const right = await candidate();
    await photo(right, 'right', craftedJpeg(295, 413, 20 * 1024));
    expect((await call(right, candidateApply, { recruitmentId: posts[0]!.id })).code).toBe(200);
  });

  it('refuses a resume below the post’s 学历要求 (409)', async () => {
    const { posts } = await openPlan({ education: '硕士研究生及以上' });
    const c = await candidate({ education: '本科' });
    const res = await call(c, candidateApply, { recruitmentId: posts[0]!.id });
    expect([res.status, res.msg]).toEqual([409, '学历不符合岗位要求（硕士研究生及以上）']);
    const unknown = await openPlan({ education: '不限' });
    expect((await call(c, candidateApply, { recruitmentId: unknown.posts[0]!.id })).code).toBe(200);
  });

  it('takes one application per person and plan (409 for another post of it)', async () => {
    const { posts } = await openPlan();
    const c = await candidate();
    await applied(c, posts[0]!.id);
    const again = await call(c, candidateApply, { recruitmentId: posts[1]!.id });
    expect([again.status, again.msg]).toEqual([409, ONE_APPLICATION_PER_PLAN]);
  });
});

describe('another candidate’s application', () => {
  it('answers 404 on every call, as a missing one', async () => {
    const { posts } = await openPlan();
    const owner = await candidate();
    const other = await candidate();
    const { id } = await applied(owner, posts[0]!.id);
    for (const [ep, input] of [
      [myApplication, { id }],
      [switchMyApplication, { id, recruitmentId: posts[1]!.id }],
      [resubmitMyApplication, { id }],
      [withdrawMyApplication, { id }],
    ] as const) {
      const res = await call(other, ep, input);
      expect([ep.path, res.status, res.msg]).toEqual([ep.path, 404, '报名记录不存在']);
    }
    expect((await applicationOf(id))!.status).toBe(10);
  });
});

/** A candidate's application to the first post of a new plan, and the plan's other post. */
async function appliedWithAnotherPost() {
  const { posts } = await openPlan();
  const c = await candidate();
  const { id } = await applied(c, posts[0]!.id);
  return { c, id, other: posts[1]!.id };
}

describe('改报', () => {

  it('moves an unreviewed application to another post of the plan, still 10', async () => {
    const { c, id, other } = await appliedWithAnotherPost();
    const res = await call(c, switchMyApplication, { id, recruitmentId: other });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ recruitmentId: other, status: 10 });
    expect((await applicationOf(id))!.recruitmentId).toBe(other);
  });

  it('refuses the same post, a post of another plan and a review under way (11) or passed (20)', async () => {
    const { c, id, other } = await appliedWithAnotherPost();
    const elsewhere = await openPlan();
    expect((await call(c, switchMyApplication, { id, recruitmentId: elsewhere.posts[0]!.id })).status).toBe(404);
    const same = await call(c, switchMyApplication, { id, recruitmentId: (await applicationOf(id))!.recruitmentId });
    expect(same.status).toBe(409);
    await moveTo(id, APPLICATION_STATUS.inReview);
    expect((await call(c, switchMyApplication, { id, recruitmentId: other })).status).toBe(409);
    await moveTo(id, APPLICATION_STATUS.awaitingWritten);
    expect((await call(c, switchMyApplication, { id, recruitmentId: other })).status).toBe(409);
    expect((await applicationOf(id))!.status).toBe(APPLICATION_STATUS.awaitingWritten);
  });

  it.each([APPLICATION_STATUS.rejectedCorrectable, APPLICATION_STATUS.rejected])('moves a rejected application (%i) to another post, back to review', async (status) => {
    const { c, id, other } = await appliedWithAnotherPost();
    await moveTo(id, status, '不符合岗位条件');
    const res = await call(c, switchMyApplication, { id, recruitmentId: other });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ recruitmentId: other, status: 10, reason: '' });
    const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, id)).orderBy(asc(applicationHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: status, toStatus: 10, remarks: '考生改报岗位', actorId: null });
  });
});

describe('resubmitting and withdrawing', () => {
  it('resubmits a returned application (12 → 10) with the resume as now saved; the list shows the reason before', async () => {
    const { posts } = await openPlan();
    const c = await candidate();
    const { id } = await applied(c, posts[0]!.id);
    expect((await call(c, resubmitMyApplication, { id })).status).toBe(409);
    await moveTo(id, APPLICATION_STATUS.rejectedCorrectable, '照片不清晰，请重新上传');
    const before = await call(c, myApplication, { id });
    expect(before.data).toMatchObject({ status: 12, reason: '照片不清晰，请重新上传', canResubmit: true, canWithdraw: false });
    await t.db
      .update(candidateResume)
      .set({ resume: resume({ phone: c.phone, identityNo: identityNo('2000-01-01', 100 + made), strongPoint: '数据分析' }) })
      .where(eq(candidateResume.candidateId, c.id));
    const res = await call(c, resubmitMyApplication, { id });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ status: 10, reason: '', canResubmit: false });
    const [snapshot] = await t.db.select().from(applicationResume).where(eq(applicationResume.applicationId, id));
    expect(snapshot!.strongPoint).toBe('数据分析');
    const [last] = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, id)).orderBy(asc(applicationHistory.id)).then((h) => h.slice(-1));
    expect(last).toMatchObject({ fromStatus: 12, toStatus: 10, remarks: '考生修改简历后重新提交' });
  });

  it('withdraws an unreviewed unpaid application with what it owns', async () => {
    const { posts } = await openPlan({ fee: 3000 });
    const c = await candidate();
    const { id } = await applied(c, posts[0]!.id);
    const res = await call(c, withdrawMyApplication, { id });
    expect(res.code, res.msg).toBe(200);
    expect(await applicationOf(id)).toBeUndefined();
    expect(await t.db.select().from(companyOrder).where(eq(companyOrder.applicationId, id))).toEqual([]);
    expect(await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, id))).toEqual([]);
    expect((await call(c, myApplications)).data).toEqual([]);
    // applying again to the plan is open once more
    await applied(c, posts[1]!.id);
  });

  it('refuses withdrawing a paid or reviewed application', async () => {
    const { posts } = await openPlan({ fee: 3000 });
    const c = await candidate();
    const { id } = await applied(c, posts[0]!.id);
    await t.db.update(companyOrder).set({ status: 1, paidAt: new Date(), tradeNo: `T${id}` }).where(and(eq(companyOrder.applicationId, id), eq(companyOrder.type, FEE_ORDER_TYPE)));
    expect(await call(c, withdrawMyApplication, { id })).toMatchObject({ status: 409, msg: WITHDRAW_PAID });
    expect((await call(c, myApplication, { id })).data).toMatchObject({ canWithdraw: false, fee: { state: 'paid' } });

    const free = await openPlan();
    const { id: reviewed } = await applied(c, free.posts[0]!.id);
    await moveTo(reviewed, APPLICATION_STATUS.inReview);
    expect(await call(c, withdrawMyApplication, { id: reviewed })).toMatchObject({ status: 409, msg: WITHDRAW_REFUSED });
  });
});

describe('the list: fee after review, tickets and results', () => {
  it('asks the fee once the review passed, by a deadline; offers the ticket once paid; shows the published result', async () => {
    const { plan: p, posts } = await openPlan({ fee: 8000, feeAfterReview: true });
    const c = await candidate();
    const { id } = await applied(c, posts[0]!.id);
    await moveTo(id, APPLICATION_STATUS.awaitingWritten);
    const row = async () => (await call(c, myApplication, { id })).data;
    const passed = await row();
    expect(passed.fee).toMatchObject({ state: 'unpaid', amountY: '80.00' });
    expect(passed.fee.deadline).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    await t.db.update(applicationHistory).set({ createdAt: new Date(Date.now() - 4 * 86_400_000) }).where(eq(applicationHistory.applicationId, id));
    expect((await row()).fee.state).toBe('expired');

    await t.db.insert(applicationStage).values({ companyId: t.company1, applicationId: id, stage: 2, planId: p.id, recruitmentId: posts[0]!.id, ticketCode: 'T0001', issuedAt: new Date() });
    expect((await row()).tickets).toEqual([{ stage: 2, name: '笔试', ticketCode: 'T0001', available: false, note: '请先缴纳报名费，缴费后才能下载笔试准考证' }]);
    const [order] = await t.db.insert(companyOrder).values({ companyId: t.company1, type: FEE_ORDER_TYPE, name: '报名费', amountCents: 8000, applicationId: id, planId: p.id, expiresAt: new Date(), status: 1, paidAt: new Date(), tradeNo: `P${id}` }).returning();
    expect(order).toBeDefined();
    const paid = await row();
    expect(paid.fee.state).toBe('paid');
    expect(paid.tickets[0]).toMatchObject({ available: true });
    expect(paid.results).toEqual([]);

    await t.db.update(candidateApplication).set({ writtenGrade: '58.50' }).where(eq(candidateApplication.id, id));
    await moveApplication(t.db, { id, companyId: t.company1, planId: p.id }, APPLICATION_STATUS.writtenFailed, t.adminId);
    await t.db.insert(stagePublication).values({ companyId: t.company1, recruitmentId: posts[0]!.id, stage: 2, places: 1, quota: 3, cutoffScore: '70.00', passed: 3, failed: 1, publishedBy: t.adminId });
    const published = await row();
    expect(published.statusText).toBe('笔试未入围面试');
    expect(published.results).toEqual([
      { stage: 2, name: '笔试', score: '58.50', absent: false, compositeScore: null, rank: null, explanation: '笔试 58.50 分；本岗位进入面试的最低笔试成绩为 70.00 分', outcome: '未入围' },
    ]);
  });

  it('shows the written score with the bonus in force (加分), and its paper score, bonus and categories apart', async () => {
    const { plan: p, posts } = await openPlan();
    await t.db.update(recruitmentPlan).set({ bonusCap: '4' }).where(eq(recruitmentPlan.id, p.id));
    const c = await candidate();
    const { id } = await applied(c, posts[0]!.id);
    const cats = await t.db
      .insert(bonusCategory)
      .values(['退役士兵', '少数民族', '三支一扶'].map((name, sort) => ({ companyId: t.company1, planId: p.id, name, points: '3', sort })))
      .returning();
    // 3 + 3 capped at 4; the revoked 三支一扶 counts no more.
    await t.db.insert(bonusGrant).values(
      cats.map((cat, i) => ({ companyId: t.company1, applicationId: id, categoryId: cat.id, points: '3', proofNote: '已核验', grantedBy: t.adminId, ...(i === 2 ? { revokedAt: new Date(), revokedBy: t.adminId, revokeReason: '不符合' } : {}) })),
    );
    await t.db.update(candidateApplication).set({ writtenGrade: '62.50' }).where(eq(candidateApplication.id, id));
    await moveApplication(t.db, { id, companyId: t.company1, planId: p.id }, APPLICATION_STATUS.writtenFailed, t.adminId);
    await t.db.insert(stagePublication).values({ companyId: t.company1, recruitmentId: posts[0]!.id, stage: 2, places: 1, quota: 3, cutoffScore: '70.00', passed: 3, failed: 1, publishedBy: t.adminId });
    expect((await call(c, myApplication, { id })).data.results).toEqual([
      {
        stage: 2,
        name: '笔试',
        score: '66.50',
        bonus: { paperScore: '62.50', points: '4.00', names: '退役士兵、少数民族' },
        absent: false,
        compositeScore: null,
        rank: null,
        explanation: '笔试 66.50 分；本岗位进入面试的最低笔试成绩为 70.00 分',
        outcome: '未入围',
      },
    ]);
  });

  type Result = MyApplicationRow['results'][number];

  it('shows the gates’ outcomes among the results, in the pipeline’s order (资格复审 between 笔试 and 面试), and words the gate statuses', async () => {
    const { plan: p, posts } = await openPlan();
    const c = await candidate();
    const { id } = await applied(c, posts[0]!.id);
    await t.db.update(candidateApplication).set({ writtenGrade: '88.00' }).where(eq(candidateApplication.id, id));
    await moveApplication(t.db, { id, companyId: t.company1, planId: p.id }, APPLICATION_STATUS.writtenPassed, t.adminId);
    await t.db.insert(stagePublication).values({ companyId: t.company1, recruitmentId: posts[0]!.id, stage: 2, places: 1, quota: 3, cutoffScore: '70.00', passed: 1, failed: 0, publishedBy: t.adminId });
    const row = async () => (await call(c, myApplication, { id })).data;
    await moveTo(id, 25);
    expect((await row()).statusText).toBe('待资格复审');
    expect((await row()).results.map((r: Result) => r.stage)).toEqual([2]);
    await moveTo(id, 26);
    await moveTo(id, APPLICATION_STATUS.awaitingInterview);
    const passed = await row();
    expect(passed.statusText).toBe('资格审核已通过，待发放面试准考证');
    expect(passed.results.map((r: Result) => [r.stage, r.name, r.outcome])).toEqual([
      [2, '笔试', '笔试通过（入围面试）'],
      [4, '资格复审', '资格复审合格'],
    ]);
    expect(passed.results[1]).toEqual({ stage: 4, name: '资格复审', score: null, absent: false, compositeScore: null, rank: null, explanation: '', outcome: '资格复审合格' });
    // On to 体检 after 拟录用, where the candidate gives up.
    await moveApplication(t.db, { id, companyId: t.company1, planId: p.id }, APPLICATION_STATUS.interviewPassed, t.adminId);
    await moveTo(id, 35);
    await moveTo(id, 38);
    const gaveUp = await row();
    expect(gaveUp.statusText).toBe('已放弃体检');
    expect(gaveUp.results.map((r: Result) => [r.stage, r.outcome])).toEqual([
      [2, '笔试通过（入围面试）'],
      [4, '资格复审合格'],
      [5, '已放弃体检'],
    ]);
  });
});
