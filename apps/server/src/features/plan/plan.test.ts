import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidateApplication, recruitmentInfo, stagePublication, staffUser, sysOrg, talent, workflowItem } from '../../db/tables.js';
import { expectAddAndEditRefused, expectError, expectIdRefusals, expectOthersNotFound, useTestApp } from '../../test/app.js';
import { insertApplication } from '../../test/recruitment.js';
import { planCalls } from './plan.support.js';

const t = useTestApp();

const { list, options, save, setStatus, remove, planRows, planRow, valid, add } = planCalls(t);

/**
 * 缴费方式, 证件照要求 and 录用环节 when the form leaves them out: fee before the review, the contracts' default photo
 * rule, no gate stage, a 7-day 公示 and a 3-day 成绩复查 window.
 */
const defaultFeeAndPhoto = { feeAfterReview: false, feePayDays: 3, photoWidth: 295, photoHeight: 413, photoMinKb: 10, photoMaxKb: 200, gates: [], publicityDays: 7, recheckDays: 3 };
/** 加分's plan columns as stored (the plan list does not carry them: 加分管理 reads them). */
const defaultBonus = { bonusCap: '5.00', bonusStacking: false };
/** 同分排序 and 同分加试 when the form leaves them out: ties on the composite by the written score, no 加试. */
const defaultTieBreak = { tieBreakChain: [{ link: 'written' }], extraTestOnTie: false };

let mine: number; // company 1's plan
let theirs: number; // company 2's plan

