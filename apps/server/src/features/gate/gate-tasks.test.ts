import {
  type ApplicationStatus, GATE_DECIDED_BY_TASKS, GATE_FAIL_REASON_REQUIRED, GATE_TASK_ELSEWHERE, TASK_STATUS,
  confirmGateList, decideGate, decideGateTasks, gateApplicationList, gateSummary, gateVacancyList,
  homeOverview, judgeWorkflow, previewSubstitute, saveWorkflow, submitAudit, substituteGate,
  workflowGateNotChosenMessage,
} from '@zhaokao/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applicationHistory, applicationStage, applicationTask, candidateApplication, gateRecord, gateVacancy,
  recruitmentPlan, staffUser, workflowItem,
} from '../../db/tables.js';
import { expectError, staffWith, useTestApp } from '../../test/app.js';
import { insertScoredExamPlan } from '../../test/exam.js';
import { MOVE_REFUSED, TASK_DECIDED, TASK_MISSING, TASK_NOT_YET, TASK_NOT_YOURS, transition } from '../pipeline/index.js';

/**
 * A gate's work items (招录工作安排 at 体检): tasks made when candidates enter the gate (确认名单, 递补), decided item
 * by item by their assignees; the last pass is 合格, a failure 不合格 at once, 放弃 stays direct and closes the tasks.
 */

const t = useTestApp();
type Plan = Awaited<ReturnType<typeof insertScoredExamPlan>>;
let plan: Plan;
/** c[0]–c[2] passed the interview (34, composite 90 / 85 / 80); c[3], c[4] did not (33, 75 / 70): 递补's candidates. */
let c: Plan['applications'];
/** 体检核验 (first item, 李医生) and 体检结论 (second item, admin). */
let items: [number, number];
let doctor: string;
let doctorId: number;

/** What a gate decision may write: statuses, history, tasks, gate records, vacancies. */
const snapshot = async () => ({
  statuses: await t.db.select({ id: candidateApplication.id, status: candidateApplication.status }).from(candidateApplication).orderBy(asc(candidateApplication.id)),
  history: await t.db.select().from(applicationHistory).orderBy(asc(applicationHistory.id)),
  tasks: await t.db.select().from(applicationTask).orderBy(asc(applicationTask.id)),
  records: await t.db.select().from(gateRecord).orderBy(asc(gateRecord.applicationId), asc(gateRecord.stage)),
  vacancies: await t.db.select().from(gateVacancy).orderBy(asc(gateVacancy.id)),
  items: await t.db.select().from(workflowItem).orderBy(asc(workflowItem.id)),
});

async function expectRefused(call: () => Promise<Parameters<typeof expectError>[0]>, code: number, msg: string) {
  const before = await snapshot();
  expectError(await call(), code, msg);
  expect(await snapshot()).toEqual(before);
}

/** The application's task of work item `item` (undefined when it has none). */
async function taskOf(applicationId: number, item: number) {
  const [task] = await t.db
    .select()
    .from(applicationTask)
    .where(and(eq(applicationTask.applicationId, applicationId), eq(applicationTask.workflowItemId, item)));
  return task;
}

const statusOf = async (id: number) =>
  (await t.db.select({ status: candidateApplication.status }).from(candidateApplication).where(eq(candidateApplication.id, id)))[0]!.status;

const decide = (taskIds: number[], result: 'passed' | 'failed', token: string, reason = '') =>
  t.call(decideGateTasks, { gate: 5, taskIds, result, reason }, { token });

const listOf = async (token: string) => {
  const res = await t.call(gateApplicationList, { gate: 5, planId: plan.plan.id, pageNum: 1, pageSize: 20 }, { token });
  expect(res.code).toBe(200);
  return new Map(res.data.list.map((r) => [r.id, r]));
};

