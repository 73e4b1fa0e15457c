// runs on PostgreSQL too: one workflow saved by calls at once
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationTask, recruitmentInfo, recruitmentPlan, staffUser, sysOrg, sysRole, workflowItem } from '../../db/tables.js';
import { atOnce, expectError, expectOthersNotFound, expectRefusedUnchanged, snapshotOf, useTestApp } from '../../test/app.js';
import { insertApplication } from '../../test/recruitment.js';

const t = useTestApp();
/** 张强 (company 1, department 考务组), 赵停 (company 1, disabled). */
let zhangId: number;
let stoppedId: number;
let planA: number;
let planB: number;
let theirPlan: number;

const dates = {
  signUpStartDate: new Date('2026-12-01T00:00:00Z'),
  signUpEndDate: new Date('2026-12-10T00:00:00Z'),
  writtenStartDate: new Date('2026-12-20T00:00:00Z'),
  auditionStartDate: new Date('2027-01-05T00:00:00Z'),
};

beforeAll(async () => {
  const users = await t.db.select().from(staffUser);
  const user = (loginAccount: string) => users.find((u) => u.loginAccount === loginAccount)!;
  const [dept] = await t.db.insert(sysOrg).values({ companyId: t.company1, name: '考务组' }).returning();
  const added = await t.db
    .insert(staffUser)
    .values([
      { companyId: t.company1, roleId: user('shenhe').roleId, departmentId: dept!.id, loginAccount: 'zhangqiang', passwordHash: 'x', name: '张强' },
      { companyId: t.company1, roleId: user('shenhe').roleId, loginAccount: 'zhaoting', passwordHash: 'x', name: '赵停', enabled: false },
    ])
    .returning();
  [zhangId, stoppedId] = added.map((u) => u.id) as [number, number];
  const plans = await t.db
    .insert(recruitmentPlan)
    .values([
      { companyId: t.company1, name: '2026 年公开招聘', ...dates },
      { companyId: t.company1, name: '2027 年春季招聘', ...dates },
      { companyId: t.company2, name: '医院护理岗招聘', ...dates },
    ])
    .returning();
  [planA, planB, theirPlan] = plans.map((p) => p.id) as [number, number, number];
});

const list = (token: string, payload: object) => t.post('/api/recruitment/workflow/list', token, payload);
const save = (token: string, payload: object) => t.post('/api/recruitment/workflow/save', token, payload);
const judge = (token: string, payload: object) => t.post('/api/recruitment/judgeWorkflow', token, payload);
const staffOptions = (token: string) => t.post('/api/recruitment/workflow/staffOptions', token);

const FORBIDDEN = '您没有执行该操作的权限';

const stored = async (planId: number, stage?: number) =>
  (await t.db.select().from(workflowItem).orderBy(asc(workflowItem.stage), asc(workflowItem.sort)))
    .filter((r) => r.planId === planId && (stage === undefined || r.stage === stage))
    .map((row) => {
      const { id: _, examinerName: __, examinerUnit: ___, ...rest } = row;
      return rest;
    });
const snapshot = snapshotOf(t, { items: workflowItem, tasks: applicationTask, staff: staffUser, plans: recruitmentPlan });
const expectRefused = (call: () => ReturnType<typeof t.post>, status: number, msg: string) =>
  expectRefusedUnchanged(snapshot, call, status, msg);
const item = (workItem: string, kind: 'verify' | 'score', assigneeId: number, id?: number) => ({ id, workItem, kind, assigneeId });

describe('workflow/staffOptions', () => {
  it("answers the company's enabled staff with their departments", async () => {
    expect((await staffOptions(t.shenhe)).json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: [
        { id: t.adminId, name: '王敏', departmentName: '', permissions: expect.arrayContaining(['plan:edit', 'review:signup', 'score:entry']) },
        { id: t.shenheId, name: '李娜', departmentName: '', permissions: ['review:signup', 'review:written', 'review:audition', 'score:entry', 'talent:view'] },
        { id: zhangId, name: '张强', departmentName: '考务组', permissions: ['review:signup', 'review:written', 'review:audition', 'score:entry', 'talent:view'] },
      ],
    });
    expect((await staffOptions(t.hospital)).json().data).toEqual([{ id: t.hospitalId, name: '陈静', departmentName: '', permissions: expect.any(Array) }]);
  });
});

