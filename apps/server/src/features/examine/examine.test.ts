import {
  type CandidatePassFilter, TALENT_FIELD_HIDE, TALENT_FIELD_SHOW, TALENT_TEMPLATE_FIXED_FIELDS,
  candidateDetail, candidatePassCount, candidateTask, casualRecruitmentCandidatePass, casualRecruitmentPass,
  getCompanyRecruitmentAuditList, recruitmentAuditDetail, recruitmentWaitAuditList, resubmitApplication,
  saveTalentTemplate, saveWorkflow, submitAudit, talentFieldList, updateCandidatePass,
} from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, applicationTask, candidateApplication, recruitmentInfo, recruitmentPlan, staffUser } from '../../db/tables.js';
import { type Answer, expectError, expectOthersNotFound, snapshotOf, useTestApp, staffWith } from '../../test/app.js';
import { identityNo, insertApplication, insertPlan, resume } from '../../test/recruitment.js';
import { SCORE_TASK_REFUSED } from '../pipeline/index.js';
import { TASK_DECIDED, insertReviewPlan, reviewHelpers } from './examine.support.js';

const t = useTestApp();
let plan: Awaited<ReturnType<typeof insertPlan>>;

const { applyOne, tasksOf, historyCount, planWith, signUpTasks, statusOf, historyOf, decide } = reviewHelpers(t, () => plan.posts[0]!.id);

beforeAll(async () => {
  plan = await insertReviewPlan(t);
});

describe('sign-up review through the state machine', () => {
  it('two levels: 10 → 11 → 20, each by its own reviewer, in order', async () => {
    const id = await applyOne('顺序审核');
    const before = await tasksOf(id);
    const [first, second] = before.stages[0]!.steps;
    expect(first).toMatchObject({ workItem: '初审', status: 0, verifiedAt: null });
    expect(before.actionableTaskId).toBeNull(); // admin's 复审 is not actionable yet

    expectError(await t.call(submitAudit, { tastId: second!.taskId!, status: 1 }, { token: t.admin }), 409, '前面的审核工作还未完成，暂时不能审核');
    expectError(await t.call(submitAudit, { tastId: first!.taskId!, status: 1 }, { token: t.admin }), 403, '该审核任务不是分配给您的');

    const waiting = await t.call(recruitmentWaitAuditList, { planId: plan.plan.id }, { token: t.shenhe });
    expect(waiting.data.list.map((r) => r.applicationId)).toContain(id);

    const r1 = await t.call(submitAudit, { tastId: first!.taskId!, status: 1 }, { token: t.shenhe });
    expect(r1.data).toEqual({ applicationId: id, status: 11 });
    expect((await tasksOf(id)).actionableTaskId).toBe(second!.taskId);
    const r2 = await t.call(submitAudit, { tastId: second!.taskId!, status: 1 }, { token: t.admin });
    expect(r2.data).toEqual({ applicationId: id, status: 20 });
    expect(await historyCount(id)).toBe(3);
    expectError(await t.call(submitAudit, { tastId: second!.taskId!, status: 1 }, { token: t.admin }), 409, '该审核任务已处理，请刷新后查看');
  });

  it('a failure needs its type and reason; a returned (12) application resubmitted goes back to 10 with its tasks pending', async () => {
    const id = await applyOne('退回修改');
    const task = (await tasksOf(id)).stages[0]!.steps[0]!.taskId!;
    expectError(await t.call(submitAudit, { tastId: task, status: 2, remarks: '学历不符' }, { token: t.shenhe }), 400, '请选择审核失败类型');
    expectError(await t.call(submitAudit, { tastId: task, status: 2, failStatus: 12 }, { token: t.shenhe }), 400, '请输入驳回原因');
    const failed = await t.call(submitAudit, { tastId: task, status: 2, failStatus: 12, remarks: '学历不符合岗位要求，照片模糊' }, { token: t.shenhe });
    expect(failed.data.status).toBe(12);

    const [app] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, id));
    const talentInfo = resume({ realName: '退回修改', identityNo: app!.identityNo, phone: app!.phone, education: '硕士' });
    expectError(await t.call(resubmitApplication, { applicationId: id, talentInfo: { ...talentInfo, phone: '13800000000' } }), 404, '报名记录不存在，或身份证号码、手机号码与报名时不一致');
    const again = await t.call(resubmitApplication, { applicationId: id, talentInfo });
    expect(again.data).toEqual({ applicationId: id, status: 10 });
    const steps = (await tasksOf(id)).stages[0]!.steps;
    expect(steps.map((s) => s.status)).toEqual([0, 0]);
    expect(await historyCount(id)).toBe(3);
    expectError(await t.call(resubmitApplication, { applicationId: id, talentInfo }), 409, '该报名当前不能修改后重新提交');
  });

  it('the audit list shows the current work item and the caller\'s task', async () => {
    const id = await applyOne('列表测试');
    const res = await t.call(getCompanyRecruitmentAuditList, { planId: plan.plan.id, realName: '列表' }, { token: t.shenhe });
    expect(res.data.list).toEqual([expect.objectContaining({ id, status: 10, currentWorkItem: '初审', myTaskId: expect.any(Number) })]);
    const asAdmin = await t.call(getCompanyRecruitmentAuditList, { planId: plan.plan.id, realName: '列表' }, { token: t.admin });
    expect(asAdmin.data.list[0]!.myTaskId).toBeNull();
  });
});

// ——— Each call on its own: bad input, permissions, other companies' records, refusals that write nothing ———