beforeAll(async () => {
  plan = await insertScoredExamPlan(t, {
    name: '体检工作安排计划',
    posts: [{ jobVacancy: '教师', places: 3, candidates: 5 }],
    interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
  });
  await t.db.update(recruitmentPlan).set({ gates: [5, 7], compositeWeight: '0.500' }).where(eq(recruitmentPlan.id, plan.plan.id));
  c = plan.applications;
  const standings: [ApplicationStatus, string][] = [
    [34, '90.00'],
    [34, '85.00'],
    [34, '80.00'],
    [33, '75.00'],
    [33, '70.00'],
  ];
  for (const [i, [status, score]] of standings.entries()) {
    const a = c[i]!;
    await t.db.update(candidateApplication).set({ status, writtenGrade: score, auditionGrade: score }).where(eq(candidateApplication.id, a.id));
    for (const stage of [2, 3] as const) {
      await t.db
        .insert(applicationStage)
        .values({ companyId: t.company1, applicationId: a.id, stage, planId: plan.plan.id, recruitmentId: a.recruitmentId })
        .onConflictDoNothing();
    }
  }
  doctor = await staffWith(t, '体检医生', 'gate_doctor', ['review:audition']);
  const [row] = await t.db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.loginAccount, 'gate_doctor'));
  doctorId = row!.id;
});

describe('招录工作安排 of a gate', () => {
  it('refuses a gate the plan does not run (409) and a score item (400), writing nothing', async () => {
    const verify = [{ workItem: '考察谈话', kind: 'verify', assigneeId: t.adminId }];
    await expectRefused(() => t.call(saveWorkflow, { planId: plan.plan.id, stage: 6, items: verify } as never, { token: t.admin }), 409, workflowGateNotChosenMessage(6));
    await expectRefused(
      () => t.call(saveWorkflow, { planId: plan.plan.id, stage: 5, items: [{ workItem: '打分', kind: 'score', assigneeId: t.adminId }] } as never, { token: t.admin }),
      400,
      '体检环节只能安排审核（√/x）类工作，不能安排成绩录入',
    );
    await expectRefused(
      () => t.call(saveWorkflow, { planId: plan.plan.id, stage: 8, items: verify } as never, { token: t.admin }),
      400,
      '阶段不正确',
    );
  });

  it('saves verify items for a chosen gate, and judgeWorkflow lists the chosen gates (one without items is valid)', async () => {
    const saved = await t.call(
      saveWorkflow,
      {
        planId: plan.plan.id,
        stage: 5,
        items: [
          { workItem: '体检核验', kind: 'verify', assigneeId: doctorId },
          { workItem: '体检结论', kind: 'verify', assigneeId: t.adminId },
        ],
      } as never,
      { token: t.admin },
    );
    expect(saved.code).toBe(200);
    items = saved.data.map((i) => i.id) as [number, number];
    expect(saved.data.map((i) => [i.stage, i.workItem, i.kind])).toEqual([
      [5, '体检核验', 'verify'],
      [5, '体检结论', 'verify'],
    ]);
    const judged = await t.call(judgeWorkflow, { planId: plan.plan.id }, { token: t.admin });
    expect(judged.data.stages.map((s) => s.stage)).toEqual([1, 2, 3, 5, 7]);
    expect(judged.data.stages.filter((s) => s.stage > 3).map((s) => [s.stage, s.stageName, s.itemCount, s.valid, s.message])).toEqual([
      [5, '体检', 2, true, ''],
      [7, '公示', 0, true, ''],
    ]);
  });
});

describe('entering the gate', () => {
  it('确认名单 creates one pending task per work item for each candidate entering', async () => {
    expect((await t.call(confirmGateList, { gate: 5, planId: plan.plan.id }, { token: t.admin })).data).toEqual({ moved: 3 });
    for (const a of c.slice(0, 3)) {
      for (const item of items) expect(await taskOf(a.id, item)).toMatchObject({ status: TASK_STATUS.pending, verifierId: null });
    }
    for (const a of c.slice(3)) expect(await taskOf(a.id, items[0])).toBeUndefined();
  });

  it('the summary counts the items and the caller’s actionable tasks; 首页 shows them to the assignee only', async () => {
    expect((await t.call(gateSummary, { gate: 5, planId: plan.plan.id }, { token: doctor })).data).toMatchObject({ workItems: 2, myActionable: 3 });
    expect((await t.call(gateSummary, { gate: 5, planId: plan.plan.id }, { token: t.admin })).data).toMatchObject({ workItems: 2, myActionable: 0 });
    expect((await t.call(gateSummary, { gate: 7, planId: plan.plan.id }, { token: t.admin })).data).toMatchObject({ workItems: 0, myActionable: 0 });
    const card = async (token: string) =>
      (await t.call(homeOverview, {}, { token })).data.waitingForMe.gates.find((g) => g.planId === plan.plan.id && g.stage === 5 && g.step === 'pending');
    expect(await card(doctor)).toMatchObject({ total: 3 });
    expect(await card(t.admin)).toBeUndefined();
  });

  it('the list shows each candidate’s steps (who, 暂无 while pending) and the caller’s actionable task', async () => {
    const forDoctor = await listOf(doctor);
    const first = forDoctor.get(c[0]!.id)!;
    expect(first.steps).toEqual([
      { workItem: '体检核验', verifierName: '体检医生', state: 'pending', verifiedAt: null, remarks: '' },
      { workItem: '体检结论', verifierName: expect.any(String), state: 'pending', verifiedAt: null, remarks: '' },
    ]);
    expect(first.myTaskId).toBe((await taskOf(c[0]!.id, items[0]))!.id);
    for (const row of (await listOf(t.admin)).values()) expect(row.myTaskId).toBeNull();
  });
});

