import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  candidateApplication,
  company,
  recruitmentInfo,
  recruitmentPlan,
  staffUser,
  sysOrg,
  talent,
  workflowItem,
} from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/app.js';
import { identityNo, insertPlan, resume } from '../../test/recruitment.js';

let t: TestApp;
let admin: string;
let shenhe: string;
let hospital: string;
let company1: number;
let company2: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  shenhe = await t.login('shenhe');
  hospital = await t.login('hospital');
  const companies = await t.db.select().from(company);
  company1 = companies.find((c) => c.name === '湘江人力资源服务集团有限公司')!.id;
  company2 = companies.find((c) => c.name === '江城市第一人民医院')!.id;
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'x-token': token }, payload });
const list = (token: string, payload: object = {}) => post('/api/recruitment/recruitmentPlanExpand/allList', token, payload);
const options = (token: string) => post('/api/recruitment/recruitmentPlanExpand/options', token);
const save = (token: string, payload: object) => post('/api/recruitment/recruitmentPlanExpand/save', token, payload);
const setStatus = (token: string, id: number | string, status: string) =>
  post(`/api/recruitment/recruitmentPlanExpand/updateStatus/${id}`, token, { status });
const remove = (token: string, id: number | string) => post(`/api/recruitment/recruitmentPlanExpand/delete/${id}`, token);

const planRows = async () =>
  (await t.db.select().from(recruitmentPlan).orderBy(asc(recruitmentPlan.id))).map((r) => {
    const { createdAt: _c, updatedAt: _u, ...row } = r;
    return row;
  });
const planRow = async (id: number) => (await planRows()).find((r) => r.id === id);

const valid = {
  name: '2026年春季公开招聘',
  signUpStartDate: '2026-03-01 09:00',
  signUpEndDate: '2026-03-15 17:30',
  writtenStartDate: '2026-03-28 09:00',
  writtenExamAddress: '长沙市岳麓区考点一',
  auditionStartDate: '2026-04-10 08:30',
  auditionExamAddress: '长沙市天心区面试中心',
  writtenFullMarks: '150',
  auditionFullMarks: '100.5',
  compositeWeight: '0.6',
  interviewEntryRatio: 2,
  registrationFeeY: '80.5',
  remark: '备注',
};
const add = async (token: string, payload: object = {}) => {
  const res = await save(token, { ...valid, ...payload });
  expect(res.json()).toMatchObject({ code: 200, msg: '保存成功' });
  return res.json().data.id as number;
};

let mine: number; // company 1's plan
let theirs: number; // company 2's plan

