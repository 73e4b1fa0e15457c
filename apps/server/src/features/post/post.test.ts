// runs on PostgreSQL too: one post deleted by calls at once
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlanStatus } from '@zhaokao/contracts';
import { candidateApplication, recruitmentFile, recruitmentInfo, recruitmentPlan, talentTemplate } from '../../db/tables.js';
import { atOnce, expectAddAndEditRefused, expectError, expectIdRefusals, expectOneSucceeded, expectOthersNotFound, expectRefusedUnchanged, savedId, useTestApp, warmUp } from '../../test/app.js';
import { insertDepartments } from '../../test/org.js';
import { insertApplication } from '../../test/recruitment.js';

const t = useTestApp();
let plan1: number;
let plan1b: number;
let closedPlan: number;
let plan2: number;
let deptA: number;
let deptB: number;
let deptTheirs: number;
let template1: number;
let template2: number;

const planValues = (companyId: number, name: string, status: PlanStatus = 'published') => ({
  companyId,
  name,
  status,
  signUpStartDate: new Date('2026-03-01T01:00:00Z'),
  signUpEndDate: new Date('2026-03-15T09:30:00Z'),
  writtenStartDate: new Date('2026-03-28T01:00:00Z'),
  writtenExamAddress: '岳麓区考点',
  auditionStartDate: new Date('2026-04-10T00:30:00Z'),
});

beforeAll(async () => {
  const plans = await t.db
    .insert(recruitmentPlan)
    .values([
      planValues(t.company1, '春季招聘'),
      planValues(t.company1, '秋季招聘'),
      planValues(t.company1, '已结束的招聘', 'closed'),
      planValues(t.company2, '医院招聘'),
    ])
    .returning();
  [plan1, plan1b, closedPlan, plan2] = plans.map((p) => p.id) as [number, number, number, number];
  [deptA, deptB, deptTheirs] = await insertDepartments(t.db, t.company1, t.company2);
  const templates = await t.db
    .insert(talentTemplate)
    .values([
      { companyId: t.company1, name: '通用简历' },
      { companyId: t.company2, name: '医护简历' },
    ])
    .returning();
  [template1, template2] = templates.map((d) => d.id) as [number, number];
});

const list = (token: string, payload: object = {}) => t.post('/api/recruitment/recruitmentInfo/allList', token, payload);
const detail = (token: string, id: number | string) => t.post(`/api/recruitment/recruitmentInfo/detail/${id}`, token);
const save = (token: string, payload: object) => t.post('/api/recruitment/recruitmentInfo/save', token, payload);
const remove = (token: string, id: number | string) => t.post(`/api/recruitment/recruitmentInfo/delete/${id}`, token);

/** Everything these calls could change. */
const state = async () => ({
  posts: (await t.db.select().from(recruitmentInfo).orderBy(asc(recruitmentInfo.id))).map((r) => {
    const { createdAt: _c, updatedAt: _u, ...row } = r;
    return row;
  }),
  files: (await t.db.select().from(recruitmentFile).orderBy(asc(recruitmentFile.id))).map((r) => {
    const { createdAt: _c, ...row } = r;
    return row;
  }),
});
const postRow = async (id: number) => (await state()).posts.find((p) => p.id === id);
const filesOf = async (id: number) =>
  (await state()).files.filter((f) => f.recruitmentId === id).map(({ fileName, url, companyId }) => ({ fileName, url, companyId }));

let valid: Record<string, unknown>;
beforeAll(() => {
  valid = {
    planId: plan1,
    departmentId: deptA,
    jobVacancy: '人力资源专员',
    places: 3,
    salary: '6000-8000元/月',
    fixedAddress: '长沙市岳麓区',
    workExperience: '2年以上',
    education: '本科',
    jobDescription: '负责招聘与培训',
    skillsRequired: '熟悉劳动法',
    candidateRemark: '请携带身份证',
    applicationPlace: '人事部 301 室',
    talentTemplateId: template1,
    fileList: [
      { fileName: '岗位说明书', url: '/api/files/a.pdf' },
      { fileName: '报名表', url: '/api/files/b.docx' },
    ],
  };
});
const add = async (token: string, payload: object = {}) => {
  const res = await save(token, { ...valid, ...payload });
  return savedId(res);
};

let mine: number;
let theirs: number;