describe('deciding through the tasks', () => {
  it('refuses the direct 合格 / 不合格 where the gate has work items (409), writing nothing', async () => {
    await expectRefused(() => t.call(decideGate, { gate: 5, applicationIds: [c[0]!.id], result: 'passed', reason: '' }, { token: t.admin }), 409, GATE_DECIDED_BY_TASKS);
    await expectRefused(() => t.call(decideGate, { gate: 5, applicationIds: [c[0]!.id], result: 'failed', reason: '不合格' }, { token: t.admin }), 409, GATE_DECIDED_BY_TASKS);
  });

  it('refuses someone else’s task (403), a later item before the earlier passed (409), another company (404), writing nothing', async () => {
    const first = (await taskOf(c[0]!.id, items[0]))!.id;
    const second = (await taskOf(c[0]!.id, items[1]))!.id;
    await expectRefused(() => decide([first], 'passed', t.admin), 403, TASK_NOT_YOURS);
    await expectRefused(() => decide([second], 'passed', doctor), 403, TASK_NOT_YOURS);
    await expectRefused(() => decide([second], 'passed', t.admin), 409, TASK_NOT_YET);
    await expectRefused(() => decide([first], 'passed', t.hospital), 404, TASK_MISSING);
    await expectRefused(() => decide([999999], 'passed', doctor), 404, TASK_MISSING);
    await expectRefused(() => t.call(decideGateTasks, { gate: 7, taskIds: [first], result: 'passed', reason: '' }, { token: doctor }), 404, TASK_MISSING);
    // a batch with one task not the caller's is refused whole
    const other = (await taskOf(c[1]!.id, items[0]))!.id;
    await expectRefused(() => decide([other, second], 'passed', doctor), 403, TASK_NOT_YOURS);
    // not through the sign-up review's call
    await expectRefused(() => t.call(submitAudit, { tastId: second, status: 1, remarks: '' }, { token: t.admin }), 409, GATE_TASK_ELSEWHERE);
    await expectRefused(() => decide([first], 'failed', doctor), 400, GATE_FAIL_REASON_REQUIRED);
    const noPermission = await staffWith(t, '报名审核员', 'gate_signup_only', ['review:signup']);
    await expectRefused(() => decide([first], 'passed', noPermission), 403, '您没有执行该操作的权限');
  });

  it('items are sequential: the first passes (nothing moves), then the last pass is the gate’s 合格', async () => {
    const firsts = [(await taskOf(c[0]!.id, items[0]))!.id, (await taskOf(c[1]!.id, items[0]))!.id];
    expect((await decide(firsts, 'passed', doctor)).data).toEqual({ done: 2, gatePassed: 0, gateFailed: 0, vacancies: 0 });
    expect(await statusOf(c[0]!.id)).toBe(35);
    expect(await taskOf(c[0]!.id, items[0])).toMatchObject({ status: TASK_STATUS.passed, verifierId: doctorId });
    // deciding it again: 409, nothing written
    await expectRefused(() => decide([firsts[0]!], 'passed', doctor), 409, TASK_DECIDED);
    // now the second item is admin's to decide
    const forAdmin = await listOf(t.admin);
    const second = (await taskOf(c[0]!.id, items[1]))!.id;
    expect(forAdmin.get(c[0]!.id)!.myTaskId).toBe(second);
    expect(forAdmin.get(c[0]!.id)!.steps[0]).toMatchObject({ state: 'passed', verifierName: '体检医生', verifiedAt: expect.any(String) });
    expect(forAdmin.get(c[2]!.id)!.myTaskId).toBeNull();
    expect((await t.call(gateSummary, { gate: 5, planId: plan.plan.id }, { token: t.admin })).data.myActionable).toBe(2);

    expect((await decide([second], 'passed', t.admin)).data).toEqual({ done: 1, gatePassed: 1, gateFailed: 0, vacancies: 0 });
    expect(await statusOf(c[0]!.id)).toBe(36);
    const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, c[0]!.id)).orderBy(asc(applicationHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: 35, toStatus: 36, actorId: t.adminId, remarks: '体检：合格' });
    const [record] = await t.db.select().from(gateRecord).where(and(eq(gateRecord.applicationId, c[0]!.id), eq(gateRecord.stage, 5)));
    expect(record).toMatchObject({ decidedBy: t.adminId, reason: '' });
    // a candidate no longer at the gate: nothing to decide
    await expectRefused(() => decide([second], 'passed', t.admin), 409, TASK_DECIDED);
  });

  it('a failure is the gate’s 不合格 at once (reason required): later tasks closed, a vacancy opened', async () => {
    const first = (await taskOf(c[2]!.id, items[0]))!.id;
    expect((await decide([first], 'failed', doctor, '血压不合格')).data).toEqual({ done: 1, gatePassed: 0, gateFailed: 1, vacancies: 1 });
    expect(await statusOf(c[2]!.id)).toBe(37);
    expect(await taskOf(c[2]!.id, items[0])).toMatchObject({ status: TASK_STATUS.failed, remarks: '血压不合格', verifierId: doctorId });
    expect(await taskOf(c[2]!.id, items[1])).toBeUndefined();
    const row = (await listOf(t.admin)).get(c[2]!.id)!;
    expect(row).toMatchObject({ result: 'failed', reason: '血压不合格', myTaskId: null });
    expect(row.steps.map((s) => s.state)).toEqual(['failed', 'closed']);
    expect(await t.db.select().from(gateVacancy).where(eq(gateVacancy.leftApplicationId, c[2]!.id))).toHaveLength(1);
  });

  it('放弃 stays a direct decision by permitted staff and closes the open tasks', async () => {
    expect((await t.call(decideGate, { gate: 5, applicationIds: [c[1]!.id], result: 'withdrew', reason: '本人放弃' }, { token: t.admin })).data).toEqual({
      done: 1,
      vacancies: 1,
    });
    expect(await statusOf(c[1]!.id)).toBe(38);
    expect(await taskOf(c[1]!.id, items[0])).toMatchObject({ status: TASK_STATUS.passed });
    expect(await taskOf(c[1]!.id, items[1])).toBeUndefined();
    expect((await listOf(t.admin)).get(c[1]!.id)!.steps.map((s) => s.state)).toEqual(['passed', 'closed']);
  });

  it('递补 into the gate creates the substitute’s tasks, as 确认名单 does', async () => {
    const vacancies = (await t.call(gateVacancyList, { gate: 5, planId: plan.plan.id }, { token: t.admin })).data;
    const open = vacancies.find((v) => v.filledByName === null)!;
    const proposal = (await t.call(previewSubstitute, { vacancyId: open.id }, { token: t.admin })).data;
    expect(proposal.candidate?.applicationId).toBe(c[3]!.id);
    expect((await t.call(substituteGate, { vacancyId: open.id, applicationId: c[3]!.id }, { token: t.admin })).code).toBe(200);
    expect(await statusOf(c[3]!.id)).toBe(35);
    for (const item of items) expect(await taskOf(c[3]!.id, item)).toMatchObject({ status: TASK_STATUS.pending });
    expect((await listOf(doctor)).get(c[3]!.id)!.myTaskId).toBe((await taskOf(c[3]!.id, items[0]))!.id);
  });

  it('a gate’s items cannot be removed once candidates have tasks of them (409, nothing written)', async () => {
    await expectRefused(() => t.call(saveWorkflow, { planId: plan.plan.id, stage: 5, items: [] } as never, { token: t.admin }), 409, '已有报名在办理“体检核验”，不能删除这项工作');
    expect(await t.db.select().from(workflowItem).where(inArray(workflowItem.id, items))).toHaveLength(2);
  });

  it('a gate’s list may be emptied while no task refers to it (decided directly again)', async () => {
    const one = await t.call(saveWorkflow, { planId: plan.plan.id, stage: 7, items: [{ workItem: '公示核对', kind: 'verify', assigneeId: t.adminId }] } as never, { token: t.admin });
    expect(one.code).toBe(200);
    const emptied = await t.call(saveWorkflow, { planId: plan.plan.id, stage: 7, items: [] } as never, { token: t.admin });
    expect(emptied).toMatchObject({ code: 200, data: [] });
  });
});