describe('save: adding and editing plans', () => {
  it('adds a draft plan, keeping China times as instants, exact decimals and fee in cents', async () => {
    mine = await add(admin);
    expect(await planRow(mine)).toEqual({
      id: mine,
      companyId: company1,
      name: '2026年春季公开招聘',
      signUpStartDate: new Date('2026-03-01T01:00:00Z'),
      signUpEndDate: new Date('2026-03-15T09:30:00Z'),
      writtenStartDate: new Date('2026-03-28T01:00:00Z'),
      writtenExamAddress: '长沙市岳麓区考点一',
      auditionStartDate: new Date('2026-04-10T00:30:00Z'),
      auditionExamAddress: '长沙市天心区面试中心',
      writtenFullMarks: '150.00',
      auditionFullMarks: '100.50',
      compositeWeight: '0.600',
      interviewEntryRatio: 2,
      registrationFee: 8050,
      status: 'draft',
      remark: '备注',
    });
    theirs = await add(hospital, { name: '医院护士招聘' });
    expect((await planRow(theirs))!.companyId).toBe(company2);
  });

  it('fills the defaults: weight 0.5, entry ratio 3, full marks 100, fee 0', async () => {
    const id = await add(admin, {
      name: '默认值计划',
      writtenFullMarks: undefined,
      auditionFullMarks: undefined,
      compositeWeight: undefined,
      interviewEntryRatio: undefined,
      registrationFeeY: undefined,
      writtenExamAddress: undefined,
      auditionExamAddress: undefined,
      remark: undefined,
    });
    expect(await planRow(id)).toMatchObject({
      writtenFullMarks: '100.00',
      auditionFullMarks: '100.00',
      compositeWeight: '0.500',
      interviewEntryRatio: 3,
      registrationFee: 0,
      writtenExamAddress: '',
      auditionExamAddress: '',
      remark: '',
    });
    expect((await remove(admin, id)).json().code).toBe(200);
  });

  it('allows sign-up end equal to the written exam time', async () => {
    const id = await add(admin, { name: '同日计划', signUpEndDate: '2026-03-28 09:00' });
    expect((await planRow(id))!.signUpEndDate).toEqual(new Date('2026-03-28T01:00:00Z'));
    expect((await remove(admin, id)).json().code).toBe(200);
  });

  it('edits a plan but keeps its status', async () => {
    expect((await setStatus(admin, mine, 'published')).json().code).toBe(200);
    const res = await save(admin, { ...valid, id: mine, name: '2026年春季招聘（修订）', registrationFeeY: '100' });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: { id: mine } });
    expect(await planRow(mine)).toMatchObject({ name: '2026年春季招聘（修订）', registrationFee: 10000, status: 'published' });
    await save(admin, { ...valid, id: mine });
  });

  const bad: [string, object, string][] = [
    ['no name', { name: '  ' }, '请输入计划名称'],
    ['a long name', { name: '名'.repeat(61) }, '计划名称最长 60 个字'],
    ['no sign-up start', { signUpStartDate: undefined }, '请选择报名开始时间'],
    ['a malformed date', { signUpStartDate: '2026/03/01' }, '报名开始时间格式不正确，应为 YYYY-MM-DD HH:mm'],
    ['an impossible date', { writtenStartDate: '2026-02-30 09:00' }, '笔试时间格式不正确，应为 YYYY-MM-DD HH:mm'],
    ['sign-up end before start', { signUpEndDate: '2026-02-28 09:00' }, '报名开始时间必须早于报名结束时间'],
    ['sign-up end equal to start', { signUpEndDate: '2026-03-01 09:00' }, '报名开始时间必须早于报名结束时间'],
    ['written before sign-up end', { writtenStartDate: '2026-03-15 17:29' }, '笔试时间不能早于报名结束时间'],
    ['interview before written', { auditionStartDate: '2026-03-27 09:00' }, '面试时间必须晚于笔试时间'],
    ['interview equal to written', { auditionStartDate: '2026-03-28 09:00' }, '面试时间必须晚于笔试时间'],
    ['full marks with three decimals', { writtenFullMarks: '100.123' }, '笔试满分须为大于 0 的数字，最多 2 位小数'],
    ['zero full marks', { auditionFullMarks: '0' }, '面试满分须为大于 0 的数字，最多 2 位小数'],
    ['negative full marks', { auditionFullMarks: '-5' }, '面试满分须为大于 0 的数字，最多 2 位小数'],
    ['full marks in exponent form', { writtenFullMarks: '1e2' }, '笔试满分须为大于 0 的数字，最多 2 位小数'],
    ['a weight above 1', { compositeWeight: '1.2' }, '笔试成绩权重不能大于 1'],
    ['a weight with four decimals', { compositeWeight: '0.1234' }, '笔试成绩权重须为不小于 0 的数字，最多 3 位小数'],
    ['a ratio of 0', { interviewEntryRatio: 0 }, '进入面试比例最小为 1'],
    ['a fractional ratio', { interviewEntryRatio: 1.5 }, '进入面试比例必须是整数'],
    ['a fee with three decimals', { registrationFeeY: '1.005' }, '报名费须为不小于 0 的金额，最多两位小数'],
    ['a negative fee', { registrationFeeY: '-1' }, '报名费须为不小于 0 的金额，最多两位小数'],
    ['a huge fee', { registrationFeeY: '10000.01' }, '报名费不能超过 10000 元'],
    ['a long address', { writtenExamAddress: '址'.repeat(201) }, '笔试地点最长 200 个字'],
  ];
  for (const [what, patch, msg] of bad) {
    it(`refuses ${what} with “${msg}” and changes nothing`, async () => {
      const before = await planRows();
      for (const payload of [{ ...valid, ...patch }, { ...valid, ...patch, id: mine }]) {
        const res = await save(admin, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ code: 400, msg, data: null });
      }
      expect(await planRows()).toEqual(before);
    });
  }

  it("answers 404 for another company's plan or an unknown one, and leaves it unchanged", async () => {
    for (const [token, id] of [
      [admin, theirs],
      [hospital, mine],
      [admin, 999999],
    ] as const) {
      const before = await planRows();
      const res = await save(token, { ...valid, id, name: '篡改' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '招录计划不存在', data: null });
      expect(await planRows()).toEqual(before);
    }
  });

  it('refuses a user without plan:edit with 403 and changes nothing', async () => {
    const before = await planRows();
    for (const payload of [valid, { ...valid, id: mine, name: '篡改' }]) {
      const res = await save(shenhe, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: '您没有执行该操作的权限', data: null });
    }
    expect(await planRows()).toEqual(before);
  });
});

