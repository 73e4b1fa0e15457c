import { talentInput } from '@zhaokao/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationResume, candidateApplication, recruitmentInfo, recruitmentPlan, talent, talentField, talentTemplate, talentTemplateField } from '../../db/tables.js';
import { TALENT_FIELDS, seedTalentFields } from '../../seed/talent-fields.js';
import { expectError, expectOthersNotFound, expectRefusedUnchanged, useTestApp } from '../../test/app.js';
import { identityNo, insertPlan, resume } from '../../test/recruitment.js';
import { FIXED, settings, templateCalls } from './talent-template.support.js';

const t = useTestApp();
let plan1: number;

beforeAll(async () => {
  const [plan] = await t.db
    .insert(recruitmentPlan)
    .values({
      companyId: t.company1,
      name: '2026 年公开招聘',
      signUpStartDate: new Date('2026-12-01T00:00:00Z'),
      signUpEndDate: new Date('2026-12-10T00:00:00Z'),
      writtenStartDate: new Date('2026-12-20T00:00:00Z'),
      auditionStartDate: new Date('2027-01-05T00:00:00Z'),
    })
    .returning();
  plan1 = plan!.id;
});

const fieldList = (token: string) => t.post('/api/talent/talentField/allList', token);
const { templateList, saveTemplate, deleteTemplate, templateRow } = templateCalls(t);
const expand = (token: string, id: number | string) => t.get(`/api/talent/talentTemplateExpand/templateExpand/${id}`, token);

const FORBIDDEN = '您没有执行该操作的权限';

const fieldRows = (templateId: number) =>
  t.db
    .select()
    .from(talentTemplateField)
    .where(eq(talentTemplateField.templateId, templateId))
    .orderBy(asc(talentTemplateField.fieldCode));
/** The stored rows `settings(...)` should produce, ordered as fieldRows answers them. */
const storedOf = (companyId: number, templateId: number, given: ReturnType<typeof settings>) =>
  given
    .map((s) => ({ companyId, templateId, fieldCode: s.fieldCode, showStatus: s.showStatus, required: s.required }))
    .sort((a, b) => (a.fieldCode < b.fieldCode ? -1 : a.fieldCode > b.fieldCode ? 1 : 0));

/** Everything these calls could change, to prove a refused call changed nothing. */
const snapshot = async () => ({
  fields: await t.db.select().from(talentField).orderBy(asc(talentField.code)),
  templates: await t.db.select().from(talentTemplate).orderBy(asc(talentTemplate.id)),
  settings: await t.db
    .select()
    .from(talentTemplateField)
    .orderBy(asc(talentTemplateField.templateId), asc(talentTemplateField.fieldCode)),
  posts: await t.db.select().from(recruitmentInfo).orderBy(asc(recruitmentInfo.id)),
});
const expectRefused = (call: () => ReturnType<typeof t.post>, status: number, msg: string) =>
  expectRefusedUnchanged(snapshot, call, status, msg);

/** Adds a post of company 1 to plan 1 that uses template 2, and answers its id. */
const insertPostUsingTemplate2 = async (jobVacancy: string, places: number) => {
  const [post] = await t.db
    .insert(recruitmentInfo)
    .values({ companyId: t.company1, planId: plan1, jobVacancy, places, talentTemplateId: template2 })
    .returning();
  return post!.id;
};

/** Every scalar of SPEC §3 TalentInfo except id and buyStatus, and its six lists. */
const SPEC_FIELDS = [
  'realName', 'sex', 'nation', 'oldRealName', 'birthday', 'age', 'politicalOutlook', 'joinPartyDate', 'marriageHistory',
  'candidateType', 'bodyStatus', 'positionStatus', 'contractExpireDate', 'certificateImage', 'nationality',
  'hometown', 'registeredResidenceAddress', 'nowAddress', 'habitation', 'familyAddress', 'postalAddress',
  'documentType', 'identityNo', 'workYears', 'joinWorkDate', 'phone', 'email', 'otherContactInformation', 'identityType',
  'identityDate', 'archivesStatus', 'archivesAddress', 'drivingLicenseCategory', 'drivingLicenseType',
  'totalDrivingMileage', 'drivingLevel', 'computerLevel', 'technicalTitle', 'firstForeignLanguage',
  'firstForeignLanguageLevel', 'secondForeignLanguage', 'secondForeignLanguageLevel', 'education', 'graduateSchool',
  'nowPosition', 'position', 'strongPoint', 'personalEvaluation', 'remarks',
  'educationList', 'familyList', 'workList', 'enclosureList', 'certificateList', 'rewardList',
];