describe('a gate without work items', () => {
  it('keeps the direct decision, and its list shows no steps', async () => {
    // 公示 has no items: c[0] (体检 passed) enters and is decided directly (not before the period: 409).
    expect((await t.call(confirmGateList, { gate: 7, planId: plan.plan.id }, { token: t.admin })).data).toEqual({ moved: 1 });
    expect(await taskOf(c[0]!.id, items[0])).toMatchObject({ status: TASK_STATUS.passed });
    const list = await t.call(gateApplicationList, { gate: 7, planId: plan.plan.id, pageNum: 1, pageSize: 10 }, { token: t.admin });
    expect(list.data.list.map((r) => [r.id, r.steps, r.myTaskId])).toEqual([[c[0]!.id, [], null]]);
    const withdrew = await t.call(decideGate, { gate: 7, applicationIds: [c[0]!.id], result: 'withdrew', reason: '另有他就' }, { token: t.admin });
    expect(withdrew.data).toEqual({ done: 1, vacancies: 1 });
    await expectRefused(() => t.call(decideGate, { gate: 7, applicationIds: [c[0]!.id], result: 'passed', reason: '' }, { token: t.admin }), 409, MOVE_REFUSED);
  });
});

describe('公示 with work items', () => {
  it('its last item’s pass is 聘用, refused before the period ends (409, nothing written)', async () => {
    const publicity = await insertScoredExamPlan(t, { name: '公示工作安排计划', posts: [{ jobVacancy: '会计', places: 2, candidates: 2 }] });
    await t.db.update(recruitmentPlan).set({ gates: [7], publicityDays: 7 }).where(eq(recruitmentPlan.id, publicity.plan.id));
    const saved = await t.call(saveWorkflow, { planId: publicity.plan.id, stage: 7, items: [{ workItem: '公示结果确认', kind: 'verify', assigneeId: t.adminId }] } as never, {
      token: t.admin,
    });
    expect(saved.code).toBe(200);
    const item = saved.data[0]!.id;
    const [early, late] = publicity.applications;
    for (const [a, daysAgo] of [
      [early!, 1],
      [late!, 8],
    ] as const) {
      await t.db.update(candidateApplication).set({ status: 34 }).where(eq(candidateApplication.id, a.id));
      await t.db.transaction((tx) => transition(tx, { application: { id: a.id, companyId: t.company1, planId: publicity.plan.id, status: 34 }, to: 45, actorId: t.adminId, remarks: '公示名单确认' }));
      await t.db.insert(gateRecord).values({ companyId: t.company1, applicationId: a.id, stage: 7, enteredAt: new Date(Date.now() - daysAgo * 86_400_000) });
    }
    const earlyTask = (await taskOf(early!.id, item))!.id;
    const lateTask = (await taskOf(late!.id, item))!.id;
    const before = await snapshot();
    const refused = await t.call(decideGateTasks, { gate: 7, taskIds: [lateTask, earlyTask], result: 'passed', reason: '' }, { token: t.admin });
    expect(refused.code).toBe(409);
    expect(refused.msg).toContain(`${early!.realName}的公示期至`);
    expect(await snapshot()).toEqual(before);
    expect((await t.call(decideGateTasks, { gate: 7, taskIds: [lateTask], result: 'passed', reason: '' }, { token: t.admin })).data).toMatchObject({ gatePassed: 1 });
    expect(await statusOf(late!.id)).toBe(46);
  });
});