describe('save: adding and editing plans', () => {
  it('adds a draft plan, keeping China times as instants, exact decimals and fee in cents', async () => {
    mine = await add(t.admin);
    expect(await planRow(mine)).toEqual({
      id: mine,
      companyId: t.company1,
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
      minExamRatio: '3.0',
      writtenPassLine: null,
      interviewPassLine: null,
      registrationFee: 8050,
      ...defaultFeeAndPhoto,
      ...defaultTieBreak,
      ...defaultBonus,
      status: 'draft',
      examMode: 'full',
      remark: '备注',
    });
    theirs = await add(t.hospital, { name: '医院护士招聘' });
    expect((await planRow(theirs))!.companyId).toBe(t.company2);
  });

  it('fills the defaults: weight 0.5, entry ratio 3, minimum exam ratio 3, no pass line, full marks 100, fee 0', async () => {
    const id = await add(t.admin, {
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
      minExamRatio: '3.0',
      writtenPassLine: null,
      interviewPassLine: null,
      registrationFee: 0,
      writtenExamAddress: '',
      auditionExamAddress: '',
      remark: '',
    });
    expect((await remove(t.admin, id)).json().code).toBe(200);
  });

  it('keeps 缴费方式 and 证件照要求, lists them, and edits them', async () => {
    const settings = { feeAfterReview: true, feePayDays: 30, photoWidth: 100, photoHeight: 2000, photoMinKb: 1, photoMaxKb: 2048 };
    const id = await add(t.admin, { name: '缴费照片计划', ...settings });
    expect(await planRow(id)).toMatchObject(settings);
    expect((await list(t.admin, { keyword: '缴费照片' })).json().data.list[0]).toMatchObject(settings);
    const edited = { feeAfterReview: false, feePayDays: 1, photoWidth: 358, photoHeight: 441, photoMinKb: 20, photoMaxKb: 21 };
    const res = await save(t.admin, { ...valid, name: '缴费照片计划', id, ...edited });
    expect(res.json().code, res.json().msg).toBe(200);
    expect(await planRow(id)).toMatchObject(edited);
    expect((await remove(t.admin, id)).json().code).toBe(200);
  });

  it('keeps 录用环节 (in the table order, once each) and 公示天数, lists them, and edits them', async () => {
    const id = await add(t.admin, { name: '录用环节计划', gates: [7, 4, '5', 7], publicityDays: 30 });
    expect(await planRow(id)).toMatchObject({ gates: [4, 5, 7], publicityDays: 30 });
    expect((await list(t.admin, { keyword: '录用环节' })).json().data.list[0]).toMatchObject({ gates: [4, 5, 7], publicityDays: 30 });
    const res = await save(t.admin, { ...valid, name: '录用环节计划', id, gates: [6], publicityDays: 1 });
    expect(res.json().code, res.json().msg).toBe(200);
    expect(await planRow(id)).toMatchObject({ gates: [6], publicityDays: 1 });
    expect((await save(t.admin, { ...valid, name: '录用环节计划', id, gates: [] })).json().code).toBe(200);
    expect(await planRow(id)).toMatchObject({ gates: [], publicityDays: 7 });
    expect((await remove(t.admin, id)).json().code).toBe(200);
  });

  it('refuses to add or drop 资格复审 once a post published its written results (409, nothing changed)', async () => {
    const id = await add(t.admin, { name: '发布后环节计划', gates: [5] });
    const [department] = await t.db.insert(sysOrg).values({ companyId: t.company1, name: '发布部' }).returning();
    const [job] = await t.db
      .insert(recruitmentInfo)
      .values({ companyId: t.company1, planId: id, departmentId: department!.id, jobVacancy: '会计', places: 1 })
      .returning();
    await t.db.insert(stagePublication).values({ companyId: t.company1, recruitmentId: job!.id, stage: 2, places: 1, quota: 3, passed: 0, failed: 0, publishedBy: t.adminId });
    const before = await planRows();
    expectError(await save(t.admin, { ...valid, name: '发布后环节计划', id, gates: [4, 5] }), 409, '已有岗位发布了笔试成绩，不能再增减资格复审环节');
    expect(await planRows()).toEqual(before);
    // the gates after the interview take their candidates by 确认名单: they may change, even after the interview's publication
    await t.db.insert(stagePublication).values({ companyId: t.company1, recruitmentId: job!.id, stage: 3, places: 1, quota: 1, passed: 0, failed: 0, publishedBy: t.adminId });
    const res = await save(t.admin, { ...valid, name: '发布后环节计划', id, gates: [5, 6] });
    expect(res.json().code, res.json().msg).toBe(200);
    await t.db.delete(stagePublication).where(eq(stagePublication.recruitmentId, job!.id));
    await t.db.delete(recruitmentInfo).where(eq(recruitmentInfo.planId, id));
    await t.db.delete(sysOrg).where(eq(sysOrg.id, department!.id));
    expect((await remove(t.admin, id)).json().code).toBe(200);
  });

  it('refuses to drop a gate an application of the plan has reached (409, nothing changed), and allows the others', async () => {
    const id = await add(t.admin, { name: '环节变更计划', gates: [4, 5, 6, 7] });
    const [department] = await t.db.insert(sysOrg).values({ companyId: t.company1, name: '环节部' }).returning();
    const [job] = await t.db
      .insert(recruitmentInfo)
      .values({ companyId: t.company1, planId: id, departmentId: department!.id, jobVacancy: '出纳', places: 1 })
      .returning();
    const a = await insertApplication(t.db, { companyId: t.company1, planId: id, recruitmentId: job!.id, realName: '李四' }, { identityNo: '110105199001010010' });
    const b = await insertApplication(t.db, { companyId: t.company1, planId: id, recruitmentId: job!.id, realName: '王五' }, { identityNo: '110105199001010029' });
    // 资格复审 passed (26) and 体检 withdrew (38): both gates reached; 考察 and 公示 not.
    await t.db.update(candidateApplication).set({ status: 26 }).where(eq(candidateApplication.id, a.id));
    await t.db.update(candidateApplication).set({ status: 38 }).where(eq(candidateApplication.id, b.id));
    for (const [gates, msg] of [
      [[5, 6, 7], '已有 1 名考生进入资格复审环节，不能取消资格复审'],
      [[4, 6, 7], '已有 1 名考生进入体检环节，不能取消体检'],
      [[], '已有 1 名考生进入资格复审环节，不能取消资格复审'],
    ] as const) {
      const before = await planRows();
      expectError(await save(t.admin, { ...valid, name: '环节变更计划', id, gates, publicityDays: 10 }), 409, msg);
      expect(await planRows()).toEqual(before);
    }
    const res = await save(t.admin, { ...valid, name: '环节变更计划', id, gates: [4, 5] });
    expect(res.json().code, res.json().msg).toBe(200);
    expect(await planRow(id)).toMatchObject({ gates: [4, 5] });
    await t.db.delete(candidateApplication).where(eq(candidateApplication.planId, id));
    await t.db.delete(talent).where(inArray(talent.id, [a.talentId, b.talentId]));
    await t.db.delete(recruitmentInfo).where(eq(recruitmentInfo.planId, id));
    await t.db.delete(sysOrg).where(eq(sysOrg.id, department!.id));
    expect((await remove(t.admin, id)).json().code).toBe(200);
  });

  it('allows sign-up end equal to the written exam time', async () => {
    const id = await add(t.admin, { name: '同日计划', signUpEndDate: '2026-03-28 09:00' });
    expect((await planRow(id))!.signUpEndDate).toEqual(new Date('2026-03-28T01:00:00Z'));
    expect((await remove(t.admin, id)).json().code).toBe(200);
  });

  it('edits a plan but keeps its status', async () => {
    expect((await setStatus(t.admin, mine, 'published')).json().code).toBe(200);
    const res = await save(t.admin, { ...valid, id: mine, name: '2026年春季招聘（修订）', registrationFeeY: '100' });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: { id: mine } });
    expect(await planRow(mine)).toMatchObject({ name: '2026年春季招聘（修订）', registrationFee: 10000, status: 'published' });
    await save(t.admin, { ...valid, id: mine });
  });

  it('keeps the minimum exam ratio (one decimal) and the written pass line (two decimals, up to full marks), and clears the line', async () => {
    const id = await add(t.admin, { name: '开考比例计划', minExamRatio: '2.5', writtenPassLine: '150' });
    expect(await planRow(id)).toMatchObject({ minExamRatio: '2.5', writtenPassLine: '150.00', writtenFullMarks: '150.00' });
    const listed = (await list(t.admin, { keyword: '开考比例' })).json().data.list[0];
    expect(listed).toMatchObject({ minExamRatio: '2.5', writtenPassLine: '150.00' });
    for (const [patch, saved] of [
      [{ minExamRatio: 0, writtenPassLine: 59.5 }, { minExamRatio: '0.0', writtenPassLine: '59.50' }],
      [{ minExamRatio: '100', writtenPassLine: '0' }, { minExamRatio: '100.0', writtenPassLine: '0.00' }],
      [{ minExamRatio: '3', writtenPassLine: null }, { minExamRatio: '3.0', writtenPassLine: null }],
      [{ writtenPassLine: '60' }, { writtenPassLine: '60.00' }],
      [{ writtenPassLine: undefined }, { writtenPassLine: null }],
    ] as const) {
      const res = await save(t.admin, { ...valid, name: '开考比例计划', id, ...patch });
      expect(res.json().code, res.json().msg).toBe(200);
      expect(await planRow(id)).toMatchObject(saved);
    }
    expect((await remove(t.admin, id)).json().code).toBe(200);
  });

  it('keeps the interview pass mark (two decimals, up to the interview full marks), lists it, and clears it', async () => {
    const id = await add(t.admin, { name: '面试合格线计划', interviewPassLine: '100.5' });
    expect(await planRow(id)).toMatchObject({ interviewPassLine: '100.50', auditionFullMarks: '100.50' });
    expect((await list(t.admin, { keyword: '面试合格线' })).json().data.list[0]).toMatchObject({ interviewPassLine: '100.50' });
    for (const [patch, saved] of [
      [{ interviewPassLine: 59.5 }, { interviewPassLine: '59.50' }],
      [{ interviewPassLine: '0' }, { interviewPassLine: '0.00' }],
      [{ interviewPassLine: null }, { interviewPassLine: null }],
      [{ interviewPassLine: '60' }, { interviewPassLine: '60.00' }],
      [{ interviewPassLine: undefined }, { interviewPassLine: null }],
    ] as const) {
      const res = await save(t.admin, { ...valid, name: '面试合格线计划', id, ...patch });
      expect(res.json().code, res.json().msg).toBe(200);
      expect(await planRow(id)).toMatchObject(saved);
    }
    expect((await remove(t.admin, id)).json().code).toBe(200);
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
    ['a minimum exam ratio with two decimals', { minExamRatio: '2.55' }, '开考比例须为不小于 0 的数字，最多 1 位小数'],
    ['a negative minimum exam ratio', { minExamRatio: '-1' }, '开考比例须为不小于 0 的数字，最多 1 位小数'],
    ['a minimum exam ratio above 100', { minExamRatio: '100.1' }, '开考比例不能大于 100'],
    ['a minimum exam ratio that is not a number', { minExamRatio: 'abc' }, '开考比例须为不小于 0 的数字，最多 1 位小数'],
    ['a pass line with three decimals', { writtenPassLine: '60.125' }, '合格分数线须为不小于 0 的数字，最多 2 位小数'],
    ['a negative pass line', { writtenPassLine: '-1' }, '合格分数线须为不小于 0 的数字，最多 2 位小数'],
    ['an empty pass line text', { writtenPassLine: '' }, '合格分数线须为不小于 0 的数字，最多 2 位小数'],
    ['a pass line above the written full marks', { writtenPassLine: '150.01' }, '合格分数线不能高于笔试满分'],
    ['a pass line above the default full marks', { writtenFullMarks: undefined, writtenPassLine: '100.5' }, '合格分数线不能高于笔试满分'],
    ['an interview pass mark with three decimals', { interviewPassLine: '60.125' }, '面试合格线须为不小于 0 的数字，最多 2 位小数'],
    ['a negative interview pass mark', { interviewPassLine: '-1' }, '面试合格线须为不小于 0 的数字，最多 2 位小数'],
    ['an interview pass mark above the interview full marks', { interviewPassLine: '100.51' }, '面试合格线不能高于面试满分'],
    ['an interview pass mark above the default full marks', { auditionFullMarks: undefined, interviewPassLine: '100.01' }, '面试合格线不能高于面试满分'],
    ['a 缴费方式 that is not a yes or no', { feeAfterReview: 'yes' }, '请选择缴费方式'],
    ['a pay period of 0 days', { feePayDays: 0 }, '缴费期限须在 1–30 天之间'],
    ['a pay period of 31 days', { feePayDays: 31 }, '缴费期限须在 1–30 天之间'],
    ['a fractional pay period', { feePayDays: 2.5 }, '缴费期限必须是整数'],
    ['a pay period that is not a number', { feePayDays: 'abc' }, '缴费期限必须是数字'],
    ['a photo narrower than 100 px', { photoWidth: 99 }, '照片宽度须在 100–2000 像素之间'],
    ['a photo taller than 2000 px', { photoHeight: 2001 }, '照片高度须在 100–2000 像素之间'],
    ['a photo minimum of 0 KB', { photoMinKb: 0 }, '照片最小体积须在 1–2048 KB 之间'],
    ['a photo maximum above 2048 KB', { photoMaxKb: 2049 }, '照片最大体积须在 1–2048 KB 之间'],
    ['a photo minimum equal to the maximum', { photoMinKb: 50, photoMaxKb: 50 }, '照片最小体积须小于最大体积'],
    ['a photo minimum above the default maximum', { photoMinKb: 201 }, '照片最小体积须小于最大体积'],
    ['an unknown gate stage', { gates: [3] }, '录用环节不正确'],
    ['gates that are not a list', { gates: '4' }, '录用环节不正确'],
    ['a 公示 of 0 days', { publicityDays: 0 }, '公示天数须在 1–30 天之间'],
    ['a 公示 of 31 days', { publicityDays: 31 }, '公示天数须在 1–30 天之间'],
  ];
  for (const [what, patch, msg] of bad) {
    it(`refuses ${what} with “${msg}” and changes nothing`, async () => {
      await expectAddAndEditRefused(planRows, (payload) => save(t.admin, payload), { ...valid, ...patch }, mine, 400, msg);
    });
  }

  it("answers 404 for another company's plan or an unknown one, and leaves it unchanged", async () => {
    await expectOthersNotFound(t, (token, id) => save(token, { ...valid, id, name: '篡改' }), { mine, theirs }, '招录计划不存在', planRows);
  });

  it('refuses a user without plan:edit with 403 and changes nothing', async () => {
    await expectAddAndEditRefused(planRows, (payload) => save(t.shenhe, payload), { ...valid, name: '篡改' }, mine, 403, '您没有执行该操作的权限');
  });
});