describe('save', () => {
  it('adds a post with its attachments', async () => {
    mine = await add(t.admin);
    const { fileList: _, ...fields } = valid;
    expect(await postRow(mine)).toEqual({ id: mine, companyId: t.company1, ...fields, cancelledAt: null });
    expect(await filesOf(mine)).toEqual([
      { fileName: '岗位说明书', url: '/api/files/a.pdf', companyId: t.company1 },
      { fileName: '报名表', url: '/api/files/b.docx', companyId: t.company1 },
    ]);
    theirs = await add(t.hospital, { planId: plan2, departmentId: deptTheirs, talentTemplateId: template2, fileList: [] });
    expect((await postRow(theirs))!.companyId).toBe(t.company2);
  });

  it('adds a post with only the required fields', async () => {
    const id = await add(t.admin, {
      salary: undefined,
      fixedAddress: undefined,
      workExperience: undefined,
      education: undefined,
      jobDescription: undefined,
      skillsRequired: undefined,
      candidateRemark: undefined,
      applicationPlace: undefined,
      talentTemplateId: undefined,
      fileList: undefined,
    });
    expect(await postRow(id)).toMatchObject({ salary: '', talentTemplateId: null, jobDescription: '' });
    expect(await filesOf(id)).toEqual([]);
    expect((await remove(t.admin, id)).json().code).toBe(200);
  });

  it('edits a post, replacing its attachment list (add one, delete one)', async () => {
    const res = await save(t.admin, {
      ...valid,
      id: mine,
      planId: plan1b,
      departmentId: deptB,
      places: 5,
      talentTemplateId: null,
      fileList: [
        { fileName: '报名表', url: '/api/files/b.docx' },
        { fileName: '  体检须知  ', url: '/api/files/c.pdf' },
      ],
    });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: { id: mine } });
    expect(await postRow(mine)).toMatchObject({ planId: plan1b, departmentId: deptB, places: 5, talentTemplateId: null });
    expect(await filesOf(mine)).toEqual([
      { fileName: '报名表', url: '/api/files/b.docx', companyId: t.company1 },
      { fileName: '体检须知', url: '/api/files/c.pdf', companyId: t.company1 },
    ]);
    await save(t.admin, { ...valid, id: mine });
  });

  const bad: [string, object, string][] = [
    ['no plan', { planId: undefined }, '请选择招录计划'],
    ['no department', { departmentId: null }, '请选择招录部门'],
    ['no post name', { jobVacancy: ' ' }, '请输入岗位名称'],
    ['a long post name', { jobVacancy: '岗'.repeat(61) }, '岗位名称最长 60 个字'],
    ['no places', { places: undefined }, '招录人数必须是数字'],
    ['zero places', { places: 0 }, '招录人数最少为 1'],
    ['fractional places', { places: 1.5 }, '招录人数必须是整数'],
    ['a long description', { jobDescription: '描'.repeat(5001) }, '岗位描述最长 5000 个字'],
    ['an attachment without a name', { fileList: [{ fileName: ' ', url: '/api/files/x.pdf' }] }, '请输入附件名称'],
    ['an attachment name of 51 characters', { fileList: [{ fileName: '附'.repeat(51), url: '/api/files/x.pdf' }] }, '附件名称最长 50 个字'],
    ['an attachment without a file', { fileList: [{ fileName: '说明' }] }, '请上传附件'],
    ['an attachment with an empty file', { fileList: [{ fileName: '说明', url: '' }] }, '请上传附件'],
    ['a script url', { fileList: [{ fileName: '说明', url: 'javascript:alert(1)' }] }, '附件地址不正确'],
    ...[
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x.pdf',
      '\\\\evil.example\\x.pdf',
      '/\\evil.example/x.pdf',
      'http://example.com/x.pdf',
      'https:evil.example/x.pdf',
      'https://user@evil.example/x.pdf',
      'https://evil.example\\@ours.example/x.pdf',
      'https:///x.pdf',
      '/api/files/../../etc/passwd',
      '/api/files//x.pdf',
      '/login?redirect=x.pdf',
      'x.pdf',
    ].map((url): [string, object, string] => [`the link ${url}`, { fileList: [{ fileName: '说明', url }] }, '附件地址不正确']),
    ['21 attachments', { fileList: Array.from({ length: 21 }, () => ({ fileName: '说明', url: '/api/files/x.pdf' })) }, '附件最多 20 个'],
  ];
  for (const [what, patch, msg] of bad) {
    it(`refuses ${what} with “${msg}” and changes nothing`, async () => {
      await expectAddAndEditRefused(state, (payload) => save(t.admin, payload), { ...valid, ...patch }, mine, 400, msg);
    });
  }

  it("refuses another company's plan, department or template with 400, changing nothing", async () => {
    for (const [patch, msg] of [
      [{ planId: plan2 }, '招录计划不存在'],
      [{ departmentId: deptTheirs }, '部门不存在'],
      [{ talentTemplateId: template2 }, '简历模板不存在'],
      [{ planId: 999999 }, '招录计划不存在'],
    ] as const) {
      await expectAddAndEditRefused(state, (payload) => save(t.admin, payload), { ...valid, ...patch }, mine, 400, msg);
    }
  });

  it("accepts our own files and https links, and tells them apart", async () => {
    const own = `/api/files/${t.company1}/202601/0b6f1c2e-8d6a-4c39-9a57-3e2f1b7c9d10.pdf`;
    const external = 'https://www.example.gov.cn/files/报名表.docx?v=2#p1';
    const id = await add(t.admin, { fileList: [{ fileName: '说明', url: own }, { fileName: '外部', url: external }] });
    expect((await filesOf(id)).map((f) => f.url)).toEqual([own, external]);
    expect((await remove(t.admin, id)).json().code).toBe(200);
  });

  it('accepts an attachment name of exactly 50 characters', async () => {
    const id = await add(t.admin, { fileList: [{ fileName: '附'.repeat(50), url: '/api/files/x.pdf' }] });
    expect((await filesOf(id))[0]!.fileName).toBe('附'.repeat(50));
    expect((await remove(t.admin, id)).json().code).toBe(200);
  });

  it('refuses adding a post to a closed plan with 409', async () => {
    const before = await state();
    for (const payload of [{ ...valid, planId: closedPlan }, { ...valid, id: mine, planId: closedPlan }]) {
      const res = await save(t.admin, payload);
      expectError(res, 409, '该招录计划已结束，不能再添加岗位');
    }
    expect(await state()).toEqual(before);
  });

  it("answers 404 for another company's post or an unknown one, and leaves it unchanged", async () => {
    for (const [token, payload] of [
      [t.admin, { ...valid, id: theirs }],
      [t.hospital, { ...valid, planId: plan2, departmentId: deptTheirs, talentTemplateId: null, id: mine }],
      [t.admin, { ...valid, id: 999999 }],
    ] as const) {
      await expectRefusedUnchanged(state, () => save(token, payload), 404, '招录岗位不存在');
    }
  });

  it('refuses a user without plan:edit with 403 and changes nothing', async () => {
    await expectAddAndEditRefused(state, (payload) => save(t.shenhe, payload), { ...valid, jobVacancy: '篡改' }, mine, 403, '您没有执行该操作的权限');
  });
});