const NO_PERMISSION = '您没有执行该操作的权限';
const TASK_NOT_YOURS = '该审核任务不是分配给您的';
const TASK_NOT_YET = '前面的审核工作还未完成，暂时不能审核';
const MOVE_REFUSED = '当前报名状态不能进行该操作';
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Every row a review call may write. */
const reviewState = snapshotOf(t, { plan: recruitmentPlan, application: candidateApplication, task: applicationTask, history: applicationHistory });

/** Makes the call and asserts it refused with `code` and `msg`, leaving every review table as it was. */
async function refusedUnchanged(call: () => Promise<Answer<unknown> | { statusCode: number; json(): unknown }>, code: number, msg: string) {
  const before = await reviewState();
  expectError(await call(), code, msg);
  expect(await reviewState()).toEqual(before);
}

/** Company 2's plan, reviewed by hospital, with one application and its task. */
let other: { plan: Awaited<ReturnType<typeof insertPlan>>; applicationId: number; taskId: number };
/** A staff member of company 1 whose role holds no review or plan permission. */
let clerk: string;
const names = { admin: '', shenhe: '' };

beforeAll(async () => {
  const otherPlan = await insertPlan(t.db, t.company2, { name: '医院招录计划' });
  const saved = await t.call(saveWorkflow, { planId: otherPlan.plan.id, stage: 1, items: [{ workItem: '医院初审', kind: 'verify', assigneeId: t.hospitalId }] }, { token: t.hospital });
  expect(saved.code).toBe(200);
  const applicationId = await applyOne('他院考生', otherPlan.posts[0]!.id);
  const taskId = (await t.call(candidateTask, { id: applicationId }, { token: t.hospital })).data.stages[0]!.steps[0]!.taskId!;
  other = { plan: otherPlan, applicationId, taskId };

  clerk = await staffWith(t, '钱会计', 'qiankuaiji', ['wallet:view']);

  for (const [key, id] of [['admin', t.adminId], ['shenhe', t.shenheId]] as const) {
    names[key] = (await t.db.select({ name: staffUser.name }).from(staffUser).where(eq(staffUser.id, id)))[0]!.name;
  }
});

describe('bad input is refused with its message and writes nothing', () => {
  it('submitAudit', async () => {
    const [task] = await signUpTasks(await applyOne('输入检查'));
    for (const [payload, msg] of [
      [{ tastId: 'abc', status: 1 }, '审核任务编号必须是数字'],
      [{ status: 1 }, '审核任务编号必须是数字'],
      [{ tastId: 0, status: 1 }, '审核任务编号必须是正数'],
      [{ tastId: task, status: 3 }, '审核结果不正确'],
      [{ tastId: task, status: 0 }, '审核结果不正确'],
      [{ tastId: task }, '审核结果不正确'],
      [{ tastId: task, status: 2, failStatus: 14, remarks: '学历不符' }, '请选择审核失败类型'],
      [{ tastId: task, status: 2, failStatus: 12, remarks: '因'.repeat(501) }, '审核意见最长 500 个字'],
      [{ tastId: task, status: 2, failStatus: 13, remarks: '   ' }, '请输入驳回原因'],
      [{ tastId: task, status: 1, remarks: 5 }, '审核意见必须是文字'],
    ] as const) {
      await refusedUnchanged(() => t.post('/api/recruitment/submitAudit', t.shenhe, payload), 400, msg);
    }
  });

  it('the lists and the batch calls', async () => {
    const planId = plan.plan.id;
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
    for (const [call, payload, msg] of [
      ['recruitmentWaitAuditList', { type: 4 }, '审核阶段不正确'],
      ['recruitmentWaitAuditList', { pageSize: 500 }, '每页最多 200 条'],
      ['recruitmentWaitAuditList', { pageNum: 0 }, '页码最小为 1'],
      ['recruitmentWaitAuditList', { planId: 'abc' }, '招录计划编号必须是数字'],
      ['recruitmentWaitAuditList', { keyword: '字'.repeat(31) }, '关键词最长 30 个字'],
      ['getCompanyRecruitmentAuditList', {}, '招录计划编号必须是数字'],
      ['getCompanyRecruitmentAuditList', { planId, type: 4 }, '审核阶段不正确'],
      ['getCompanyRecruitmentAuditList', { planId, pageSize: 500 }, '每页最多 200 条'],
      ['getCompanyRecruitmentAuditList', { planId, status: 14 }, '报名状态不正确'],
      ['getCompanyRecruitmentAuditList', { planId, recruitmentId: 'abc' }, '岗位编号必须是数字'],
      ['getCompanyRecruitmentAuditList', { planId, identityNo: '1'.repeat(19) }, '身份证号码最长 18 个字'],
      ['updateCandidatePass', {}, '请选择报名人员'],
      ['updateCandidatePass', { ids: [] }, '请选择报名人员'],
      ['updateCandidatePass', { ids: tooMany }, '每次最多处理 1000 人'],
      ['updateCandidatePass', { ids: ['abc'] }, '报名记录编号必须是数字'],
      ['updateCandidatePass', { ids: [1], remarks: '因'.repeat(501) }, '审核意见最长 500 个字'],
      ['casualRecruitmentPass', { planId, examMode: 'none' }, '请选择考试方式'],
      ['casualRecruitmentPass', { planId: 'abc', examMode: 'direct' }, '招录计划编号必须是数字'],
      ['casualRecruitmentCandidatePass', { ids: [] }, '请选择报名人员'],
      ['casualRecruitmentCandidatePass', { ids: tooMany }, '每次最多处理 1000 人'],
      ['casualRecruitmentCandidatePass', { ids: [1], remarks: '因'.repeat(501) }, '备注最长 500 个字'],
    ] as const) {
      await refusedUnchanged(() => t.post(`/api/recruitment/${call}`, t.admin, payload), 400, msg);
    }
  });

  it('the detail calls and the resubmission', async () => {
    for (const call of ['recruitmentAuditDetail', 'candidateDetail', 'candidateTask']) {
      for (const [id, msg] of [
        ['abc', '报名记录编号必须是数字'],
        ['0', '报名记录编号必须是正数'],
        ['2147483648', '报名记录编号不正确'],
      ]) {
        expectError(await t.post(`/api/recruitment/${call}/${id}`, t.admin), 400, msg!);
      }
    }
    const talentInfo = resume({ identityNo: identityNo('1995-06-01', 999), phone: '13900000999' });
    await refusedUnchanged(() => t.app.inject({ method: 'POST', url: '/api/open/recruitment/resubmit', payload: { applicationId: 'abc', talentInfo } }), 400, '报名记录编号必须是数字');
  });
});

