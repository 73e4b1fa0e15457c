import {
  APPLICATION_STATUS, type ExamStage, STAGE_CLOSED_MESSAGES, applyRecruitment, assignSeats, batchSendScore,
  batchSetGrade, batchUpdateAdmissionTicket, candidateTask, closePlanSignUp, examSessionDetail, getGradeList,
  planList, previewSendScore, resubmitApplication, reviewScores, saveExamSession, saveWorkflow,
  signUpUnreviewedMessage, stagePublishedMessage, submitAudit,
} from '@zhaokao/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationHistory, applicationTask, candidateApplication, planStageClose, recruitmentPlan } from '../../db/tables.js';
import { AppError } from '../../shared/errors.js';
import { rowsOf } from '../../shared/sql.js';
import { expectError, expectRefusedUnchanged, snapshotOf, useTestApp } from '../../test/app.js';
import { insertExamPlan } from '../../test/exam.js';
import { applyWith, identityNo, insertApplication, insertPlan, resume } from '../../test/recruitment.js';
import { transitionMany } from './state-machine.js';
import { issueTickets, scoreItemIds } from '../../test/scores.js';

/** Each stage knows whether it is still open, and every path of the state machine obeys it. */
const t = useTestApp();

/** Everything a refused move might have written: applications, their history and tasks, stage rows, closings. */
const snapshot = async () => ({
  ...(await snapshotOf(t, { applications: candidateApplication, history: applicationHistory, tasks: applicationTask })()),
  stages: await rowsOf(t.db, sql`select * from application_stage order by application_id, stage`),
  closings: await t.db.select().from(planStageClose).orderBy(asc(planStageClose.planId)),
});

let seq = 500;
async function applyOne(recruitmentId: number, realName: string) {
  seq += 1;
  return applyWith(t, recruitmentId, { realName, identityNo: identityNo('1994-03-01', seq), phone: `136${String(seq).padStart(8, '0')}` });
}

const firstTaskOf = async (applicationId: number) => (await t.call(candidateTask, { id: applicationId }, { token: t.admin })).data.stages[0]!.steps[0]!.taskId!;

const close = (planId: number) => t.call(closePlanSignUp, { id: planId }, { token: t.admin });

