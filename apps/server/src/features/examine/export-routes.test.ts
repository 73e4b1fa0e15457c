import {
  candidateTask, duplicateCandidateGroups, getCompanyRecruitmentAuditList, recruitmentWaitAuditList,
  submitAudit,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { XLSX_BATCH } from '../../shared/xlsx.js';
import { expectError, staffWith, useTestApp } from '../../test/app.js';
import { applyWith, identityNo, insertPlan, saveTwoLevelReview } from '../../test/recruitment.js';
import { readXlsx } from '../../test/xlsx.js';

const t = useTestApp();

let plan: Awaited<ReturnType<typeof insertPlan>>;
let outsider: string;
const ids: Record<string, number> = {};

let seq = 300;
async function apply(realName: string, recruitmentId: number, person: Record<string, unknown> = {}) {
  seq += 1;
  return applyWith(t, recruitmentId, { realName, identityNo: identityNo('1996-02-03', seq), phone: `137${String(seq).padStart(8, '0')}`, ...person });
}

const firstTask = async (id: number) => (await t.call(candidateTask, { id }, { token: t.admin })).data.stages[0]!.steps[0]!.taskId!;

const file = (path: string, query: Record<string, string | number | undefined>, token = t.admin) =>
  t.get(`/api/recruitment/${path}/export?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))}`, token);

beforeAll(async () => {
  outsider = await staffWith(t, '人才库专员', 'daochuwai', ['talent:view'], '13522224444');
  plan = await insertPlan(t.db, t.company1, { name: '导出测试计划', posts: ['综合文秘', '财务会计'] });
  const saved = await saveTwoLevelReview(t, plan.plan.id);
  expect(saved.code, saved.msg).toBe(200);
  ids.wang = await apply('王小明', plan.posts[0]!.id, { email: 'wangxm@example.cn' });
  ids.li = await apply('李小红', plan.posts[0]!.id, { sex: '2' });
  ids.zhao = await apply('赵退回', plan.posts[1]!.id);
  ids.qian = await apply('钱通过', plan.posts[1]!.id);
  // the same phone under another name: a duplicate group
  ids.sun = await apply('孙同号', plan.posts[1]!.id, { phone: '13700000301' });
  const failed = await t.call(
    submitAudit,
    { tastId: await firstTask(ids.zhao), status: 2, failStatus: 12, remarks: '学历不符合岗位要求' },
    { token: t.shenhe },
  );
  expect(failed.data.status).toBe(12);
  expect((await t.call(submitAudit, { tastId: await firstTask(ids.qian), status: 1, remarks: '材料齐全' }, { token: t.shenhe })).code).toBe(200);
});

describe('报名资格审核 export', () => {
  it('报名信息汇总表: every application the filters list (not one page), with the full data and the status in words', async () => {
    const all = await t.call(getCompanyRecruitmentAuditList, { planId: plan.plan.id, pageNum: 1, pageSize: 2 }, { token: t.admin });
    expect(all.data.total).toBe(5);
    const res = await file('getCompanyRecruitmentAuditList', { planId: plan.plan.id, type: 1 });
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('导出测试计划报名信息汇总表.xlsx');
    const [sheet] = await readXlsx(res);
    expect(sheet!.name).toBe('报名信息汇总表');
    expect(sheet!.header).toEqual(
      expect.arrayContaining(['序号', '招录计划', '报考岗位', '姓名', '性别', '身份证号码', '出生日期', '手机号码', '电子邮箱', '学历', '毕业院校', '所学专业', '报名状态', '当前环节', '报名时间']),
    );
    expect(sheet!.rows).toHaveLength(all.data.total);
    const wang = sheet!.rows.find((r) => r['姓名'] === '王小明')!;
    expect(wang).toMatchObject({
      招录计划: '导出测试计划',
      报考岗位: '综合文秘',
      性别: '男',
      出生日期: '1996-02-03',
      电子邮箱: 'wangxm@example.cn',
      学历: '本科',
      毕业院校: '中国人民大学',
      所学专业: '人力资源管理',
      报名状态: '待审核',
      当前环节: '初审',
    });
    expect(sheet!.rows.find((r) => r['姓名'] === '李小红')!['性别']).toBe('女');
    expect(sheet!.rows.find((r) => r['姓名'] === '赵退回')!['报名状态']).toBe('审核不通过（可修改）');
    // newest first, as the list
    expect(sheet!.rows.map((r) => r['序号'])).toEqual(['1', '2', '3', '4', '5']);
    expect(sheet!.rows[0]!['姓名']).toBe(all.data.list[0]!.realName);
  });

  it('takes the list’s filters: post, status, name, identity number and phone', async () => {
    const cases = [
      { recruitmentId: plan.posts[1]!.id },
      { status: 12 },
      { realName: '王' },
      { phone: '13700000301' },
    ];
    for (const filter of cases) {
      const listed = await t.call(getCompanyRecruitmentAuditList, { planId: plan.plan.id, ...filter, pageNum: 1, pageSize: 1 }, { token: t.admin });
      const [sheet] = await readXlsx(await file('getCompanyRecruitmentAuditList', { planId: plan.plan.id, ...filter }));
      expect(sheet!.rows, JSON.stringify(filter)).toHaveLength(listed.data.total);
      expect(listed.data.total).toBeGreaterThan(0);
    }
  });

  it('资格审查表: each work item’s result, reviewer, time and opinion', async () => {
    const [sheet] = await readXlsx(await file('getCompanyRecruitmentAuditList', { planId: plan.plan.id, sheet: 'review' }));
    expect(sheet!.name).toBe('资格审查表');
    expect(sheet!.header).toEqual(expect.arrayContaining(['姓名', '身份证号码', '初审结果', '初审审核人', '初审审核时间', '初审意见', '复审结果', '复审意见', '报名状态']));
    expect(sheet!.rows).toHaveLength(5);
    const zhao = sheet!.rows.find((r) => r['姓名'] === '赵退回')!;
    expect(zhao).toMatchObject({ 初审结果: '不通过', 初审意见: '学历不符合岗位要求', 初审审核人: '李娜', 复审结果: '未审核', 报名状态: '审核不通过（可修改）' });
    expect(zhao['初审审核时间']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(sheet!.rows.find((r) => r['姓名'] === '钱通过')).toMatchObject({ 初审结果: '通过', 初审意见: '材料齐全', 复审结果: '待审核', 报名状态: '审核中' });
  });

  it('refuses another company’s plan (404), a caller without the list’s permission (403) and a bad sheet (400)', async () => {
    expectError(await file('getCompanyRecruitmentAuditList', { planId: plan.plan.id }, t.hospital), 404, '招录计划不存在');
    expectError(await file('getCompanyRecruitmentAuditList', { planId: plan.plan.id, recruitmentId: 999999 }), 404, '岗位不存在');
    expectError(await file('getCompanyRecruitmentAuditList', { planId: plan.plan.id }, outsider), 403, '您没有执行该操作的权限');
    expectError(await file('getCompanyRecruitmentAuditList', { planId: plan.plan.id, sheet: 'other' }), 400, '导出表格类型不正确');
  });
});

describe('a large export', () => {
  it('reads the list a batch at a time and writes every row once', async () => {
    // in the other company, so that the rest of this file's lists stay small
    const big = await insertPlan(t.db, t.company2, { name: '大计划', posts: ['普通岗位'] });
    const n = XLSX_BATCH + 7;
    await t.db.execute(sql`with people as (
        insert into talent (real_name, sex, birthday, identity_no, phone)
        select '考生' || i, '1', date '1990-01-01', 'BIG' || lpad(i::text, 15, '0'), '1390000' || lpad(i::text, 4, '0')
        from generate_series(1, ${n}) i returning id, real_name, identity_no, phone)
      insert into candidate_application (company_id, plan_id, recruitment_id, talent_id, real_name, identity_no, phone)
      select ${t.company2}, ${big.plan.id}, ${big.posts[0]!.id}, id, real_name, identity_no, phone from people`);
    const listed = await t.call(getCompanyRecruitmentAuditList, { planId: big.plan.id, pageNum: 1, pageSize: 1 }, { token: t.hospital });
    expect(listed.data.total).toBe(n);
    const [sheet] = await readXlsx(await file('getCompanyRecruitmentAuditList', { planId: big.plan.id }, t.hospital));
    expect(sheet!.rows).toHaveLength(n);
    expect(new Set(sheet!.rows.map((r) => r['身份证号码'])).size).toBe(n);
    expect(sheet!.rows.at(-1)!['序号']).toBe(String(n));
  });
});

describe('待审核 export', () => {
  it('both sheets list exactly the caller’s tasks the list shows, with the same filters', async () => {
    for (const [token, query] of [
      [t.shenhe, { planId: plan.plan.id }],
      [t.shenhe, { planId: plan.plan.id, keyword: '王' }],
      [t.admin, { planId: plan.plan.id }],
      [t.shenhe, {}],
    ] as const) {
      const listed = await t.call(recruitmentWaitAuditList, { ...query, pageNum: 1, pageSize: 1 }, { token });
      const [summary] = await readXlsx(await file('recruitmentWaitAuditList', query, token));
      expect(summary!.rows).toHaveLength(listed.data.total);
      const [review] = await readXlsx(await file('recruitmentWaitAuditList', { ...query, sheet: 'review' }, token));
      expect(review!.rows).toHaveLength(listed.data.total);
    }
    const [mine] = await readXlsx(await file('recruitmentWaitAuditList', { planId: plan.plan.id }, t.shenhe));
    expect(mine!.rows.map((r) => r['姓名']).sort()).toEqual(['孙同号', '李小红', '王小明'].sort());
    expect(mine!.rows[0]).toMatchObject({ 审核环节: '初审', 报名状态: '待审核', 招录计划: '导出测试计划' });
    const [admins] = await readXlsx(await file('recruitmentWaitAuditList', { planId: plan.plan.id, sheet: 'review' }));
    expect(admins!.rows).toEqual([expect.objectContaining({ 姓名: '钱通过', 审核环节: '复审', 初审结果: '通过', 复审结果: '待审核' })]);
  });

  it('refuses another company’s plan (404) and a caller without the permission (403)', async () => {
    expectError(await file('recruitmentWaitAuditList', { planId: plan.plan.id }, t.hospital), 404, '招录计划不存在');
    expectError(await file('recruitmentWaitAuditList', {}, outsider), 403, '您没有执行该操作的权限');
  });
});

describe('应聘查重 export', () => {
  it('one row per member of every group the page shows, with the group’s reason', async () => {
    const groups = await t.call(duplicateCandidateGroups, { planId: plan.plan.id }, { token: t.admin });
    const members = groups.data.flatMap((g) => g.members);
    expect(members.length).toBeGreaterThan(0);
    const [sheet] = await readXlsx(await file('duplicateCandidateGroups', { planId: plan.plan.id }));
    expect(sheet!.header).toEqual(expect.arrayContaining(['组号', '疑似类型', '原因', '姓名', '身份证号码', '手机号码', '报名状态']));
    expect(sheet!.rows).toHaveLength(members.length);
    expect(sheet!.rows.map((r) => r['姓名']).sort()).toEqual(['孙同号', '王小明'].sort());
    expect(sheet!.rows[0]).toMatchObject({ 组号: '1', 疑似类型: '手机号码相同但姓名不同', 报名状态: '待审核' });
    expect(sheet!.rows[0]!['原因']).toContain('13700000301');
    // all the company's plans
    const everywhere = await t.call(duplicateCandidateGroups, {}, { token: t.admin });
    const [wide] = await readXlsx(await file('duplicateCandidateGroups', {}));
    expect(wide!.rows).toHaveLength(everywhere.data.flatMap((g) => g.members).length);
  });

  it('refuses another company’s plan (404) and a caller without the permission (403)', async () => {
    expectError(await file('duplicateCandidateGroups', { planId: plan.plan.id }, t.hospital), 404, '招录计划不存在');
    expectError(await file('duplicateCandidateGroups', {}, outsider), 403, '您没有执行该操作的权限');
  });
});