describe('allList', () => {
  it("lists the company's posts with names and counts, paged and filtered by plan and department", async () => {
    const second = await add(t.admin, { planId: plan1b, departmentId: deptB, jobVacancy: '会计', fileList: [] });
    const res = await list(t.shenhe, { pageNum: 1, pageSize: 1 });
    expect(res.json()).toMatchObject({ code: 200, msg: '操作成功', data: { total: 2 } });
    expect(res.json().data.list.map((p: { id: number }) => p.id)).toEqual([second]);
    const { createdAt, ...row } = (await list(t.admin, { pageNum: 2, pageSize: 1 })).json().data.list[0];
    expect(typeof createdAt).toBe('string');
    // The post's fields as saved, beside the names of its plan, department and template and its counts.
    const { planId, departmentId, jobVacancy, places, salary, fixedAddress, workExperience, education, applicationPlace, talentTemplateId } = valid;
    expect(row).toEqual({
      id: mine,
      planId,
      planName: '春季招聘',
      departmentId,
      departmentName: '人事部',
      jobVacancy,
      places,
      salary,
      fixedAddress,
      workExperience,
      education,
      applicationPlace,
      talentTemplateId,
      talentTemplateName: '通用简历',
      fileCount: 2,
      applicationCount: 0,
    });
    const ids = async (payload: object) => (await list(t.admin, payload)).json().data.list.map((p: { id: number }) => p.id);
    expect(await ids({ planId: plan1 })).toEqual([mine]);
    expect(await ids({ planId: plan1b })).toEqual([second]);
    expect(await ids({ departmentId: deptB })).toEqual([second]);
    expect(await ids({ keyword: '会计' })).toEqual([second]);
    expect(await ids({ planId: plan2 })).toEqual([]);
    expect((await list(t.hospital)).json().data.list.map((p: { id: number }) => p.id)).toEqual([theirs]);
    expect((await remove(t.admin, second)).json().code).toBe(200);
  });

  it('refuses bad filters with their Chinese message', async () => {
    for (const [payload, msg] of [
      [{ planId: 'x' }, '招录计划编号必须是数字'],
      [{ departmentId: 0 }, '部门编号必须是正数'],
    ] as const) {
      const res = await list(t.admin, payload);
      expectError(res, 400, msg);
    }
  });
});

