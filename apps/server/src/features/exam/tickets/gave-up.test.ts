import { APPLICATION_STATUS as S, admissionTicketPage, assignSeats, batchUpdateAdmissionTicket, examSessionDetail, saveExamSession } from '@zhaokao/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationStage, candidateApplication, recruitmentPlan } from '../../../db/tables.js';
import { useTestApp } from '../../../test/app.js';
import { insertExamPlan } from '../../../test/exam.js';
import { createFeeOrder } from '../../order/index.js';

const t = useTestApp();
const GAVE_UP = '逾期未缴报名费，视为放弃考试';

/** A plan taking its 50-yuan fee within 3 days of the sign-up review, with `candidates` applications passed to 20 and one room. */
async function feeAfterReviewPlan(name: string, candidates: number) {
  const exam = await insertExamPlan(t.db, t.company1, {
    name,
    posts: [{ jobVacancy: '缴费岗', places: 1, candidates }],
    written: [{ workItem: '笔试成绩', kind: 'score', assigneeId: t.adminId }],
    interview: [],
    reviewerId: t.shenheId,
  });
  await t.db.update(recruitmentPlan).set({ registrationFee: 5000, feeAfterReview: true, feePayDays: 3 }).where(eq(recruitmentPlan.id, exam.plan.id));
  await t.call(saveExamSession, { planId: exam.plan.id, type: 2, rooms: [{ name: '第一考场', seats: 10 }] }, { token: t.admin });
  return exam;
}

async function pay(exam: Awaited<ReturnType<typeof feeAfterReviewPlan>>, applicationId: number) {
  await t.db.transaction((tx) => createFeeOrder(tx, { companyId: t.company1, planId: exam.plan.id, applicationId, amountCents: 5000, planName: exam.plan.name }));
  await t.db.execute(sql`update company_order set status = 1, paid_at = now(), trade_no = ${`TEST-${applicationId}`} where application_id = ${applicationId}`);
}

/** Moves the application's leaving of the sign-up stage (and so its fee deadline) `days` into the past. */
const age = (applicationId: number, days: number) =>
  t.db.execute(sql`update application_history set created_at = created_at - make_interval(days => ${days}) where application_id = ${applicationId}`);

const detail = (planId: number) => t.call(examSessionDetail, { planId, type: 2 }, { token: t.admin });
const statusesOf = async (ids: number[]) =>
  (await t.db.select({ id: candidateApplication.id, status: candidateApplication.status }).from(candidateApplication).where(inArray(candidateApplication.id, ids)))
    .sort((a, b) => a.id - b.id)
    .map((r) => r.status);

describe('applications that gave up the written exam (fee unpaid by its deadline)', () => {
  it('are neither counted, listed, seated nor given a ticket; one unpaid inside its window is', async () => {
    const exam = await feeAfterReviewPlan('缴费后审核计划', 3);
    const [paid, waiting, late] = exam.applications.map((a) => a.id) as [number, number, number];
    await pay(exam, paid);
    await age(late, 4);
    await age(waiting, 2);
    const planId = exam.plan.id;

    expect((await detail(planId)).data).toMatchObject({ unseated: 2, seatedNotIssued: 0, issued: 0 });
    const listed = await t.call(admissionTicketPage, { planId, type: 2, pageSize: 50 }, { token: t.admin });
    expect(listed.data.total).toBe(2);
    expect(listed.data.list.map((r) => r.applicationId).sort((a, b) => a - b)).toEqual([paid, waiting]);

    expect((await t.call(assignSeats, { planId, type: 2, seed: 7 }, { token: t.admin })).data).toMatchObject({ seed: 7, seated: 2 });
    const seated = await t.db.select().from(applicationStage).where(and(eq(applicationStage.planId, planId), eq(applicationStage.stage, 2)));
    expect(seated.map((r) => r.applicationId).sort((a, b) => a - b)).toEqual([paid, waiting]);
    const view = (await detail(planId)).data;
    expect(view).toMatchObject({ unseated: 0, seatedNotIssued: 2, issued: 0 });
    expect(view.rooms.map((r) => r.seated)).toEqual([2]);

    const named = await t.call(batchUpdateAdmissionTicket, { planId, type: 2, ids: [late] }, { token: t.admin });
    expect(named.data).toEqual({ done: 0, refused: [{ id: late, realName: exam.applications[2]!.realName, reason: GAVE_UP }] });
    const all = await t.call(batchUpdateAdmissionTicket, { planId, type: 2 }, { token: t.admin });
    expect(all.data).toEqual({ done: 2, refused: [] });
    expect(await statusesOf([paid, waiting, late])).toEqual([S.awaitingWrittenScore, S.awaitingWrittenScore, S.awaitingWritten]);
    expect((await detail(planId)).data).toMatchObject({ unseated: 0, seatedNotIssued: 0, issued: 2 });
    expect((await t.call(admissionTicketPage, { planId, type: 2 }, { token: t.admin })).data.total).toBe(2);
  });

  it('one seated inside its window and unpaid past it loses its seat and gets no ticket', async () => {
    const exam = await feeAfterReviewPlan('逾期落座计划', 2);
    const [paid, lapsed] = exam.applications.map((a) => a.id) as [number, number];
    await pay(exam, paid);
    const planId = exam.plan.id;
    expect((await t.call(assignSeats, { planId, type: 2, seed: 1 }, { token: t.admin })).data).toMatchObject({ seated: 2 });

    await age(lapsed, 4);
    const view = (await detail(planId)).data;
    expect(view).toMatchObject({ unseated: 0, seatedNotIssued: 1, issued: 0 });
    expect(view.rooms.map((r) => r.seated)).toEqual([1]);
    expect((await t.call(admissionTicketPage, { planId, type: 2 }, { token: t.admin })).data.list.map((r) => r.applicationId)).toEqual([paid]);
    expect((await t.call(batchUpdateAdmissionTicket, { planId, type: 2 }, { token: t.admin })).data).toEqual({ done: 1, refused: [] });
    expect(await statusesOf([paid, lapsed])).toEqual([S.awaitingWrittenScore, S.awaitingWritten]);
    // Seating again frees the lapsed application's seat.
    await t.call(assignSeats, { planId, type: 2, seed: 1 }, { token: t.admin });
    const lapsedSeat = await t.db.select().from(applicationStage).where(and(eq(applicationStage.applicationId, lapsed), eq(applicationStage.stage, 2)));
    expect(lapsedSeat.map((r) => r.roomId)).toEqual([null]);
  });
});