describe('allList and options', () => {
  it("lists the company's plans with China times, counts, yuan, paged and filtered", async () => {
    const second = await add(t.admin, { name: '秋季招聘' });
    const res = await list(t.shenhe, { pageNum: 1, pageSize: 1 });
    expect(res.json()).toMatchObject({ code: 200, msg: '操作成功' });
    expect(res.json().data.total).toBe(2);
    expect(res.json().data.list.map((p: { id: number }) => p.id)).toEqual([second]);
    const page2 = (await list(t.admin, { pageNum: 2, pageSize: 1 })).json().data;
    const { createdAt, ...row } = page2.list[0];
    expect(typeof createdAt).toBe('string');
    // The plan as it was saved, its decimals written out to their places.
    expect(row).toEqual({
      id: mine,
      ...valid,
      writtenFullMarks: '150.00',
      auditionFullMarks: '100.50',
      compositeWeight: '0.600',
      minExamRatio: '3.0',
      writtenPassLine: null,
      interviewPassLine: null,
      registrationFee: 8050,
      registrationFeeY: '80.50',
      ...defaultFeeAndPhoto,
      ...defaultTieBreak,
      status: 'published',
      postCount: 0,
      applicationCount: 0,
      signUpClosed: null,
    });
    expect((await list(t.admin, { keyword: '秋季' })).json().data.list.map((p: { id: number }) => p.id)).toEqual([second]);
    expect((await list(t.admin, { status: 'published' })).json().data.list.map((p: { id: number }) => p.id)).toEqual([mine]);
    expect((await list(t.hospital)).json().data.list.map((p: { id: number }) => p.id)).toEqual([theirs]);
    expect((await options(t.admin)).json().data).toEqual([
      { id: second, name: '秋季招聘', status: 'draft' },
      { id: mine, name: '2026年春季公开招聘', status: 'published' },
    ]);
    expect((await remove(t.admin, second)).json().code).toBe(200);
  });

  it('refuses bad filters with their Chinese message', async () => {
    for (const [payload, msg] of [
      [{ status: 'open' }, '计划状态不正确'],
      [{ pageSize: 500 }, '每页最多 200 条'],
      [{ keyword: '关'.repeat(51) }, '关键词最长 50 个字'],
    ] as const) {
      const res = await list(t.admin, payload);
      expectError(res, 400, msg);
    }
  });
});