let signUp1: number;
let signUp2: number;
let writtenScore: number;

describe('workflow/save', () => {
  it('saves the sign-up review list in the order given', async () => {
    const res = await save(t.admin, {
      planId: planA,
      stage: 1,
      items: [item(' 初审 ', 'verify', t.shenheId), item('复审', 'verify', t.adminId)],
    });
    expect(res.json()).toEqual({
      code: 200,
      msg: '保存成功',
      data: [
        { id: expect.any(Number), planId: planA, stage: 1, sort: 10, workItem: '初审', kind: 'verify', markStatus: 0, assigneeId: t.shenheId, assigneeName: '李娜', assigneeEnabled: true, examinerName: '', examinerUnit: '' },
        { id: expect.any(Number), planId: planA, stage: 1, sort: 20, workItem: '复审', kind: 'verify', markStatus: 0, assigneeId: t.adminId, assigneeName: '王敏', assigneeEnabled: true, examinerName: '', examinerUnit: '' },
      ],
    });
    [signUp1, signUp2] = res.json().data.map((r: { id: number }) => r.id);
    expect(await stored(planA)).toEqual([
      { companyId: t.company1, planId: planA, stage: 1, sort: 10, workItem: '初审', kind: 'verify', assigneeId: t.shenheId },
      { companyId: t.company1, planId: planA, stage: 1, sort: 20, workItem: '复审', kind: 'verify', assigneeId: t.adminId },
    ]);
  });

  it('saves the written and interview lists, each with one score item', async () => {
    const written = await save(t.admin, {
      planId: planA,
      stage: 2,
      items: [item('核对准考证', 'verify', zhangId), item('笔试成绩录入', 'score', t.shenheId)],
    });
    expect(written.json()).toMatchObject({ code: 200, msg: '保存成功' });
    writtenScore = written.json().data[1].id;
    expect(written.json().data[1]).toEqual({
      id: writtenScore, planId: planA, stage: 2, sort: 20, workItem: '笔试成绩录入', kind: 'score', markStatus: 3,
      assigneeId: t.shenheId, assigneeName: '李娜', assigneeEnabled: true, examinerName: '', examinerUnit: '',
    });
    expect((await save(t.admin, { planId: planA, stage: '3', items: [item('面试评分', 'score', t.adminId)] })).json().code).toBe(200);
    expect(await stored(planA, 2)).toEqual([
      { companyId: t.company1, planId: planA, stage: 2, sort: 10, workItem: '核对准考证', kind: 'verify', assigneeId: zhangId },
      { companyId: t.company1, planId: planA, stage: 2, sort: 20, workItem: '笔试成绩录入', kind: 'score', assigneeId: t.shenheId },
    ]);
    expect(await stored(planA, 3)).toEqual([
      { companyId: t.company1, planId: planA, stage: 3, sort: 10, workItem: '面试评分', kind: 'score', assigneeId: t.adminId },
    ]);
    // Other stages are untouched.
    expect(await stored(planA, 1)).toHaveLength(2);
  });

  it('replaces a stage: kept items keep their ids, new ones are added, missing ones removed', async () => {
    const res = await save(t.admin, {
      planId: planA,
      stage: 1,
      items: [item('终审', 'verify', zhangId), item('复审（改）', 'verify', t.shenheId, signUp2)],
    });
    expect(res.json()).toMatchObject({ code: 200, msg: '保存成功' });
    const rows = res.json().data as { id: number }[];
    expect(rows[1]!.id).toBe(signUp2);
    expect(rows[0]!.id).not.toBe(signUp1);
    expect(await t.db.select().from(workflowItem).where(eq(workflowItem.id, signUp1))).toEqual([]);
    expect(await stored(planA, 1)).toEqual([
      { companyId: t.company1, planId: planA, stage: 1, sort: 10, workItem: '终审', kind: 'verify', assigneeId: zhangId },
      { companyId: t.company1, planId: planA, stage: 1, sort: 20, workItem: '复审（改）', kind: 'verify', assigneeId: t.shenheId },
    ]);
    signUp1 = rows[0]!.id;
  });

  const many = Array.from({ length: 21 }, (_, i) => item(`审核${i + 1}`, 'verify', t.adminId));
  const badInputs: [string, () => object, string][] = [
    ['no plan', () => ({ stage: 1, items: [item('初审', 'verify', t.adminId)] }), '招录计划编号必须是数字'],
    ['a plan id of 0', () => ({ planId: 0, stage: 1, items: [item('初审', 'verify', t.adminId)] }), '招录计划编号必须是正数'],
    ['no stage', () => ({ planId: planA, items: [item('初审', 'verify', t.adminId)] }), '阶段不正确'],
    ['a stage of 8', () => ({ planId: planA, stage: 8, items: [item('初审', 'verify', t.adminId)] }), '阶段不正确'],
    ['a stage that is text', () => ({ planId: planA, stage: '笔试', items: [item('初审', 'verify', t.adminId)] }), '阶段不正确'],
    ['no items', () => ({ planId: planA, stage: 1 }), '请至少安排一项工作'],
    ['items that are not a list', () => ({ planId: planA, stage: 1, items: '初审' }), '请至少安排一项工作'],
    ['an empty list', () => ({ planId: planA, stage: 1, items: [] }), '请至少安排一项工作'],
    ['21 items', () => ({ planId: planA, stage: 1, items: many }), '每个阶段最多安排 20 项工作'],
    ['a blank work item name', () => ({ planId: planA, stage: 1, items: [item('  ', 'verify', t.adminId)] }), '请输入工作事项名称'],
    ['no work item name', () => ({ planId: planA, stage: 1, items: [{ kind: 'verify', assigneeId: t.adminId }] }), '请输入工作事项名称'],
    ['a name of 31 characters', () => ({ planId: planA, stage: 1, items: [item('审'.repeat(31), 'verify', t.adminId)] }), '工作事项名称最长 30 个字'],
    ['an unknown kind', () => ({ planId: planA, stage: 1, items: [{ workItem: '初审', kind: 'approve', assigneeId: t.adminId }] }), '请选择工作类型'],
    ['no assignee', () => ({ planId: planA, stage: 1, items: [{ workItem: '初审', kind: 'verify' }] }), '工作人员编号必须是数字'],
    ['an item id that is not a number', () => ({ planId: planA, stage: 1, items: [item('初审', 'verify', t.adminId, 'x' as never)] }), '工作事项编号必须是数字'],
    ['a score item in sign-up review', () => ({ planId: planA, stage: 1, items: [item('初审', 'verify', t.adminId), item('打分', 'score', t.adminId)] }), '报名资格审核只能安排审核（√/x）类工作，不能安排成绩录入'],
    ['a written stage without a score item', () => ({ planId: planA, stage: 2, items: [item('核对', 'verify', t.adminId)] }), '笔试阶段需要安排一项成绩录入工作'],
    ['a written stage with two score items', () => ({ planId: planA, stage: 2, items: [item('评分一', 'score', t.adminId), item('评分二', 'score', t.shenheId)] }), '笔试阶段只能安排一项成绩录入工作'],
    ['a repeated work item name', () => ({ planId: planA, stage: 1, items: [item('初审', 'verify', t.adminId), item(' 初审', 'verify', t.shenheId)] }), '工作事项“初审”重复，请换一个名称'],
    ['the same item twice', () => ({ planId: planA, stage: 1, items: [item('一', 'verify', t.adminId, signUp2), item('二', 'verify', t.adminId, signUp2)] }), '同一工作事项不能出现两次'],
    ['an item of another stage', () => ({ planId: planA, stage: 1, items: [item('初审', 'verify', t.adminId, writtenScore)] }), '工作事项不存在'],
    ['an item of another plan', () => ({ planId: planB, stage: 1, items: [item('初审', 'verify', t.adminId, signUp2)] }), '工作事项不存在'],
    ['an unknown assignee', () => ({ planId: planA, stage: 1, items: [item('初审', 'verify', 999999)] }), '工作人员不存在'],
    ["another company's staff member", () => ({ planId: planA, stage: 1, items: [item('初审', 'verify', t.hospitalId)] }), '工作人员不存在'],
    ['a disabled staff member', () => ({ planId: planA, stage: 1, items: [item('初审', 'verify', stoppedId)] }), '工作人员“赵停”已停用，请另选他人'],
  ];
  for (const [what, payload, msg] of badInputs) {
    it(`refuses ${what} with “${msg}” and changes nothing`, async () => {
      await expectRefused(() => save(t.admin, payload()), 400, msg);
    });
  }

  it("answers 404 for another company's plan or an unknown one", async () => {
    await expectRefused(() => save(t.admin, { planId: theirPlan, stage: 1, items: [item('初审', 'verify', t.adminId)] }), 404, '招录计划不存在');
    await expectRefused(() => save(t.hospital, { planId: planA, stage: 1, items: [item('初审', 'verify', t.hospitalId)] }), 404, '招录计划不存在');
    await expectRefused(() => save(t.admin, { planId: 999999, stage: 1, items: [item('初审', 'verify', t.adminId)] }), 404, '招录计划不存在');
  });

  it('keeps exactly the items of one save when the same stage is saved many times at once', async () => {
    const [plan] = await t.db.insert(recruitmentPlan).values({ companyId: t.company1, name: '并发保存计划', ...dates }).returning();
    const payload = { planId: plan!.id, stage: 1, items: [item('初审', 'verify', t.shenheId), item('复审', 'verify', t.adminId)] };
    // open enough database connections first, so that the saves really run side by side
    await atOnce(20, () => list(t.admin, { planId: plan!.id }));
    const answers = await atOnce(20, () => save(t.admin, payload));
    for (const res of answers) {
      expect(res.json()).toMatchObject({ code: 200, msg: '保存成功' });
      expect(res.json().data.map((r: { workItem: string }) => r.workItem)).toEqual(['初审', '复审']);
    }
    expect(await stored(plan!.id)).toEqual([
      { companyId: t.company1, planId: plan!.id, stage: 1, sort: 10, workItem: '初审', kind: 'verify', assigneeId: t.shenheId },
      { companyId: t.company1, planId: plan!.id, stage: 1, sort: 20, workItem: '复审', kind: 'verify', assigneeId: t.adminId },
    ]);
  });

  it('refuses a user without plan:edit with 403 and changes nothing', async () => {
    await expectRefused(() => save(t.shenhe, { planId: planA, stage: 1, items: [item('初审', 'verify', t.shenheId)] }), 403, FORBIDDEN);
  });

  it('refuses to remove an item applications already have tasks of, but lets it be edited and others be added', async () => {
    const [job] = await t.db.insert(recruitmentInfo).values({ companyId: t.company1, planId: planA, jobVacancy: '会计', places: 1 }).returning();
    const application = await insertApplication(
      t.db,
      { companyId: t.company1, planId: planA, recruitmentId: job!.id, realName: '张晓雯' },
      { identityNo: '430104199805041526', sex: '2', birthday: '1998-05-04' },
    );
    await t.db.insert(applicationTask).values({ companyId: t.company1, applicationId: application.id, workflowItemId: signUp1 });
    await expectRefused(
      () => save(t.admin, { planId: planA, stage: 1, items: [item('复审（改）', 'verify', t.shenheId, signUp2)] }),
      409,
      '已有报名在办理“终审”，不能删除这项工作',
    );
    const res = await save(t.admin, {
      planId: planA,
      stage: 1,
      items: [item('复审', 'verify', t.shenheId, signUp2), item('终审', 'verify', t.adminId, signUp1), item('补充审核', 'verify', zhangId)],
    });
    expect(res.json()).toMatchObject({ code: 200, msg: '保存成功' });
    expect(res.json().data.map((r: { id: number }) => r.id).slice(0, 2)).toEqual([signUp2, signUp1]);
    expect(await stored(planA, 1)).toEqual([
      { companyId: t.company1, planId: planA, stage: 1, sort: 10, workItem: '复审', kind: 'verify', assigneeId: t.shenheId },
      { companyId: t.company1, planId: planA, stage: 1, sort: 20, workItem: '终审', kind: 'verify', assigneeId: t.adminId },
      { companyId: t.company1, planId: planA, stage: 1, sort: 30, workItem: '补充审核', kind: 'verify', assigneeId: zhangId },
    ]);
  });
});