describe('talentField/allList', () => {
  it('answers the whole catalogue in order, grouped into the resume sections', async () => {
    const res = await fieldList(t.shenhe);
    expect(res.json()).toMatchObject({ code: 200, msg: '操作成功' });
    const rows = res.json().data as { code: string; name: string; groupName: string; sort: number }[];
    expect(rows).toEqual(TALENT_FIELDS);
    expect(rows.map((r) => r.code).sort()).toEqual([...SPEC_FIELDS].sort());
    expect([...new Set(rows.map((r) => r.groupName))]).toEqual([
      '基本信息', '联系方式与证件', '地址', '档案与驾驶', '技能与语言', '其他',
      '教育经历', '家庭成员', '工作经历', '附件', '证书', '奖励',
    ]);
    expect(rows[0]).toEqual({ code: 'realName', name: '姓名', groupName: '基本信息', sort: 10 });
    expect(rows.filter((r) => r.code.endsWith('List')).map((r) => [r.code, r.name, r.groupName])).toEqual([
      ['educationList', '教育经历', '教育经历'],
      ['familyList', '家庭成员', '家庭成员'],
      ['workList', '工作经历', '工作经历'],
      ['enclosureList', '附件', '附件'],
      ['certificateList', '证书', '证书'],
      ['rewardList', '奖励', '奖励'],
    ]);
    expect(rows.map((r) => r.sort)).toEqual(rows.map((_, i) => (i + 1) * 10));
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
    expect((await fieldList(t.hospital)).json().data).toEqual(rows);
  });

  it('names `position` as the contracts do: the present employer (现工作单位), which the demo resumes hold, not a job title', async () => {
    const rows = (await fieldList(t.shenhe)).json().data as { code: string; name: string }[];
    const position = rows.find((r) => r.code === 'position')!;
    const tooLong = talentInput.shape.position.safeParse('单'.repeat(101));
    expect(tooLong.error?.issues[0]?.message).toBe(`${position.name}最长 100 个字`);
    expect(position.name).toBe('现工作单位');
  });

  it('is seeded idempotently, never overwriting a stored row', async () => {
    await t.db.update(talentField).set({ name: '姓名（改）' }).where(eq(talentField.code, 'realName'));
    const before = await t.db.select().from(talentField).orderBy(asc(talentField.code));
    await seedTalentFields(t.db);
    await seedTalentFields(t.db);
    expect(await t.db.select().from(talentField).orderBy(asc(talentField.code))).toEqual(before);
    await t.db.update(talentField).set({ name: '姓名' }).where(eq(talentField.code, 'realName'));
    expect(before).toHaveLength(TALENT_FIELDS.length);
  });

  it('needs a signed-in user', async () => {
    const res = await t.post('/api/talent/talentField/allList');
    expect(res.json().code).toBe(50008);
  });
});

let template1: number;
let template2: number;
let theirTemplate: number;