describe('allList and options', () => {
  it("lists the company's plans with China times, counts, yuan, paged and filtered", async () => {
    const second = await add(admin, { name: '秋季招聘' });
    const res = await list(shenhe, { pageNum: 1, pageSize: 1 });
    expect(res.json()).toMatchObject({ code: 200, msg: '操作成功' });
    expect(res.json().data.total).toBe(2);
    expect(res.json().data.list.map((p: { id: number }) => p.id)).toEqual([second]);
    const page2 = (await list(admin, { pageNum: 2, pageSize: 1 })).json().data;
    const { createdAt, ...row } = page2.list[0];
    expect(typeof createdAt).toBe('string');
    expect(row).toEqual({
      id: mine,
      name: '2026年春季公开招聘',
      signUpStartDate: '2026-03-01 09:00',
      signUpEndDate: '2026-03-15 17:30',
      writtenStartDate: '2026-03-28 09:00',
      writtenExamAddress: '长沙市岳麓区考点一',
      auditionStartDate: '2026-04-10 08:30',
      auditionExamAddress: '长沙市天心区面试中心',
      writtenFullMarks: '150.00',
      auditionFullMarks: '100.50',
      compositeWeight: '0.600',
      interviewEntryRatio: 2,
      registrationFee: 8050,
      registrationFeeY: '80.50',
      status: 'published',
      remark: '备注',
      postCount: 0,
      applicationCount: 0,
    });
    expect((await list(admin, { keyword: '秋季' })).json().data.list.map((p: { id: number }) => p.id)).toEqual([second]);
    expect((await list(admin, { status: 'published' })).json().data.list.map((p: { id: number }) => p.id)).toEqual([mine]);
    expect((await list(hospital)).json().data.list.map((p: { id: number }) => p.id)).toEqual([theirs]);
    expect((await options(admin)).json().data).toEqual([
      { id: second, name: '秋季招聘', status: 'draft' },
      { id: mine, name: '2026年春季公开招聘', status: 'published' },
    ]);
    expect((await remove(admin, second)).json().code).toBe(200);
  });

  it('refuses bad filters with their Chinese message', async () => {
    for (const [payload, msg] of [
      [{ status: 'open' }, '计划状态不正确'],
      [{ pageSize: 500 }, '每页最多 200 条'],
      [{ keyword: '关'.repeat(51) }, '关键词最长 50 个字'],
    ] as const) {
      const res = await list(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
  });
});

describe('updateStatus', () => {
  it('moves draft → published → closed → published, and back to draft while nobody applied', async () => {
    const id = await add(admin, { name: '状态计划' });
    for (const status of ['published', 'closed', 'published', 'draft']) {
      const res = await setStatus(admin, id, status);
      expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: null });
      expect((await planRow(id))!.status).toBe(status);
    }
    const before = await planRows();
    const same = await setStatus(admin, id, 'draft');
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ code: 409, msg: '“状态计划”已是草稿状态', data: null });
    const skip = await setStatus(admin, id, 'closed');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ code: 409, msg: '草稿状态的计划不能直接结束，请先发布', data: null });
    expect(await planRows()).toEqual(before);
    await remove(admin, id);
  });

  it('refuses a bad status, 403 and 404, changing nothing', async () => {
    const before = await planRows();
    const bad = await setStatus(admin, mine, 'open');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, msg: '计划状态不正确', data: null });
    const forbidden = await setStatus(shenhe, mine, 'closed');
    expect(forbidden.statusCode).toBe(403);
    for (const [token, id] of [
      [admin, theirs],
      [hospital, mine],
    ] as const) {
      const res = await setStatus(token, id, 'closed');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '招录计划不存在', data: null });
    }
    expect(await planRows()).toEqual(before);
  });
});