describe('workflow/list', () => {
  it("answers the plan's items by stage and order, or one stage's", async () => {
    const res = await list(t.shenhe, { planId: planA });
    expect(res.json()).toMatchObject({ code: 200, msg: '操作成功' });
    expect(res.json().data.map((r: { stage: number; workItem: string; assigneeName: string }) => [r.stage, r.workItem, r.assigneeName])).toEqual([
      [1, '复审', '李娜'],
      [1, '终审', '王敏'],
      [1, '补充审核', '张强'],
      [2, '核对准考证', '张强'],
      [2, '笔试成绩录入', '李娜'],
      [3, '面试评分', '王敏'],
    ]);
    const written = await list(t.admin, { planId: planA, stage: 2 });
    expect(written.json().data).toEqual(res.json().data.filter((r: { stage: number }) => r.stage === 2));
    expect((await list(t.admin, { planId: planB })).json()).toEqual({ code: 200, msg: '操作成功', data: [] });
  });

  it("answers 404 for another company's plan and 400 for bad input", async () => {
    await expectOthersNotFound(t, (token, planId) => list(token, { planId }), { mine: planA, theirs: theirPlan }, '招录计划不存在');
    for (const [payload, msg] of [
      [{}, '招录计划编号必须是数字'],
      [{ planId: 'a' }, '招录计划编号必须是数字'],
      [{ planId: planA, stage: 0 }, '阶段不正确'],
    ] as const) {
      const res = await list(t.admin, payload);
      expectError(res, 400, msg);
    }
  });
});