describe('permissions', () => {
  it('a role without the review permissions is refused every review call', async () => {
    const id = await applyOne('权限检查');
    const [task] = await signUpTasks(id);
    const planId = plan.plan.id;
    for (const call of [
      () => t.call(submitAudit, { tastId: task!, status: 1 }, { token: clerk }),
      () => t.call(recruitmentWaitAuditList, {}, { token: clerk }),
      () => t.call(getCompanyRecruitmentAuditList, { planId }, { token: clerk }),
      () => t.call(updateCandidatePass, { ids: [id] }, { token: clerk }),
      () => t.call(recruitmentAuditDetail, { id }, { token: clerk }),
      () => t.call(candidateDetail, { id }, { token: clerk }),
      () => t.call(candidateTask, { id }, { token: clerk }),
      () => t.call(casualRecruitmentPass, { planId, examMode: 'direct' }, { token: clerk }),
      () => t.call(casualRecruitmentCandidatePass, { ids: [id] }, { token: clerk }),
    ]) {
      await refusedUnchanged(call, 403, NO_PERMISSION);
    }
  });

  it('a reviewer (shenhe, without plan:edit) may not change how a plan examines, nor pass candidates straight on', async () => {
    const id = await applyOne('审核员越权');
    await refusedUnchanged(() => t.call(casualRecruitmentPass, { planId: plan.plan.id, examMode: 'direct' }, { token: t.shenhe }), 403, NO_PERMISSION);
    await refusedUnchanged(() => t.call(casualRecruitmentCandidatePass, { ids: [id] }, { token: t.shenhe }), 403, NO_PERMISSION);
  });
});

describe("another company's records are out of reach (404)", () => {
  it('the application calls', async () => {
    const mine = await applyOne('本单位考生');
    for (const path of ['recruitmentAuditDetail', 'candidateDetail', 'candidateTask']) {
      await expectOthersNotFound(
        t,
        (token, id) => t.post(`/api/recruitment/${path}/${id}`, token),
        { mine, theirs: other.applicationId },
        '报名记录不存在',
        reviewState,
      );
    }
  });

  it("submitAudit of another company's task", async () => {
    const [mine] = await signUpTasks(await applyOne('本单位任务'));
    await refusedUnchanged(() => t.call(submitAudit, { tastId: other.taskId, status: 1 }, { token: t.admin }), 404, '审核任务不存在');
    await refusedUnchanged(() => t.call(submitAudit, { tastId: mine!, status: 1 }, { token: t.hospital }), 404, '审核任务不存在');
    await refusedUnchanged(() => t.call(submitAudit, { tastId: 999999, status: 1 }, { token: t.admin }), 404, '审核任务不存在');
  });

  it("the plan calls: another company's plan or post", async () => {
    const otherPlan = other.plan.plan.id;
    await refusedUnchanged(() => t.call(getCompanyRecruitmentAuditList, { planId: otherPlan }, { token: t.admin }), 404, '招录计划不存在');
    await refusedUnchanged(() => t.call(getCompanyRecruitmentAuditList, { planId: plan.plan.id }, { token: t.hospital }), 404, '招录计划不存在');
    await refusedUnchanged(
      () => t.call(getCompanyRecruitmentAuditList, { planId: plan.plan.id, recruitmentId: other.plan.posts[0]!.id }, { token: t.admin }),
      404,
      '岗位不存在',
    );
    const sibling = await insertPlan(t.db, t.company1, { name: '另一个计划' });
    await refusedUnchanged(
      () => t.call(getCompanyRecruitmentAuditList, { planId: plan.plan.id, recruitmentId: sibling.posts[0]!.id }, { token: t.admin }),
      404,
      '岗位不存在',
    );
    await refusedUnchanged(() => t.call(casualRecruitmentPass, { planId: otherPlan, examMode: 'direct' }, { token: t.admin }), 404, '招录计划不存在');
    await refusedUnchanged(() => t.call(recruitmentWaitAuditList, { planId: otherPlan }, { token: t.admin }), 404, '招录计划不存在');
  });

  it("the batch calls answer another company's applications as missing, without their names", async () => {
    for (const ep of [updateCandidatePass, casualRecruitmentCandidatePass]) {
      const before = await reviewState();
      const res = await t.call(ep, { ids: [other.applicationId, 999999] }, { token: t.admin });
      expect(res.data).toEqual({
        passed: 0,
        refused: [
          { id: other.applicationId, realName: '', reason: '报名记录不存在' },
          { id: 999999, realName: '', reason: '报名记录不存在' },
        ],
      });
      expect(await reviewState()).toEqual(before);
    }
  });
});