describe('updateStatus', () => {
  it('moves draft → published → closed → published, and back to draft while nobody applied', async () => {
    const id = await add(t.admin, { name: '状态计划' });
    for (const status of ['published', 'closed', 'published', 'draft']) {
      const res = await setStatus(t.admin, id, status);
      expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: null });
      expect((await planRow(id))!.status).toBe(status);
    }
    const before = await planRows();
    const same = await setStatus(t.admin, id, 'draft');
    expectError(same, 409, '“状态计划”已是草稿状态');
    const skip = await setStatus(t.admin, id, 'closed');
    expectError(skip, 409, '草稿状态的计划不能直接结束，请先发布');
    expect(await planRows()).toEqual(before);
    await remove(t.admin, id);
  });

  it('refuses a bad status, 403 and 404, changing nothing', async () => {
    const before = await planRows();
    const bad = await setStatus(t.admin, mine, 'open');
    expectError(bad, 400, '计划状态不正确');
    const forbidden = await setStatus(t.shenhe, mine, 'closed');
    expect(forbidden.statusCode).toBe(403);
    for (const [token, id] of [
      [t.admin, theirs],
      [t.hospital, mine],
    ] as const) {
      const res = await setStatus(token, id, 'closed');
      expectError(res, 404, '招录计划不存在');
    }
    expect(await planRows()).toEqual(before);
  });
});