describe('the sign-up stage, closed by 关闭报名', () => {
  it('is closed only once nobody awaits review; then applying, resubmitting and reviewing are refused, nothing written', async () => {
    const plan = await insertPlan(t.db, t.company1, { name: '关闭报名计划' });
    const saved = await t.call(saveWorkflow, { planId: plan.plan.id, stage: 1, items: [{ workItem: '资格审核', kind: 'verify', assigneeId: t.adminId }] }, { token: t.admin });
    expect(saved.code, saved.msg).toBe(200);
    const returned = await applyOne(plan.posts[0]!.id, '退回考生');
    const passed = await applyOne(plan.posts[0]!.id, '通过考生');

    // Two wait for review: closing is refused, naming them.
    await expectRefusedUnchanged(snapshot, () => close(plan.plan.id), 409, signUpUnreviewedMessage(2));
    const fail = await t.call(submitAudit, { tastId: await firstTaskOf(returned), status: 2, failStatus: 12, remarks: '照片不清晰' }, { token: t.admin });
    expect(fail.data.status).toBe(12);
    expect((await t.call(submitAudit, { tastId: await firstTaskOf(passed), status: 1 }, { token: t.admin })).data.status).toBe(20);

    // Closed: who and when, in the plan list too; once only.
    const closed = await close(plan.plan.id);
    expect(closed.code, closed.msg).toBe(200);
    expect(closed.data.closedBy).toBe('王敏');
    const listed = (await t.call(planList, { keyword: '关闭报名计划' }, { token: t.admin })).data.list[0]!;
    expect(listed.signUpClosed).toEqual(closed.data);
    await expectRefusedUnchanged(snapshot, () => close(plan.plan.id), 409, STAGE_CLOSED_MESSAGES.alreadyClosed);

    // The returned application may no longer be resubmitted (the late resubmission of the issue).
    const [app] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, returned));
    const talentInfo = resume({ realName: '退回考生', identityNo: app!.identityNo, phone: app!.phone, education: '硕士' });
    await expectRefusedUnchanged(snapshot, () => t.call(resubmitApplication, { applicationId: returned, talentInfo }), 409, STAGE_CLOSED_MESSAGES.resubmit);

    // Nobody applies any more.
    seq += 1;
    const late = resume({ realName: '迟到考生', identityNo: identityNo('1994-03-01', seq), phone: `136${String(seq).padStart(8, '0')}` });
    await expectRefusedUnchanged(snapshot, () => t.call(applyRecruitment, { recruitmentId: plan.posts[0]!.id, talentInfo: late }), 409, STAGE_CLOSED_MESSAGES.apply);

    // A review after the closing (an application left at 10 by other means) is refused before its task is written.
    const stray = await insertApplication(
      t.db,
      { companyId: t.company1, planId: plan.plan.id, recruitmentId: plan.posts[0]!.id, realName: '遗留考生' },
      { identityNo: identityNo('1994-03-02', 1), phone: '13611110000' },
    );
    const [item] = await rowsOf<{ id: number }>(t.db, sql`select id from workflow_item where plan_id = ${plan.plan.id} and stage = 1`);
    await t.db.insert(applicationTask).values({ companyId: t.company1, applicationId: stray.id, workflowItemId: item!.id });
    const task = await firstTaskOf(stray.id);
    await expectRefusedUnchanged(snapshot, () => t.call(submitAudit, { tastId: task, status: 1 }, { token: t.admin }), 409, STAGE_CLOSED_MESSAGES.review);
    await expectRefusedUnchanged(
      snapshot,
      () => t.call(submitAudit, { tastId: task, status: 2, failStatus: 13, remarks: '不符合' }, { token: t.admin }),
      409,
      STAGE_CLOSED_MESSAGES.review,
    );
  });

  it('is refused for a draft plan and for another company’s plan', async () => {
    const draft = await insertPlan(t.db, t.company1, { name: '草稿计划', status: 'draft' });
    await expectRefusedUnchanged(snapshot, () => close(draft.plan.id), 409, STAGE_CLOSED_MESSAGES.draft);
    const theirs = await insertPlan(t.db, t.company2, { name: '医院计划' });
    await expectRefusedUnchanged(snapshot, () => close(theirs.plan.id), 404, '招录计划不存在');
  });
});

const exam = (name: string, candidates: number, signUpOpen = false) =>
  insertExamPlan(t.db, t.company1, {
    name,
    posts: [{ jobVacancy: '综合岗', places: 1, candidates }],
    written: [{ workItem: '笔试阅卷', kind: 'score', assigneeId: t.adminId }],
    interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
    reviewerId: t.adminId,
    signUpOpen,
  });

async function enter(planId: number, stage: ExamStage, scores: Record<number, string>) {
  const [item] = await scoreItemIds(t.db, planId, stage);
  const entries = Object.entries(scores).map(([id, score]) =>
    score === '缺考' ? { applicationId: Number(id), absent: true } : { applicationId: Number(id), scores: [{ workItemId: item!, score }] },
  );
  const res = await t.call(batchSetGrade, { type: stage, entries }, { token: t.admin });
  expect(res.code, res.msg).toBe(200);
  const confirmed = await t.call(reviewScores, { type: stage, ids: entries.map((e) => e.applicationId), action: 'confirm' }, { token: t.admin });
  expect(confirmed.data.refused).toEqual([]);
}