describe('a task is decided by its reviewer, in turn, once; every refusal is a 409 or 403 that writes nothing', () => {
  it('not assigned, not yet actionable, already decided, application no longer in review', async () => {
    const id = await applyOne('拒绝不改');
    const [first, second] = await signUpTasks(id);
    await refusedUnchanged(() => t.call(submitAudit, { tastId: second!, status: 1 }, { token: t.admin }), 409, TASK_NOT_YET);
    await refusedUnchanged(() => t.call(submitAudit, { tastId: second!, status: 2, failStatus: 13, remarks: '不符合' }, { token: t.admin }), 409, TASK_NOT_YET);
    await refusedUnchanged(() => t.call(submitAudit, { tastId: first!, status: 1 }, { token: t.admin }), 403, TASK_NOT_YOURS);
    await refusedUnchanged(() => t.call(submitAudit, { tastId: second!, status: 1 }, { token: t.shenhe }), 403, TASK_NOT_YOURS);

    expect(await decide(t.shenhe, first!, false)).toBe(12);
    await refusedUnchanged(() => t.call(submitAudit, { tastId: first!, status: 1 }, { token: t.shenhe }), 409, TASK_DECIDED);
    // The returned application's later task is pending, but the application has left the review.
    await refusedUnchanged(() => t.call(submitAudit, { tastId: second!, status: 1 }, { token: t.admin }), 409, MOVE_REFUSED);
    await refusedUnchanged(() => t.call(submitAudit, { tastId: second!, status: 2, failStatus: 13, remarks: '不符合' }, { token: t.admin }), 409, MOVE_REFUSED);
  });

  it("a score task is not decided here (it is entered on the score pages), nor listed as sign-up work", async () => {
    const written = await planWith('笔试任务计划', {
      1: [{ workItem: '资格审查', kind: 'verify', assigneeId: t.shenheId }],
      2: [{ workItem: '笔试成绩录入', kind: 'score', assigneeId: t.shenheId }],
    });
    const id = await applyOne('进入笔试', written.posts[0]!.id);
    const [only] = await signUpTasks(id);
    expect(await decide(t.shenhe, only!, true)).toBe(20); // the only sign-up item passed: 10 → 20 at once
    const writtenTask = (await tasksOf(id)).stages[1]!.steps[0]!;
    expect(writtenTask).toMatchObject({ workItem: '笔试成绩录入', kind: 'score', status: 0, verifiedAt: null, score: null });
    await refusedUnchanged(() => t.call(submitAudit, { tastId: writtenTask.taskId!, status: 1 }, { token: t.shenhe }), 409, SCORE_TASK_REFUSED);
    const signUp = await t.call(recruitmentWaitAuditList, { planId: written.plan.id }, { token: t.shenhe });
    expect(signUp.data.list).toEqual([]);
    const writtenWork = await t.call(recruitmentWaitAuditList, { planId: written.plan.id, type: 2 }, { token: t.shenhe });
    expect(writtenWork.data.list).toEqual([expect.objectContaining({ taskId: writtenTask.taskId, applicationId: id, workItem: '笔试成绩录入', status: 20 })]);
  });
});

describe('batch pass (updateCandidatePass)', () => {
  it('passes each row the caller can decide now and says why the others were not', async () => {
    const fresh = await applyOne('批量甲');
    const fresh2 = await applyOne('批量乙');
    const halfway = await applyOne('批量丙');
    await decide(t.shenhe, (await signUpTasks(halfway))[0]!, true);
    const returned = await applyOne('批量丁');
    await decide(t.shenhe, (await signUpTasks(returned))[0]!, false);
    const untouched = async () => [await historyOf(halfway), await historyOf(returned), await signUpTasks(halfway)];
    const before = await untouched();

    const res = await t.call(updateCandidatePass, { ids: [fresh, halfway, fresh2, returned, fresh, other.applicationId], remarks: '批量通过' }, { token: t.shenhe });
    expect(res.data).toEqual({
      passed: 2,
      refused: [
        { id: halfway, realName: '批量丙', reason: '没有分配给您的待审核工作' },
        { id: returned, realName: '批量丁', reason: '没有分配给您的待审核工作' },
        { id: other.applicationId, realName: '', reason: '报名记录不存在' },
      ],
    });
    expect([await statusOf(fresh), await statusOf(fresh2), await statusOf(halfway), await statusOf(returned)]).toEqual([11, 11, 11, 12]);
    expect((await tasksOf(fresh)).stages[0]!.steps[0]).toMatchObject({ status: 1, verifierName: names.shenhe, remarks: '批量通过', verifiedAt: expect.stringMatching(ISO_TIME) });
    expect((await historyOf(fresh)).map((h) => [h.fromStatus, h.toStatus, h.actorId, h.remarks])).toEqual([
      [null, 10, null, '考生报名'],
      [10, 11, t.shenheId, '批量通过'],
    ]);
    expect(await untouched()).toEqual(before);

    // The second level: 复审 of `fresh` is now the admin's; a new application's is not yet; the returned one has left the review.
    const waiting = await applyOne('批量戊');
    const second = await t.call(updateCandidatePass, { ids: [fresh, waiting, returned] }, { token: t.admin });
    expect(second.data).toEqual({
      passed: 1,
      refused: [
        { id: waiting, realName: '批量戊', reason: TASK_NOT_YET },
        { id: returned, realName: '批量丁', reason: MOVE_REFUSED },
      ],
    });
    expect([await statusOf(fresh), await statusOf(waiting), await statusOf(returned)]).toEqual([20, 10, 12]);
  });
});