describe('delete', () => {
  it('refuses a plan with posts, applications or work items, and changes nothing', async () => {
    const [department] = await t.db.insert(sysOrg).values({ companyId: company1, name: '人事部' }).returning();
    const [job] = await t.db
      .insert(recruitmentInfo)
      .values({ companyId: company1, planId: mine, departmentId: department!.id, jobVacancy: '会计', places: 2 })
      .returning();
    let before = await planRows();
    let res = await remove(admin, mine);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, msg: '“2026年春季公开招聘”下还有 1 个招录岗位，请先删除岗位', data: null });
    expect(await planRows()).toEqual(before);

    const [person] = await t.db
      .insert(talent)
      .values({ realName: '张三', sex: '1', birthday: '1995-01-01', identityNo: '11010519491231002X', phone: '13800138000' })
      .returning();
    const [application] = await t.db
      .insert(candidateApplication)
      .values({
        companyId: company1,
        planId: mine,
        recruitmentId: job!.id,
        talentId: person!.id,
        realName: '张三',
        identityNo: '11010519491231002X',
        phone: '13800138000',
      })
      .returning();
    before = await planRows();
    res = await remove(admin, mine);
    expect(res.json()).toEqual({ code: 409, msg: '“2026年春季公开招聘”已有 1 份报名，不能删除', data: null });
    const toDraft = await setStatus(admin, mine, 'draft');
    expect(toDraft.json()).toEqual({ code: 409, msg: '“2026年春季公开招聘”已有 1 份报名，不能改回草稿', data: null });
    expect(await planRows()).toEqual(before);
    await t.db.update(candidateApplication).set({ writtenGrade: '120.50' }).where(eq(candidateApplication.id, application!.id));
    for (const [patch, msg] of [
      [{ writtenFullMarks: '120.49' }, '已有 1 名考生的笔试成绩高于 120.49 分，不能把笔试满分改低'],
      [{ writtenFullMarks: '150', auditionFullMarks: '100' }, null],
      [{ writtenFullMarks: '120.5' }, null],
    ] as const) {
      const saved = await save(admin, { ...valid, ...patch, id: mine });
      if (msg) {
        expect(saved.statusCode).toBe(409);
        expect(saved.json()).toEqual({ code: 409, msg, data: null });
        expect(await planRows()).toEqual(before);
      } else {
        expect(saved.json().code).toBe(200);
      }
    }
    await t.db.update(candidateApplication).set({ auditionGrade: '90' }).where(eq(candidateApplication.id, application!.id));
    res = await save(admin, { ...valid, id: mine, auditionFullMarks: '89.99' });
    expect(res.json()).toEqual({ code: 409, msg: '已有 1 名考生的面试成绩高于 89.99 分，不能把面试满分改低', data: null });
    await save(admin, { ...valid, id: mine });
    expect(await planRows()).toEqual(before);
    const list1 = (await list(admin, { status: 'published' })).json().data.list[0];
    expect(list1).toMatchObject({ id: mine, postCount: 1, applicationCount: 1 });

    await t.db.delete(candidateApplication).where(eq(candidateApplication.id, application!.id));
    await t.db.delete(recruitmentInfo).where(eq(recruitmentInfo.id, job!.id));
    const [staff] = await t.db.select().from(staffUser).where(eq(staffUser.loginAccount, 'admin'));
    const [item] = await t.db
      .insert(workflowItem)
      .values({ companyId: company1, planId: mine, stage: 1, workItem: '资格审核', kind: 'verify', assigneeId: staff!.id })
      .returning();
    res = await remove(admin, mine);
    expect(res.json()).toEqual({ code: 409, msg: '“2026年春季公开招聘”已设置 1 项招录工作安排，请先删除工作安排', data: null });
    expect(await planRows()).toEqual(before);
    await t.db.delete(workflowItem).where(eq(workflowItem.id, item!.id));
  });

  it('refuses bad ids, 403 and 404, changing nothing', async () => {
    const before = await planRows();
    for (const [id, msg] of [
      ['abc', '招录计划编号必须是数字'],
      ['0', '招录计划编号必须是正数'],
      ['2147483648', '招录计划编号不正确'],
    ]) {
      const res = await remove(admin, id!);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
    expect((await remove(shenhe, mine)).statusCode).toBe(403);
    for (const [token, id] of [
      [admin, theirs],
      [hospital, mine],
      [admin, 999999],
    ] as const) {
      const res = await remove(token, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '招录计划不存在', data: null });
    }
    expect(await planRows()).toEqual(before);
  });

  it('deletes an unused plan of its own company only', async () => {
    const before = await planRows();
    const res = await remove(admin, mine);
    expect(res.json()).toEqual({ code: 200, msg: '删除成功', data: null });
    expect(await planRows()).toEqual(before.filter((p) => p.id !== mine));
    expect(await planRow(theirs)).toBeDefined();
  });
});