describe('the exams start once sign-up is closed', () => {
  it('refuses tickets and publishing while sign-up is open, and the ticket page says so', async () => {
    const plan = await exam('报名未关闭计划', 3, true);
    const planId = plan.plan.id;
    expect((await t.call(saveExamSession, { planId, type: 2, rooms: [{ name: '第一考场', seats: 10 }] }, { token: t.admin })).code).toBe(200);
    expect((await t.call(assignSeats, { planId, type: 2, seed: 1 }, { token: t.admin })).code).toBe(200);
    const session = (await t.call(examSessionDetail, { planId, type: 2 }, { token: t.admin })).data;
    expect(session).toMatchObject({ signUpClosed: false, signUpUnreviewed: 0 });
    await expectRefusedUnchanged(snapshot, () => t.call(batchUpdateAdmissionTicket, { planId, type: 2 }, { token: t.admin }), 409, STAGE_CLOSED_MESSAGES.tickets);
    const one = [plan.applications[0]!.id];
    await expectRefusedUnchanged(snapshot, () => t.call(batchUpdateAdmissionTicket, { planId, type: 2, ids: one }, { token: t.admin }), 409, STAGE_CLOSED_MESSAGES.tickets);

    // Scores reached review by other means: publishing (and its preview) is refused too.
    await issueTickets(t.db, t.company1, plan.applications.map((a) => a.id), 2);
    await enter(planId, 2, Object.fromEntries(plan.applications.map((a, i) => [a.id, String(80 + i)])));
    const post = plan.posts[0]!.id;
    await expectRefusedUnchanged(snapshot, () => t.call(previewSendScore, { type: 2, recruitmentId: post }, { token: t.admin }), 409, STAGE_CLOSED_MESSAGES.publish);
    await expectRefusedUnchanged(snapshot, () => t.call(batchSendScore, { type: 2, recruitmentId: post }, { token: t.admin }), 409, STAGE_CLOSED_MESSAGES.publish);

    expect((await close(planId)).code).toBe(200);
    expect((await t.call(examSessionDetail, { planId, type: 2 }, { token: t.admin })).data.signUpClosed).toBe(true);
    expect((await t.call(batchSendScore, { type: 2, recruitmentId: post }, { token: t.admin })).data.passed).toBe(3);
  });

  it('refuses a move into a post’s stage whose results are published (409, nothing written), whatever the path', async () => {
    const plan = await exam('已发布阶段计划', 2);
    const planId = plan.plan.id;
    const post = plan.posts[0]!.id;
    await issueTickets(t.db, t.company1, plan.applications.map((a) => a.id), 2);
    await enter(planId, 2, { [plan.applications[0]!.id]: '90', [plan.applications[1]!.id]: '80' });
    expect((await t.call(batchSendScore, { type: 2, recruitmentId: post }, { token: t.admin })).code).toBe(200);

    // An application left at 待笔试 in the published post (as the old code could leave one): seated, its ticket refused.
    const stranded = await insertApplication(
      t.db,
      { companyId: t.company1, planId, recruitmentId: post, realName: '滞留考生' },
      { identityNo: identityNo('1993-01-01', 7), phone: '13622220000' },
    );
    await t.db.update(candidateApplication).set({ status: APPLICATION_STATUS.awaitingWritten }).where(eq(candidateApplication.id, stranded.id));
    expect((await t.call(saveExamSession, { planId, type: 2, rooms: [{ name: '补考场', seats: 5 }] }, { token: t.admin })).code).toBe(200);
    expect((await t.call(assignSeats, { planId, type: 2, seed: 3 }, { token: t.admin })).data.seated).toBe(1);
    await expectRefusedUnchanged(
      snapshot,
      () => t.call(batchUpdateAdmissionTicket, { planId, type: 2, ids: [stranded.id] }, { token: t.admin }),
      409,
      stagePublishedMessage(2),
    );
    // The batch move of the state machine refuses it too.
    const before = await snapshot();
    const refused = await t.db
      .transaction((tx) =>
        transitionMany(tx, { companyId: t.company1, planId, applicationIds: [stranded.id], from: 20, to: 21, actorId: t.adminId, remarks: '测试' }),
      )
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(stagePublishedMessage(2));
    expect(await snapshot()).toEqual(before);
  });
});