describe('plans without exams (考核招聘)', () => {
  it('interview only: the mode is set while nobody has passed; candidates go on to the interview with its tasks', async () => {
    const casual = await planWith('仅面试计划', {
      1: [{ workItem: '资格审查', kind: 'verify', assigneeId: t.shenheId }],
      3: [
        { workItem: '面试资格复核', kind: 'verify', assigneeId: t.shenheId },
        { workItem: '面试评分', kind: 'score', assigneeId: t.adminId },
      ],
    });
    const planId = casual.plan.id;
    const a = await applyOne('面试直通甲', casual.posts[0]!.id);
    const b = await applyOne('面试直通乙', casual.posts[0]!.id);
    const mode = await t.call(casualRecruitmentPass, { planId, examMode: 'interview' }, { token: t.admin });
    expect(mode.data).toEqual({ planId, examMode: 'interview' });

    const passed = await t.call(casualRecruitmentCandidatePass, { ids: [a], remarks: '免笔试' }, { token: t.admin });
    expect(passed.data).toEqual({ passed: 1, refused: [] });
    expect(await statusOf(a)).toBe(30);
    const steps = await tasksOf(a);
    expect(steps.stages[2]!.steps).toEqual([
      expect.objectContaining({ workItem: '面试资格复核', taskId: expect.any(Number), status: 0, verifiedAt: null, score: null }),
      expect.objectContaining({ workItem: '面试评分', taskId: expect.any(Number), status: 0, verifiedAt: null, score: null }),
    ]);
    expect(steps.history.at(-1)).toMatchObject({ fromStatus: 10, toStatus: 30, actorName: names.admin, remarks: '免笔试' });

    // The sign-up review of the plan now ends in the interview as well.
    expect(await decide(t.shenhe, (await signUpTasks(b))[0]!, true)).toBe(30);

    // Someone passed: the mode stays as it is (setting it again changes nothing).
    await refusedUnchanged(() => t.call(casualRecruitmentPass, { planId, examMode: 'direct' }, { token: t.admin }), 409, '已有报名人员通过报名资格审核，不能再更改考试方式');
    await refusedUnchanged(() => t.call(casualRecruitmentPass, { planId, examMode: 'full' }, { token: t.admin }), 409, '已有报名人员通过报名资格审核，不能再更改考试方式');
    expect((await t.call(casualRecruitmentPass, { planId, examMode: 'interview' }, { token: t.admin })).data).toEqual({ planId, examMode: 'interview' });

    // Passed once is passed: a second pass is refused and writes nothing.
    const before = await reviewState();
    const again = await t.call(casualRecruitmentCandidatePass, { ids: [a] }, { token: t.admin });
    expect(again.data).toEqual({ passed: 0, refused: [{ id: a, realName: '面试直通甲', reason: MOVE_REFUSED }] });
    expect(await reviewState()).toEqual(before);
  });

  it('direct: 10 or 11 → 34 in one move; a rejected application is refused', async () => {
    const direct = await planWith('直接录用计划', {
      1: [
        { workItem: '初审', kind: 'verify', assigneeId: t.shenheId },
        { workItem: '复审', kind: 'verify', assigneeId: t.adminId },
      ],
    });
    const post = direct.posts[0]!.id;
    expect((await t.call(casualRecruitmentPass, { planId: direct.plan.id, examMode: 'direct' }, { token: t.admin })).code).toBe(200);
    const pending = await applyOne('直录甲', post);
    const inReview = await applyOne('直录乙', post);
    await decide(t.shenhe, (await signUpTasks(inReview))[0]!, true);
    const rejected = await applyOne('直录丙', post);
    await decide(t.shenhe, (await signUpTasks(rejected))[0]!, false, '不符合', 13);
    const rejectedBefore = await historyOf(rejected);

    const res = await t.call(casualRecruitmentCandidatePass, { ids: [pending, inReview, rejected] }, { token: t.admin });
    expect(res.data).toEqual({ passed: 2, refused: [{ id: rejected, realName: '直录丙', reason: MOVE_REFUSED }] });
    expect([await statusOf(pending), await statusOf(inReview), await statusOf(rejected)]).toEqual([34, 34, 13]);
    expect((await historyOf(pending)).map((h) => [h.fromStatus, h.toStatus, h.actorId, h.remarks])).toEqual([
      [null, 10, null, '考生报名'],
      [10, 34, t.adminId, '考核招聘直接通过'],
    ]);
    expect((await historyOf(inReview)).map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 10], [10, 11], [11, 34]]);
    expect(await historyOf(rejected)).toEqual(rejectedBefore);

    // Through the review itself: the last sign-up pass proposes the candidate for hiring.
    const reviewed = await applyOne('直录丁', post);
    const [first, second] = await signUpTasks(reviewed);
    expect(await decide(t.shenhe, first!, true)).toBe(11);
    expect(await decide(t.admin, second!, true)).toBe(34);
  });

  it('a plan with both exams passes nobody straight on', async () => {
    const id = await applyOne('全程考试');
    const before = await reviewState();
    const res = await t.call(casualRecruitmentCandidatePass, { ids: [id] }, { token: t.admin });
    expect(res.data).toEqual({ passed: 0, refused: [{ id, realName: '全程考试', reason: '该招录计划需要笔试和面试，不能直接通过' }] });
    expect(await reviewState()).toEqual(before);
  });
});