describe('talentTemplate/save', () => {
  it('adds a template with a setting for every field, name and remark trimmed', async () => {
    const given = settings({ oldRealName: { showStatus: 0 }, email: { required: true }, rewardList: { showStatus: 0 } });
    const res = await saveTemplate(t.admin, { name: ' 通用模板 ', remark: ' 适用于大部分岗位 ', fields: given });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: { id: expect.any(Number) } });
    template1 = res.json().data.id;
    expect(await templateRow(template1)).toEqual({ id: template1, companyId: t.company1, name: '通用模板', remark: '适用于大部分岗位' });
    expect(await fieldRows(template1)).toEqual(storedOf(t.company1, template1, given));
  });

  it('takes settings in any order, required defaulting to false', async () => {
    const given = settings({ sex: { showStatus: 0 } })
      .sort((a, b) => (a.fieldCode < b.fieldCode ? 1 : -1))
      .map((s) => (FIXED.includes(s.fieldCode) ? s : { fieldCode: s.fieldCode, showStatus: s.showStatus }));
    const res = await saveTemplate(t.admin, { name: '简易模板', fields: given });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: { id: expect.any(Number) } });
    template2 = res.json().data.id;
    expect(await templateRow(template2)).toEqual({ id: template2, companyId: t.company1, name: '简易模板', remark: '' });
    expect(await fieldRows(template2)).toEqual(
      storedOf(t.company1, template2, settings({ sex: { showStatus: 0 } })),
    );
  });

  it('edits a template: name, remark and every setting replaced', async () => {
    const given = settings({ workList: { required: true }, nation: { showStatus: 0 }, email: { showStatus: 0 } });
    const res = await saveTemplate(t.admin, { id: template1, name: '通用模板（新）', remark: '', fields: given });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: { id: template1 } });
    expect(await templateRow(template1)).toEqual({ id: template1, companyId: t.company1, name: '通用模板（新）', remark: '' });
    expect(await fieldRows(template1)).toEqual(storedOf(t.company1, template1, given));
    // The other template is untouched.
    expect(await fieldRows(template2)).toEqual(storedOf(t.company1, template2, settings({ sex: { showStatus: 0 } })));
  });

  it('lets another company use the same name', async () => {
    const res = await saveTemplate(t.hospital, { name: '通用模板（新）', fields: settings() });
    expect(res.json().code).toBe(200);
    theirTemplate = res.json().data.id;
    expect(await templateRow(theirTemplate)).toEqual({ id: theirTemplate, companyId: t.company2, name: '通用模板（新）', remark: '' });
    expect(await fieldRows(theirTemplate)).toEqual(storedOf(t.company2, theirTemplate, settings()));
  });

  const badInputs: [string, () => object, string][] = [
    ['no name', () => ({ fields: settings() }), '请输入模板名称'],
    ['a blank name', () => ({ name: '   ', fields: settings() }), '请输入模板名称'],
    ['a name that is not text', () => ({ name: 12, fields: settings() }), '请输入模板名称'],
    ['a name of 31 characters', () => ({ name: '模'.repeat(31), fields: settings() }), '模板名称最长 30 个字'],
    ['a remark of 201 characters', () => ({ name: '新模板', remark: '备'.repeat(201), fields: settings() }), '备注最长 200 个字'],
    ['no fields', () => ({ name: '新模板' }), '请设置模板字段'],
    ['fields that are not a list', () => ({ name: '新模板', fields: 'realName' }), '请设置模板字段'],
    ['an empty field list', () => ({ name: '新模板', fields: [] }), '请设置模板字段'],
    ['a showStatus of 2', () => ({ name: '新模板', fields: settings({ sex: { showStatus: 2 } }) }), '显示状态不正确'],
    ['a showStatus that is text', () => ({ name: '新模板', fields: settings({ sex: { showStatus: '1' as never } }) }), '显示状态不正确'],
    ['required that is not true or false', () => ({ name: '新模板', fields: settings({ sex: { required: 1 as never } }) }), '必填状态不正确'],
    ['a field code that is not text', () => ({ name: '新模板', fields: [...settings(), { fieldCode: 5, showStatus: 1 }] }), '字段编码不正确'],
    ['a repeated field', () => ({ name: '新模板', fields: [...settings(), { fieldCode: 'sex', showStatus: 0 }] }), '字段“sex”重复设置'],
    ['an unknown field', () => ({ name: '新模板', fields: [...settings(), { fieldCode: 'salary', showStatus: 1 }] }), '字段“salary”不存在'],
    ['a missing field', () => ({ name: '新模板', fields: settings({ oldRealName: null }) }), '请设置字段“曾用名”'],
    ['a hidden field set required', () => ({ name: '新模板', fields: settings({ sex: { showStatus: 0, required: true } }) }), '隐藏的字段不能设为必填：性别'],
    ['the name field hidden', () => ({ name: '新模板', fields: settings({ realName: { showStatus: 0, required: false } }) }), '“姓名”是报名必需的字段，必须显示且必填'],
    ['the phone field not required', () => ({ name: '新模板', fields: settings({ phone: { required: false } }) }), '“手机号码”是报名必需的字段，必须显示且必填'],
    ['an id that is not a number', () => ({ id: 'abc', name: '新模板', fields: settings() }), '简历模板编号必须是数字'],
    ['an id of 0', () => ({ id: 0, name: '新模板', fields: settings() }), '简历模板编号必须是正数'],
  ];
  for (const [what, payload, msg] of badInputs) {
    it(`refuses ${what} with “${msg}” and changes nothing`, async () => {
      await expectRefused(() => saveTemplate(t.admin, payload()), 400, msg);
    });
  }

  it('refuses bad settings when editing too', async () => {
    await expectRefused(
      () => saveTemplate(t.admin, { id: template1, name: '通用模板（新）', fields: settings({ rewardList: null }) }),
      400,
      '请设置字段“奖励”',
    );
  });

  it('refuses a name the company already uses with 409', async () => {
    await expectRefused(() => saveTemplate(t.admin, { name: ' 简易模板 ', fields: settings() }), 409, '已有名为“简易模板”的简历模板');
    await expectRefused(
      () => saveTemplate(t.admin, { id: template1, name: '简易模板', fields: settings() }),
      409,
      '已有名为“简易模板”的简历模板',
    );
    // Saving under its own name is fine.
    const same = await fieldRows(template2);
    expect((await saveTemplate(t.admin, { id: template2, name: '简易模板', fields: settings({ sex: { showStatus: 0 } }) })).json().code).toBe(200);
    expect(await fieldRows(template2)).toEqual(same);
  });

  it("answers 404 for another company's template or an unknown one, and leaves it unchanged", async () => {
    await expectOthersNotFound(
      t,
      (token, id) => saveTemplate(token, { id, name: '改名了', fields: settings() }),
      { mine: template1, theirs: theirTemplate },
      '简历模板不存在',
      snapshot,
    );
  });

  it('refuses a user without plan:edit with 403 and changes nothing', async () => {
    await expectRefused(() => saveTemplate(t.shenhe, { name: '审核员的模板', fields: settings() }), 403, FORBIDDEN);
    await expectRefused(() => saveTemplate(t.shenhe, { id: template1, name: '改名了', fields: settings() }), 403, FORBIDDEN);
  });
});