/** Opens enough database connections first, so that the calls that follow really run side by side. */
const warmUp = () => Promise.all(Array.from({ length: 20 }, () => options(admin)));

describe('at the same moment', () => {
  it('deletes a plan once when asked many times at once; the other calls answer 404', async () => {
    const id = await add(admin, { name: '并发删除计划' });
    await warmUp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => remove(admin, id)));
    const codes = answers.map((res) => res.json().code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 404)).toHaveLength(19);
    expect(answers.find((res) => res.statusCode === 404)!.json()).toEqual({ code: 404, msg: '招录计划不存在', data: null });
    expect(await planRow(id)).toBeUndefined();
  });

  it('never leaves a plan in draft with applications when it is set back to draft while people apply', async () => {
    const { plan, posts } = await insertPlan(t.db, company1, { name: '边报名边改草稿' });
    await warmUp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? setStatus(admin, plan.id, 'draft')
          : t.app.inject({
              method: 'POST',
              url: '/api/open/recruitment/apply',
              payload: {
                recruitmentId: posts[0]!.id,
                talentInfo: resume({ identityNo: identityNo('1999-09-09', 100 + i), phone: `1370000${String(1000 + i)}` }),
              },
            }),
      ),
    );
    for (const res of answers) expect([200, 409]).toContain(res.json().code);
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(candidateApplication)
      .where(and(eq(candidateApplication.companyId, company1), eq(candidateApplication.planId, plan.id)))) as [{ n: number }];
    const status = (await planRow(plan.id))!.status;
    expect(status === 'draft' && n > 0).toBe(false);
  });
});