describe('the detail dialog', () => {
  it('recruitmentAuditDetail: the application with its plan and job', async () => {
    const id = await applyOne('详情考生', plan.posts[1]!.id);
    const res = await t.call(recruitmentAuditDetail, { id }, { token: t.shenhe });
    expect(res.data).toMatchObject({
      id,
      planId: plan.plan.id,
      planName: '审核流程计划',
      examMode: 'full',
      recruitmentId: plan.posts[1]!.id,
      realName: '详情考生',
      status: 10,
      admissionTicketCode: null,
      writtenGrade: null,
      auditionGrade: null,
      job: expect.objectContaining({ id: plan.posts[1]!.id, jobVacancy: '岗位乙' }),
    });
  });

  it("candidateDetail: only the fields the post's resume template shows, values by their dictionary labels", async () => {
    const catalogue = (await t.call(talentFieldList, {}, { token: t.admin })).data;
    const shown = [...TALENT_TEMPLATE_FIXED_FIELDS, 'sex', 'positionStatus', 'educationList'];
    const template = await t.call(
      saveTalentTemplate,
      {
        name: '简版模板',
        fields: catalogue.map((f) => ({
          fieldCode: f.code,
          showStatus: shown.includes(f.code) ? (TALENT_FIELD_SHOW as 1) : (TALENT_FIELD_HIDE as 0),
          required: TALENT_TEMPLATE_FIXED_FIELDS.includes(f.code),
        })),
      },
      { token: t.admin },
    );
    expect(template.code).toBe(200);
    const templated = await insertPlan(t.db, t.company1, { name: '模板计划' });
    await t.db.update(recruitmentInfo).set({ talentTemplateId: template.data.id }).where(eq(recruitmentInfo.id, templated.posts[0]!.id));
    const id = await applyOne('模板考生', templated.posts[0]!.id);

    const view = (await t.call(candidateDetail, { id }, { token: t.shenhe })).data;
    const fields = view.sections.flatMap((s) => s.fields);
    const codes = view.sections.flatMap((s) => [...s.fields.map((f) => f.code), ...s.lists.map((l) => l.code)]);
    expect([...codes].sort()).toEqual([...shown].sort());
    expect(fields.find((f) => f.code === 'sex')).toEqual({ code: 'sex', name: '性别', value: '男' });
    expect(fields.find((f) => f.code === 'positionStatus')?.value).toBe('应届毕业生');
    expect(fields.find((f) => f.code === 'realName')?.value).toBe('模板考生');
    expect(view.certificateImage).toBe('');
    const education = view.sections.flatMap((s) => s.lists).find((l) => l.code === 'educationList')!;
    expect(education.rows).toEqual([
      { startTime: '2019-09', endTime: '2023-06', schoolName: '中国人民大学', education: '本科', specialty: '人力资源管理', learningStyle: '全日制' },
    ]);

    // A post without a template shows the whole resume.
    const plain = (await t.call(candidateDetail, { id: await applyOne('无模板考生') }, { token: t.shenhe })).data;
    const plainCodes = plain.sections.flatMap((s) => [...s.fields.map((f) => f.code), ...s.lists.map((l) => l.code)]);
    expect(plainCodes).toEqual(expect.arrayContaining([...shown, 'nation', 'workList', 'familyList']));

    // An application without a stored resume.
    const bare = await insertApplication(
      t.db,
      { companyId: t.company1, planId: plan.plan.id, recruitmentId: plan.posts[0]!.id, realName: '无简历' },
      { identityNo: identityNo('1988-08-08', 777), phone: '13600007777' },
    );
    expectError(await t.call(candidateDetail, { id: bare.id }, { token: t.shenhe }), 404, '该报名没有简历');
  });

  it('candidateTask: the step lists with verifier, time and score, the caller\'s task and the history', async () => {
    const id = await applyOne('步骤考生');
    const [first, second] = await signUpTasks(id);
    await decide(t.shenhe, first!, true, '材料齐全');
    const asAdmin = (await t.call(candidateTask, { id }, { token: t.admin })).data;
    expect(asAdmin.stages.map((s) => [s.stage, s.stageName, s.steps.length])).toEqual([
      [1, '报名资格审核', 2],
      [2, '笔试', 0],
      [3, '面试', 0],
    ]);
    expect(asAdmin.stages[0]!.steps).toEqual([
      { workItemId: expect.any(Number), workItem: '初审', kind: 'verify', taskId: first, verifierName: names.shenhe, status: 1, verifiedAt: expect.stringMatching(ISO_TIME), score: null, remarks: '材料齐全' },
      { workItemId: expect.any(Number), workItem: '复审', kind: 'verify', taskId: second, verifierName: names.admin, status: 0, verifiedAt: null, score: null, remarks: '' },
    ]);
    expect(asAdmin.actionableTaskId).toBe(second);
    expect((await t.call(candidateTask, { id }, { token: t.shenhe })).data.actionableTaskId).toBeNull();
    expect(asAdmin.history).toEqual([
      { fromStatus: null, toStatus: 10, actorName: '考生', remarks: '考生报名', createdAt: expect.stringMatching(ISO_TIME) },
      { fromStatus: 10, toStatus: 11, actorName: names.shenhe, remarks: '材料齐全', createdAt: expect.stringMatching(ISO_TIME) },
    ]);
  });
});