/** A stage's check as judgeWorkflow answers it: valid when there is no message. */
const stageCheck = (stage: number, stageName: string, itemCount: number, message = '') => ({
  stage,
  stageName,
  itemCount,
  valid: message === '',
  message,
});

describe('judgeWorkflow', () => {
  it('answers every stage valid once each has a usable arrangement', async () => {
    expect((await judge(t.shenhe, { planId: planA })).json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: {
        planId: planA,
        valid: true,
        stages: [stageCheck(1, '报名资格审核', 3), stageCheck(2, '笔试', 2), stageCheck(3, '面试', 1)],
      },
    });
  });

  it('answers what is missing for a plan without arrangements', async () => {
    expect((await save(t.admin, { planId: planB, stage: 2, items: [item('笔试阅卷', 'score', zhangId)] })).json().code).toBe(200);
    expect((await judge(t.admin, { planId: planB })).json().data).toEqual({
      planId: planB,
      valid: false,
      stages: [
        stageCheck(1, '报名资格审核', 0, '报名资格审核阶段还没有安排工作'),
        stageCheck(2, '笔试', 1),
        stageCheck(3, '面试', 0, '面试阶段还没有安排工作'),
      ],
    });
  });

  it('answers a stage whose assignee was disabled since as not valid', async () => {
    await t.db.update(staffUser).set({ enabled: false }).where(eq(staffUser.id, zhangId));
    const data = (await judge(t.admin, { planId: planB })).json().data;
    expect(data.stages[1]).toEqual(stageCheck(2, '笔试', 1, '“笔试阅卷”的工作人员“张强”已停用，请另选他人'));
    expect((await list(t.admin, { planId: planB, stage: 2 })).json().data[0]).toMatchObject({ assigneeName: '张强', assigneeEnabled: false });
    expect((await staffOptions(t.admin)).json().data.map((s: { id: number }) => s.id)).not.toContain(zhangId);
    await t.db.update(staffUser).set({ enabled: true }).where(eq(staffUser.id, zhangId));
  });

  it("answers 404 for another company's plan and 400 for a bad id", async () => {
    for (const [token, planId] of [
      [t.hospital, planA],
      [t.admin, theirPlan],
    ] as const) {
      const res = await judge(token, { planId });
      expectError(res, 404, '招录计划不存在');
    }
    const res = await judge(t.admin, { planId: -3 });
    expectError(res, 400, '招录计划编号必须是正数');
  });
});