describe('detail (job detail view)', () => {
  it('answers the post, its attachments, its plan dates (China time) and the company', async () => {
    const res = await detail(t.shenhe, mine);
    // The post as it was saved: what describes the job, its attachments among it, under `recruitment`.
    const { planId, departmentId, jobVacancy, places, talentTemplateId, ...recruitment } = valid;
    expect(res.json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: {
        id: mine,
        planId,
        departmentId,
        departmentName: '人事部',
        jobVacancy,
        places,
        talentTemplateId,
        recruitment,
        companyInfo: expect.objectContaining({ name: '湘江人力资源服务集团有限公司' }),
        recruitmentPlan: {
          id: plan1,
          name: '春季招聘',
          signUpStartDate: '2026-03-01 09:00',
          signUpEndDate: '2026-03-15 17:30',
          examAddress: '岳麓区考点',
        },
      },
    });
    expect(Object.keys(res.json().data.companyInfo).sort()).toEqual(
      ['address', 'industryName', 'introduce', 'logo', 'manageIdea', 'name'].sort(),
    );
  });

  it("answers 404 for another company's post and 400 for a bad id", async () => {
    await expectOthersNotFound(t, detail, { mine, theirs }, '招录岗位不存在');
    const res = await detail(t.admin, 'abc');
    expect(res.json()).toEqual({ code: 400, msg: '招录岗位编号必须是数字', data: null });
  });
});

describe('delete', () => {
  let applicationId: number;
  it('refuses a post with applications, and moving it to another plan, changing nothing', async () => {
    const application = await insertApplication(t.db, { companyId: t.company1, planId: plan1, recruitmentId: mine, realName: '李四' });
    applicationId = application.id;
    const before = await state();
    const res = await remove(t.admin, mine);
    expectError(res, 409, '“人力资源专员”已有 1 份报名，不能删除');
    const move = await save(t.admin, { ...valid, id: mine, planId: plan1b });
    expectError(move, 409, '“人力资源专员”已有 1 份报名，不能更换招录计划');
    expect(await state()).toEqual(before);
    expect((await list(t.admin, { planId: plan1 })).json().data.list[0].applicationCount).toBe(1);
  });

  it('refuses bad ids, 403 and 404, changing nothing', async () => {
    await expectIdRefusals(t, remove, '招录岗位', { mine, theirs }, state);
  });

  it('deletes a post without applications together with its attachments', async () => {
    await t.db.delete(candidateApplication).where(eq(candidateApplication.id, applicationId));
    const before = await state();
    const res = await remove(t.admin, mine);
    expect(res.json()).toEqual({ code: 200, msg: '删除成功', data: null });
    expect(await state()).toEqual({
      posts: before.posts.filter((p) => p.id !== mine),
      files: before.files.filter((f) => f.recruitmentId !== mine),
    });
    expect(await postRow(theirs)).toBeDefined();
  });
});

describe('at the same moment', () => {
  it('deletes a post once when asked many times at once; the other calls answer 404', async () => {
    const id = await add(t.admin, { jobVacancy: '并发删除岗位' });
    await warmUp(() => list(t.admin));
    const answers = await atOnce(20, () => remove(t.admin, id));
    expectOneSucceeded(answers, 404, '招录岗位不存在');
    expect(await postRow(id)).toBeUndefined();
    expect(await filesOf(id)).toEqual([]);
  });
});