describe('talentTemplate/allList', () => {
  it("answers the company's templates, newest first, with their counts", async () => {
    const job = await insertPostUsingTemplate2('会计', 2);
    const res = await templateList(t.shenhe);
    expect(res.json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: [
        {
          id: template2,
          name: '简易模板',
          remark: '',
          shownCount: TALENT_FIELDS.length - 1,
          requiredCount: 3,
          postCount: 1,
          createdAt: expect.any(String),
        },
        {
          id: template1,
          name: '通用模板（新）',
          remark: '',
          shownCount: TALENT_FIELDS.length - 2,
          requiredCount: 4,
          postCount: 0,
          createdAt: expect.any(String),
        },
      ],
    });
    expect(new Date(res.json().data[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await templateList(t.hospital)).json().data).toEqual([
      expect.objectContaining({ id: theirTemplate, name: '通用模板（新）', shownCount: TALENT_FIELDS.length, requiredCount: 3, postCount: 0 }),
    ]);
    await t.db.delete(recruitmentInfo).where(eq(recruitmentInfo.id, job));
  });
});

describe('talentTemplateExpand/templateExpand', () => {
  it("answers every catalogue field with the template's setting, name and section", async () => {
    const res = await expand(t.shenhe, template1);
    expect(res.json()).toMatchObject({ code: 200, msg: '操作成功' });
    const given = new Map(settings({ workList: { required: true }, nation: { showStatus: 0 }, email: { showStatus: 0 } }).map((s) => [s.fieldCode, s]));
    expect(res.json().data).toEqual(
      TALENT_FIELDS.map((f) => ({
        fieldCode: f.code,
        showStatus: given.get(f.code)!.showStatus,
        required: given.get(f.code)!.required,
        name: f.name,
        groupName: f.groupName,
        sort: f.sort,
      })),
    );
    expect(res.json().data.find((r: { fieldCode: string }) => r.fieldCode === 'nation')).toEqual({
      fieldCode: 'nation',
      showStatus: 0,
      required: false,
      name: '民族',
      groupName: '基本信息',
      sort: 40,
    });
  });

  it('answers a field the template has no setting for (added to the catalogue later) as hidden', async () => {
    await t.db.insert(talentField).values({ code: 'zzTestField', name: '测试字段', groupName: '其他', sort: 99999 });
    const rows = (await expand(t.admin, template1)).json().data as { fieldCode: string }[];
    expect(rows.at(-1)).toEqual({ fieldCode: 'zzTestField', showStatus: 0, required: false, name: '测试字段', groupName: '其他', sort: 99999 });
    expect(rows).toHaveLength(TALENT_FIELDS.length + 1);
    // While the catalogue has it, saving must set it too.
    await expectRefused(() => saveTemplate(t.admin, { id: template1, name: '通用模板（新）', fields: settings() }), 400, '请设置字段“测试字段”');
    await t.db.delete(talentField).where(eq(talentField.code, 'zzTestField'));
  });

  it("answers 404 for another company's template or an unknown one", async () => {
    await expectOthersNotFound(t, expand, { mine: template1, theirs: theirTemplate }, '简历模板不存在');
  });

  it('refuses a bad id with 400', async () => {
    for (const [id, msg] of [
      ['abc', '简历模板编号必须是数字'],
      ['-1', '简历模板编号必须是正数'],
      ['2147483648', '简历模板编号不正确'],
    ] as const) {
      const res = await expand(t.admin, id);
      expectError(res, 400, msg);
    }
  });
});