describe('delete', () => {
  it('refuses a plan with posts, applications or work items, and changes nothing', async () => {
    const [department] = await t.db.insert(sysOrg).values({ companyId: t.company1, name: '人事部' }).returning();
    const [job] = await t.db
      .insert(recruitmentInfo)
      .values({ companyId: t.company1, planId: mine, departmentId: department!.id, jobVacancy: '会计', places: 2 })
      .returning();
    let before = await planRows();
    let res = await remove(t.admin, mine);
    expectError(res, 409, '“2026年春季公开招聘”下还有 1 个招录岗位，请先删除岗位');
    expect(await planRows()).toEqual(before);

    const application = await insertApplication(t.db, { companyId: t.company1, planId: mine, recruitmentId: job!.id, realName: '张三' });
    before = await planRows();
    res = await remove(t.admin, mine);
    expect(res.json()).toEqual({ code: 409, msg: '“2026年春季公开招聘”已有 1 份报名，不能删除', data: null });
    const toDraft = await setStatus(t.admin, mine, 'draft');
    expect(toDraft.json()).toEqual({ code: 409, msg: '“2026年春季公开招聘”已有 1 份报名，不能改回草稿', data: null });
    expect(await planRows()).toEqual(before);
    await t.db.update(candidateApplication).set({ writtenGrade: '120.50' }).where(eq(candidateApplication.id, application.id));
    for (const [patch, msg] of [
      [{ writtenFullMarks: '120.49' }, '已有 1 名考生的笔试成绩高于 120.49 分，不能把笔试满分改低'],
      [{ writtenFullMarks: '150', auditionFullMarks: '100' }, null],
      [{ writtenFullMarks: '120.5' }, null],
    ] as const) {
      const saved = await save(t.admin, { ...valid, ...patch, id: mine });
      if (msg) {
        expectError(saved, 409, msg);
        expect(await planRows()).toEqual(before);
      } else {
        expect(saved.json().code).toBe(200);
      }
    }
    await t.db.update(candidateApplication).set({ auditionGrade: '90' }).where(eq(candidateApplication.id, application.id));
    res = await save(t.admin, { ...valid, id: mine, auditionFullMarks: '89.99' });
    expect(res.json()).toEqual({ code: 409, msg: '已有 1 名考生的面试成绩高于 89.99 分，不能把面试满分改低', data: null });
    await save(t.admin, { ...valid, id: mine });
    expect(await planRows()).toEqual(before);
    const list1 = (await list(t.admin, { status: 'published' })).json().data.list[0];
    expect(list1).toMatchObject({ id: mine, postCount: 1, applicationCount: 1 });

    await t.db.delete(candidateApplication).where(eq(candidateApplication.id, application.id));
    await t.db.delete(recruitmentInfo).where(eq(recruitmentInfo.id, job!.id));
    const [staff] = await t.db.select().from(staffUser).where(eq(staffUser.loginAccount, 'admin'));
    const [item] = await t.db
      .insert(workflowItem)
      .values({ companyId: t.company1, planId: mine, stage: 1, workItem: '资格审核', kind: 'verify', assigneeId: staff!.id })
      .returning();
    res = await remove(t.admin, mine);
    expect(res.json()).toEqual({ code: 409, msg: '“2026年春季公开招聘”已设置 1 项招录工作安排，请先删除工作安排', data: null });
    expect(await planRows()).toEqual(before);
    await t.db.delete(workflowItem).where(eq(workflowItem.id, item!.id));
  });

  it('refuses bad ids, 403 and 404, changing nothing', async () => {
    await expectIdRefusals(t, remove, '招录计划', { mine, theirs }, planRows);
  });

  it('deletes an unused plan of its own company only', async () => {
    const before = await planRows();
    const res = await remove(t.admin, mine);
    expect(res.json()).toEqual({ code: 200, msg: '删除成功', data: null });
    expect(await planRows()).toEqual(before.filter((p) => p.id !== mine));
    expect(await planRow(theirs)).toBeDefined();
  });
});