describe('待审核 (recruitmentWaitAuditList)', () => {
  it("shows only the caller's tasks that can be decided now, of their own company", async () => {
    const id = await applyOne('待审考生');
    const [first, second] = await signUpTasks(id);
    const listOf = async (token: string, planId?: number) => (await t.call(recruitmentWaitAuditList, { planId, pageSize: 200 }, { token })).data;

    const shenhe = await listOf(t.shenhe, plan.plan.id);
    expect(shenhe.list.filter((r) => r.applicationId === id)).toEqual([
      {
        taskId: first,
        workItem: '初审',
        applicationId: id,
        planId: plan.plan.id,
        planName: '审核流程计划',
        recruitmentId: plan.posts[0]!.id,
        jobVacancy: '岗位甲',
        realName: '待审考生',
        identityNo: expect.any(String),
        phone: expect.any(String),
        status: 10,
        createdAt: expect.stringMatching(ISO_TIME),
      },
    ]);
    expect(shenhe.total).toBe(shenhe.list.length);
    expect((await listOf(t.admin, plan.plan.id)).list.map((r) => r.applicationId)).not.toContain(id); // 复审 waits for 初审

    // Each company sees only its own.
    const admins = await listOf(t.admin);
    expect(admins.list.map((r) => r.applicationId)).not.toContain(other.applicationId);
    const hospital = await listOf(t.hospital);
    expect(hospital.list.map((r) => [r.applicationId, r.taskId])).toEqual([[other.applicationId, other.taskId]]);

    await decide(t.shenhe, first!, true);
    expect((await listOf(t.shenhe, plan.plan.id)).list.map((r) => r.applicationId)).not.toContain(id);
    expect((await listOf(t.admin, plan.plan.id)).list.filter((r) => r.applicationId === id)).toEqual([
      expect.objectContaining({ taskId: second, workItem: '复审', status: 11 }),
    ]);
    const byKeyword = await t.call(recruitmentWaitAuditList, { keyword: '待审考' }, { token: t.admin });
    expect(byKeyword.data.list.map((r) => r.applicationId)).toEqual([id]);
  });
});

describe('resubmission', () => {
  it('a returned application goes back to 10 with every sign-up task pending again, its history kept', async () => {
    const id = await applyOne('复审退回');
    const [first, second] = await signUpTasks(id);
    await decide(t.shenhe, first!, true);
    expect(await decide(t.admin, second!, false, '照片不清晰')).toBe(12);
    const [app] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, id));
    const talentInfo = resume({ realName: '复审退回', identityNo: app!.identityNo, phone: app!.phone, education: '硕士' });
    expect((await t.call(resubmitApplication, { applicationId: id, talentInfo })).data).toEqual({ applicationId: id, status: 10 });

    const after = await tasksOf(id);
    expect(after.stages[0]!.steps.map((s) => [s.taskId, s.status, s.verifiedAt, s.remarks])).toEqual([
      [first, 0, null, ''],
      [second, 0, null, ''],
    ]);
    expect(after.history.map((h) => [h.fromStatus, h.toStatus, h.actorName, h.remarks])).toEqual([
      [null, 10, '考生', '考生报名'],
      [10, 11, names.shenhe, ''],
      [11, 12, names.admin, '照片不清晰'],
      [12, 10, '考生', '考生修改简历后重新提交'],
    ]);
    const view = (await t.call(candidateDetail, { id }, { token: t.shenhe })).data;
    expect(view.sections.flatMap((s) => s.fields).find((f) => f.code === 'education')?.value).toBe('硕士');
    // The review starts over from the first item.
    expect((await t.call(recruitmentWaitAuditList, { keyword: '复审退回' }, { token: t.shenhe })).data.list.map((r) => r.taskId)).toEqual([first]);
  });

  it('a final rejection (13) cannot be resubmitted', async () => {
    const id = await applyOne('不可修改');
    await decide(t.shenhe, (await signUpTasks(id))[0]!, false, '身份证明材料与本人不符', 13);
    const [app] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, id));
    const talentInfo = resume({ realName: '不可修改', identityNo: app!.identityNo, phone: app!.phone });
    await refusedUnchanged(() => t.call(resubmitApplication, { applicationId: id, talentInfo }), 409, '该报名当前不能修改后重新提交');
    // Nor an application still in review.
    const inReview = await applyOne('审核中重交');
    const [row] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, inReview));
    await refusedUnchanged(
      () => t.call(resubmitApplication, { applicationId: inReview, talentInfo: resume({ realName: '审核中重交', identityNo: row!.identityNo, phone: row!.phone }) }),
      409,
      '该报名当前不能修改后重新提交',
    );
  });
});

/** How many applications a batch pass by `filter` would take for the caller. */
const countOf = async (token: string, filter: CandidatePassFilter) => (await t.call(candidatePassCount, { filter }, { token })).data.total;