describe('talentTemplate/delete', () => {
  it('refuses a template a post uses with 409 and changes nothing', async () => {
    const used = await insertPostUsingTemplate2('出纳', 1);
    await expectRefused(
      () => deleteTemplate(t.admin, template2),
      409,
      '还有 1 个岗位使用简历模板“简易模板”，请先为这些岗位换用其他模板',
    );
    await t.db.update(recruitmentInfo).set({ talentTemplateId: null }).where(eq(recruitmentInfo.id, used));
  });

  it('refuses a user without plan:edit with 403 and changes nothing', async () => {
    await expectRefused(() => deleteTemplate(t.shenhe, template1), 403, FORBIDDEN);
  });

  it("answers 404 for another company's template or an unknown one, and leaves it", async () => {
    await expectRefused(() => deleteTemplate(t.admin, theirTemplate), 404, '简历模板不存在');
    await expectRefused(() => deleteTemplate(t.hospital, template1), 404, '简历模板不存在');
    await expectRefused(() => deleteTemplate(t.admin, 999999), 404, '简历模板不存在');
  });

  it('refuses a bad id with 400', async () => {
    await expectRefused(() => deleteTemplate(t.admin, 'abc'), 400, '简历模板编号必须是数字');
    await expectRefused(() => deleteTemplate(t.admin, '0'), 400, '简历模板编号必须是正数');
  });

  it('deletes a template nobody uses with its settings, and nothing else', async () => {
    const before = await snapshot();
    const res = await deleteTemplate(t.admin, template2);
    expect(res.json()).toEqual({ code: 200, msg: '删除成功', data: null });
    expect(await templateRow(template2)).toBeUndefined();
    expect(await fieldRows(template2)).toEqual([]);
    const after = await snapshot();
    expect(after.templates).toEqual(before.templates.filter((r) => r.id !== template2));
    expect(after.settings).toEqual(before.settings.filter((r) => r.templateId !== template2));
    expect(after.posts).toEqual(before.posts);
    expect(
      await t.db
        .select()
        .from(talentTemplateField)
        .where(and(eq(talentTemplateField.companyId, t.company1), eq(talentTemplateField.templateId, template1))),
    ).toHaveLength(TALENT_FIELDS.length);
    await expectRefused(() => deleteTemplate(t.admin, template2), 404, '简历模板不存在');
    expect((await templateList(t.admin)).json().data.map((r: { id: number }) => r.id)).toEqual([template1]);
  });
});