describe('the publication preview', () => {
  it('lists who passes (ties at the cut-off marked) and who is absent, exactly as publishing then does', async () => {
    // 1 place × ratio 2 = 2 enter the interview; the two at 85 tie at the cut-off (2nd) and both enter.
    const plan = await exam('发布预览计划', 6);
    const planId = plan.plan.id;
    await t.db.update(recruitmentPlan).set({ interviewEntryRatio: 2 }).where(eq(recruitmentPlan.id, planId));
    const [top, tieA, tieB, low, absent, last] = plan.applications.map((a) => a.id) as [number, number, number, number, number, number];
    await issueTickets(t.db, t.company1, plan.applications.map((a) => a.id), 2);
    await enter(planId, 2, { [top]: '90', [tieA]: '85', [tieB]: '85', [low]: '70', [absent]: '缺考', [last]: '60' });
    const post = plan.posts[0]!.id;

    const preview = (await t.call(previewSendScore, { type: 2, recruitmentId: post }, { token: t.admin })).data;
    expect(preview).toMatchObject({ quota: 2, passedCount: 3, failedCount: 3, absentCount: 1 });
    expect(preview.passed.map((r) => [r.applicationId, r.score, r.rank, r.tiedAtCutoff])).toEqual([
      [top, '90.00', 1, false],
      [tieA, '85.00', 2, true],
      [tieB, '85.00', 2, true],
    ]);
    expect(preview.absent.map((r) => r.applicationId)).toEqual([absent]);
    expect(preview.rule).toContain('招录 1 人 × 入围比例 2 = 2 人入围面试');

    const published = (await t.call(batchSendScore, { type: 2, recruitmentId: post }, { token: t.admin })).data;
    expect([published.passed, published.failed]).toEqual([preview.passedCount, preview.failedCount]);
    const moved = await rowsOf<{ id: number }>(t.db, sql`select id from candidate_application where recruitment_id = ${post} and status in (24, 30) order by id`);
    expect(moved.map((r) => r.id)).toEqual(preview.passed.map((r) => r.applicationId).sort((a, b) => a - b));
    const ranking = (await t.call(getGradeList, { kind: 'written', recruitmentId: post, pageSize: 50 }, { token: t.admin })).data.list;
    for (const row of preview.passed) {
      expect(ranking.find((r) => r.applicationId === row.applicationId)).toMatchObject({ rank: row.rank, passed: true, explanation: row.explanation });
    }
    expectError(await t.call(previewSendScore, { type: 2, recruitmentId: post }, { token: t.admin }), 409, '该岗位成绩已发布');

    // The interview: the composite ranking's first place, by the same statement.
    await issueTickets(t.db, t.company1, [top, tieA, tieB], 3);
    await enter(planId, 3, { [top]: '70', [tieA]: '90', [tieB]: '缺考' });
    const interview = (await t.call(previewSendScore, { type: 3, recruitmentId: post }, { token: t.admin })).data;
    expect(interview).toMatchObject({ quota: 1, passedCount: 1, failedCount: 2, absentCount: 1 });
    expect(interview.passed.map((r) => [r.applicationId, r.score, r.rank, r.tiedAtCutoff])).toEqual([[tieA, '87.50', 1, false]]);
    expect(interview.absent.map((r) => r.applicationId)).toEqual([tieB]);
    const hired = (await t.call(batchSendScore, { type: 3, recruitmentId: post }, { token: t.admin })).data;
    expect([hired.passed, hired.failed]).toEqual([1, 2]);
    const [row] = await t.db.select({ status: candidateApplication.status }).from(candidateApplication).where(eq(candidateApplication.id, tieA));
    expect(row!.status).toBe(APPLICATION_STATUS.interviewPassed);
  });
});