describe('select all across pages: batch pass by filter, and 下一位 (afterId)', () => {
  let all: Awaited<ReturnType<typeof planWith>>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    all = await planWith('全选计划', {
      1: [
        { workItem: '初审', kind: 'verify', assigneeId: t.shenheId },
        { workItem: '复审', kind: 'verify', assigneeId: t.adminId },
      ],
    });
    const [post0, post1] = all.posts;
    for (const [name, post] of [['全选甲', post0], ['全选乙', post0], ['全选丙', post1], ['别人丁', post0], ['全选戊', post0], ['全选己', post0]] as const) {
      ids[name] = await applyOne(name, post!.id);
    }
    await decide(t.shenhe, (await signUpTasks(ids['全选戊']!))[0]!, true); // now admin's 复审
    await decide(t.shenhe, (await signUpTasks(ids['全选己']!))[0]!, false); // returned (12)
    ids['全选庚'] = await applyOne('全选庚'); // the other plan's
  });

  it('takes only the applications the filter finds, of the company, whose task the caller can decide now', async () => {
    const planId = all.plan.id;
    expect(await countOf(t.shenhe, { planId, realName: '全选' })).toBe(3);
    expect(await countOf(t.shenhe, { planId, realName: '全选', recruitmentId: all.posts[0]!.id })).toBe(2);
    expect(await countOf(t.admin, { planId, realName: '全选' })).toBe(1); // 全选戊's 复审
    expect(await countOf(t.shenhe, { planId, status: 12 })).toBe(0);
    expect(await countOf(t.shenhe, { keyword: '全选' })).toBe(4); // 待审核's filter: every plan of the company

    const untouched = async () => Promise.all(['全选丙', '别人丁', '全选戊', '全选己', '全选庚'].map(async (name) => [await statusOf(ids[name]!), await historyOf(ids[name]!)]));
    const before = await untouched();
    const res = await t.call(updateCandidatePass, { filter: { planId, realName: '全选', recruitmentId: all.posts[0]!.id }, remarks: '全选通过' }, { token: t.shenhe });
    expect(res.data).toEqual({ passed: 2, refused: [] });
    expect([await statusOf(ids['全选甲']!), await statusOf(ids['全选乙']!)]).toEqual([11, 11]);
    expect((await historyOf(ids['全选甲']!)).map((h) => [h.toStatus, h.actorId, h.remarks])).toEqual([
      [10, null, '考生报名'],
      [11, t.shenheId, '全选通过'],
    ]);
    expect(await untouched()).toEqual(before);
    expect(await countOf(t.shenhe, { planId, realName: '全选' })).toBe(1);

    // 待审核's keyword across plans; company 2's applications are never found.
    const hospitalBefore = await historyOf(other.applicationId);
    expect(await countOf(t.shenhe, { keyword: '他院' })).toBe(0);
    expect((await t.call(updateCandidatePass, { filter: { keyword: '他院' } }, { token: t.shenhe })).data).toEqual({ passed: 0, refused: [] });
    expect((await t.call(updateCandidatePass, { filter: { keyword: '全选' } }, { token: t.shenhe })).data).toEqual({ passed: 2, refused: [] });
    expect([await statusOf(ids['全选丙']!), await statusOf(ids['全选庚']!), await statusOf(ids['别人丁']!)]).toEqual([11, 11, 10]);
    expect(await historyOf(other.applicationId)).toEqual(hospitalBefore);

    // Another company's plan is missing; nothing is written.
    await refusedUnchanged(() => t.call(updateCandidatePass, { filter: { planId: other.plan.plan.id } }, { token: t.shenhe }), 404, '招录计划不存在');
    await refusedUnchanged(() => t.call(candidatePassCount, { filter: { planId: other.plan.plan.id } }, { token: t.shenhe }), 404, '招录计划不存在');
    await refusedUnchanged(() => t.call(candidatePassCount, { filter: {} }, { token: clerk }), 403, NO_PERMISSION);
  });

  it('bad input is refused with its message and writes nothing', async () => {
    for (const [call, payload, msg] of [
      ['updateCandidatePass', { ids: [1], filter: {} }, '请选择报名人员'],
      ['updateCandidatePass', { filter: 'all' }, '筛选条件不正确'],
      ['updateCandidatePass', { filter: { status: 14 } }, '报名状态不正确'],
      ['updateCandidatePass', { filter: { planId: 'abc' } }, '招录计划编号必须是数字'],
      ['updateCandidatePass', { filter: { keyword: '字'.repeat(31) } }, '关键词最长 30 个字'],
      ['candidatePassCount', {}, '筛选条件不正确'],
      ['candidatePassCount', { filter: { realName: 5 } }, '姓名必须是文字'],
      ['getCompanyRecruitmentAuditList', { planId: all.plan.id, afterId: 'abc' }, '报名记录编号必须是数字'],
      ['recruitmentWaitAuditList', { afterId: 0 }, '报名记录编号必须是正数'],
    ] as const) {
      await refusedUnchanged(() => t.post(`/api/recruitment/${call}`, t.shenhe, payload), 400, msg);
    }
  });

  it('afterId: the rest of the list after an application, in the same order and with the same filters', async () => {
    const planId = all.plan.id;
    const audit = async (afterId?: number) =>
      (await t.call(getCompanyRecruitmentAuditList, { planId, realName: '全选', afterId, pageSize: 50 }, { token: t.shenhe })).data.list.map((r) => r.id);
    const whole = await audit();
    expect(whole.length).toBe(5);
    expect(await audit(whole[0])).toEqual(whole.slice(1));
    expect(await audit(whole[3])).toEqual(whole.slice(4));
    expect(await audit(whole[4])).toEqual([]);

    const fresh = [await applyOne('下一位甲', all.posts[0]!.id), await applyOne('下一位乙', all.posts[1]!.id), await applyOne('下一位丙', all.posts[0]!.id)];
    const wait = async (afterId?: number) =>
      (await t.call(recruitmentWaitAuditList, { planId, keyword: '下一位', afterId, pageSize: 1 }, { token: t.shenhe })).data;
    expect((await wait()).list.map((r) => r.applicationId)).toEqual([fresh[0]]);
    expect(await wait(fresh[0])).toEqual({ total: 2, list: [expect.objectContaining({ applicationId: fresh[1] })] });
    // Decided meanwhile, the first has left the list; the one after it is still the next.
    await decide(t.shenhe, (await signUpTasks(fresh[0]!))[0]!, true);
    expect((await wait(fresh[0])).list.map((r) => r.applicationId)).toEqual([fresh[1]]);
    expect((await wait(fresh[2])).list).toEqual([]);
  });
});