const apply = (recruitmentId: number, talentInfo: object) =>
  t.app.inject({ method: 'POST', url: '/api/open/recruitment/apply', payload: { recruitmentId, talentInfo } });
const written = async () => ({
  talents: await t.db.$count(talent),
  applications: await t.db.$count(candidateApplication),
  resumes: await t.db.$count(applicationResume),
});

describe('the template’s required fields (必填) at apply and resubmit', () => {
  let templated: number;
  let plain: number;
  const required = { graduateSchool: { required: true }, educationList: { required: true }, birthday: { required: true }, age: { required: true } };

  beforeAll(async () => {
    const saved = await saveTemplate(t.admin, { name: '需要学历的简历', fields: settings({ ...required, email: { showStatus: 0 } }) });
    expect(saved.json().code).toBe(200);
    // another template asks for the e-mail: it is not this post's rule
    expect((await saveTemplate(t.admin, { name: '需要邮箱的简历', fields: settings({ email: { required: true } }) })).json().code).toBe(200);
    const open = await insertPlan(t.db, t.company1, { name: '必填字段计划', posts: ['有模板', '无模板'] });
    templated = open.posts[0]!.id;
    plain = open.posts[1]!.id;
    await t.db.update(recruitmentInfo).set({ talentTemplateId: saved.json().data.id }).where(eq(recruitmentInfo.id, templated));
  });

  it('refuses a resume that leaves one empty with a Chinese 400 naming it, and writes nothing', async () => {
    const person = { identityNo: identityNo('1993-03-03', 331), phone: '13933300331', email: '' };
    for (const [patch, msg] of [
      [{ graduateSchool: '' }, '请填写毕业院校'],
      [{ graduateSchool: '   ' }, '请填写毕业院校'],
      [{ educationList: [] }, '请填写教育经历'],
      [{ graduateSchool: '', educationList: [] }, '请填写毕业院校'],
    ] as const) {
      await expectRefusedUnchanged(written, () => apply(templated, resume({ ...person, ...patch })), 400, msg);
    }
    // the same resume on a post without a template, and a complete one here, are taken (the birthday follows from the number)
    expect((await apply(plain, resume({ ...person, graduateSchool: '', educationList: [] }))).json().code).toBe(200);
    const complete = resume({ identityNo: identityNo('1993-03-03', 333), phone: '13933300333', email: '' });
    expect((await apply(templated, complete)).json().code).toBe(200);
  });

  it('refuses a resubmission that leaves one empty, keeping the resume as it was', async () => {
    const person = { identityNo: identityNo('1993-03-03', 335), phone: '13933300335' };
    const applied = await apply(templated, resume(person));
    const applicationId: number = applied.json().data.applicationId;
    await t.db.update(candidateApplication).set({ status: 12 }).where(eq(candidateApplication.id, applicationId));
    const stored = async () => (await t.db.select().from(applicationResume).where(eq(applicationResume.applicationId, applicationId)))[0];
    const resubmit = (patch: object) =>
      t.app.inject({ method: 'POST', url: '/api/open/recruitment/resubmit', payload: { applicationId, talentInfo: resume({ ...person, ...patch }) } });
    await expectRefusedUnchanged(stored, () => resubmit({ educationList: [] }), 400, '请填写教育经历');
    await expectRefusedUnchanged(stored, () => resubmit({ graduateSchool: '' }), 400, '请填写毕业院校');
    expect((await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, applicationId)))[0]!.status).toBe(12);
    expect((await resubmit({ graduateSchool: '湖南师范大学' })).json().code).toBe(200);
    expect((await stored())!.graduateSchool).toBe('湖南师范大学');
  });
});