describe('who may take a work item', () => {
  let clerkId: number;
  let plan: number;
  beforeAll(async () => {
    const [role] = await t.db.insert(sysRole).values({ companyId: t.company1, name: '档案员', permissions: ['talent:view', 'review:signup'] }).returning();
    const [clerk] = await t.db
      .insert(staffUser)
      .values({ companyId: t.company1, roleId: role!.id, loginAccount: 'sundang', passwordHash: 'x', name: '孙档' })
      .returning();
    clerkId = clerk!.id;
    const [row] = await t.db.insert(recruitmentPlan).values({ companyId: t.company1, name: '外聘考官计划', ...dates }).returning();
    plan = row!.id;
  });

  it('answers each staff member with the permissions that decide which items they may take', async () => {
    const options = (await staffOptions(t.admin)).json().data as { id: number; permissions: string[] }[];
    expect(options.find((o) => o.id === clerkId)?.permissions).toEqual(['talent:view', 'review:signup']);
  });

  it('refuses an assignee without the permission the item needs, and changes nothing', async () => {
    await expectRefused(
      () => save(t.admin, { planId: plan, stage: 2, items: [item('笔试阅卷', 'score', clerkId)] }),
      400,
      '工作人员“孙档”没有“成绩录入”权限，请另选他人或先修改其角色',
    );
    await expectRefused(
      () => save(t.admin, { planId: plan, stage: 3, items: [item('资格核对', 'verify', clerkId), item('面试评分', 'score', t.adminId)] }),
      400,
      '工作人员“孙档”没有“面试工作”权限，请另选他人或先修改其角色',
    );
    expect((await save(t.admin, { planId: plan, stage: 1, items: [item('初审', 'verify', clerkId)] })).json().code).toBe(200);
  });

  it('takes a panel of named outside examiners whose scores one staff member enters', async () => {
    const panel = [
      { workItem: '主考官', kind: 'score', assigneeId: t.adminId, examinerName: ' 周建国 ', examinerUnit: '湘江大学' },
      { workItem: '考官二', kind: 'score', assigneeId: t.adminId, examinerName: '陈晓梅', examinerUnit: '市人力资源和社会保障局' },
      { workItem: '考官三', kind: 'score', assigneeId: t.adminId },
    ];
    const res = await save(t.admin, { planId: plan, stage: 3, items: panel });
    expect(res.json().code).toBe(200);
    expect((res.json().data as { examinerName: string; examinerUnit: string; assigneeName: string }[]).map((r) => [r.examinerName, r.examinerUnit, r.assigneeName])).toEqual([
      ['周建国', '湘江大学', '王敏'],
      ['陈晓梅', '市人力资源和社会保障局', '王敏'],
      ['', '', '王敏'],
    ]);
    // no login was made for them
    expect((await t.db.select().from(staffUser)).some((u) => u.name === '周建国' || u.name === '陈晓梅')).toBe(false);
  });

  it('refuses one examiner twice in a panel, and an examiner outside the interview', async () => {
    await expectRefused(
      () =>
        save(t.admin, {
          planId: plan,
          stage: 3,
          items: [item('考官一', 'score', t.shenheId), item('考官二', 'score', t.shenheId)],
        }),
      400,
      '考官“李娜”在考官组中出现了两次，一个考官组的考官须各不相同',
    );
    await expectRefused(
      () =>
        save(t.admin, {
          planId: plan,
          stage: 3,
          items: [
            { workItem: '考官一', kind: 'score', assigneeId: t.adminId, examinerName: '周建国', examinerUnit: '湘江大学' },
            { workItem: '考官二', kind: 'score', assigneeId: t.shenheId, examinerName: '周建国', examinerUnit: '湘江大学' },
          ],
        }),
      400,
      '考官“周建国”在考官组中出现了两次，一个考官组的考官须各不相同',
    );
    await expectRefused(
      () => save(t.admin, { planId: plan, stage: 2, items: [{ workItem: '阅卷', kind: 'score', assigneeId: t.adminId, examinerName: '周建国' }] }),
      400,
      '只有面试阶段的评分工作可以填写考官（“阅卷”）',
    );
    await expectRefused(
      () => save(t.admin, { planId: plan, stage: 3, items: [{ workItem: '考官一', kind: 'score', assigneeId: t.adminId, examinerName: '周'.repeat(21) }] }),
      400,
      '考官姓名最长 20 个字',
    );
  });
});
