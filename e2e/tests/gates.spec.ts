import type { APIRequestContext, Page } from '@playwright/test';
import { api, examsSoon, main, personMaker, publishedPlan, signInAsAdmin, staffIdOf, uploadPhoto } from './exam-support';
import { confirmGateList, decideAll, gateRow, openSubstitute } from './gate-support';
import { ACCOUNTS, choosePlan, clickSettled, expect, expectAccessible, openFromSideMenu, screenshots, settled, signIn, test } from './support';

/*
 * 资格复审 between the written stage and the interview: the written passes wait for it, one withdraws and 递补 brings
 * the next of the written ranking; the gates after the interview (DESIGN §5 "After the interview"), as an exam office lives them: the plan's form
 * chooses 体检, 考察 and 公示; 体检 takes the two 拟录用 of the post, one fails and 递补 brings in the next of the
 * composite ranking; 考察 passes both; 公示 opens its period, its list becomes a notice in the editor, and 聘用 waits
 * for the period's end.
 */

const stamp = String(Date.now()).slice(-6);
const PLAN = `2026年湘江集团录用环节演练计划${stamp}`;
const POST = '财务专员';
/** Composite order: the two first are 拟录用; 赵一鸣 fails 体检 and 孙博文 (third) fills the place. */
const CANDIDATES = [
  { name: '赵一鸣', score: '92.00' },
  { name: '钱思远', score: '88.50' },
  { name: '孙博文', score: '85.00' },
  { name: '李雨桐', score: '80.25' },
];
const person = personMaker(stamp, { decade: '199', month: '07', phonePrefix: '145' });

/**
 * An interview-only plan with one post of two places, its interview scored and published by API: two 拟录用 (34) and
 * two who did not pass (33), in the order of CANDIDATES.
 */
async function planWithPublishedInterview(request: APIRequestContext) {
  const { planId, departmentId } = await publishedPlan(request, { name: PLAN, ...examsSoon(), auditionExamAddress: '长沙市人才大厦' });
  await api(request, '/recruitment/casualRecruitmentPass', { planId, examMode: 'interview' });
  const { id: postId } = await api<{ id: number }>(request, '/recruitment/recruitmentInfo/save', { planId, departmentId, jobVacancy: POST, places: 2 });
  const admin = (await staffIdOf(request))(ACCOUNTS.admin.name);
  await api(request, '/recruitment/workflow/save', { planId, stage: 1, items: [{ workItem: '资格审核', kind: 'verify', assigneeId: admin }] });
  const [item] = await api<{ id: number }[]>(request, '/recruitment/workflow/save', { planId, stage: 3, items: [{ workItem: '面试评分', kind: 'score', assigneeId: admin }] });
  const photo = await uploadPhoto(request);
  const ids: number[] = [];
  for (const [i, c] of CANDIDATES.entries()) {
    const { applicationId } = await api<{ applicationId: number }>(request, '/open/recruitment/apply', {
      recruitmentId: postId,
      talentInfo: { realName: c.name, sex: i % 2 ? '2' : '1', education: '本科', ...person(), certificateImage: photo },
    });
    ids.push(applicationId);
  }
  await api(request, '/recruitment/casualRecruitmentCandidatePass', { ids });
  await api(request, `/recruitment/recruitmentPlanExpand/closeSignUp/${planId}`);
  await api(request, '/recruitment/admissionTicket/saveSetting', { planId, type: 3, rooms: [{ name: '第一面试室', seats: 10 }] });
  await api(request, '/recruitment/admissionTicket/assignSeats', { planId, type: 3, seed: 5 });
  await api(request, '/recruitment/batchUpdateAdmissionTicket', { planId, type: 3 });
  await api(request, '/recruitment/batchSetGrade', {
    type: 3,
    entries: CANDIDATES.map((c, i) => ({ applicationId: ids[i], scores: [{ workItemId: item!.id, score: c.score }] })),
  });
  await api(request, '/recruitment/reviewScores', { type: 3, ids, action: 'confirm' });
  await api(request, '/recruitment/batchSendScore', { type: 3, recruitmentId: postId });
  return { planId };
}

/** The gate the test is on (openGate). */
let gateName = '';
const row = (page: Page, name: string) => gateRow(page, gateName, name);

async function openGate(page: Page, name: string, group = '面试管理') {
  gateName = name;
  await openFromSideMenu(page, group, name);
  await choosePlan(page, PLAN);
}

const confirmList = confirmGateList;
const passAll = (page: Page, names: string[], button = '合格') => decideAll(page, gateName, names, button);

test.describe.serial('gates after the interview', () => {
  test.beforeAll(async ({ request }) => {
    await planWithPublishedInterview(request);
  });

  test('the plan form chooses 体检, 考察 and 公示', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/recruitmentPlan/recruitmentPlanExpandlist');
    await main(page).getByRole('row').filter({ hasText: PLAN }).getByRole('link', { name: '编辑', exact: true }).click();
    const form = page.getByRole('dialog', { name: `编辑招录计划：${PLAN}` });
    for (const gate of ['体检', '考察', '公示']) await form.getByRole('checkbox', { name: gate }).check();
    await expect(form.getByRole('spinbutton', { name: '公示天数' })).toHaveValue('7');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form).toBeHidden();
  });

  test('体检: the list confirmed, one fails, 递补 brings the next of the ranking, both pass', async ({ page }, testInfo) => {
    await signIn(page, ACCOUNTS.admin);
    await openGate(page, '体检');
    await confirmList(page, '体检', 2);
    await expect(row(page, '赵一鸣')).toContainText('待定');
    await expect(row(page, '孙博文')).toHaveCount(0);

    await row(page, '赵一鸣').getByRole('checkbox').check();
    await main(page).getByRole('button', { name: '不合格', exact: true }).click();
    const reason = page.getByRole('dialog').filter({ has: page.getByRole('textbox') });
    await reason.getByRole('button', { name: /确\s*定|确认/ }).last().click();
    await expect(reason).toContainText('不合格或放弃须填写原因');
    await reason.getByRole('textbox').fill('血常规指标不合格，复检仍不合格');
    await reason.getByRole('button', { name: /确\s*定|确认/ }).last().click();
    await expect(row(page, '赵一鸣')).toContainText('不合格');

    const vacancies = main(page).getByRole('region', { name: '体检递补列表' });
    await expect(vacancies).toContainText('待递补');
    const proposal = await openSubstitute(page, '体检', POST, '赵一鸣', '孙博文');
    await expect(proposal).toContainText('岗位第 3 名');
    await screenshots(page, testInfo, 'substitute-proposal');
    await clickSettled(proposal.getByRole('button', { name: '确认递补' }));
    await expect(proposal).toBeHidden();
    await expect(page.getByText('已递补：孙博文')).toBeVisible();
    // the proposal is not read again under the dialog just confirmed (it would answer that the vacancy is filled)
    await expect(page.getByText('该空缺已递补，请刷新后查看')).toHaveCount(0);
    await expect(row(page, '孙博文')).toContainText('递补');
    await expect(vacancies).toContainText('已递补');

    await passAll(page, ['钱思远', '孙博文']);
    await expect(row(page, '钱思远')).toContainText('合格');
    await expect(row(page, '孙博文')).toContainText('合格');
    await screenshots(page, testInfo, 'medical');
    await expectAccessible(page);
  });

  test('考察 passes both; 公示 opens its period, its list becomes a notice, and 聘用 waits for the period', async ({ page }, testInfo) => {
    await signIn(page, ACCOUNTS.admin);
    await openGate(page, '考察');
    await confirmList(page, '考察', 2);
    await passAll(page, ['钱思远', '孙博文']);
    await expect(row(page, '孙博文')).toContainText('合格');
    await expect(row(page, '赵一鸣')).toHaveCount(0);

    await openGate(page, '公示');
    await confirmList(page, '公示', 2);
    await expect(main(page)).toContainText('公示期至');
    await screenshots(page, testInfo, 'publicity');
    await expectAccessible(page);

    await passAll(page, ['钱思远'], '确认聘用');
    await expect(page.getByText(/公示期满后方可聘用/)).toBeVisible();
    await expect(row(page, '钱思远')).toContainText('公示中');

    await main(page).getByRole('button', { name: '生成公告' }).click();
    const editor = page.getByRole('dialog', { name: '新增公告' });
    await expect(editor.getByRole('textbox', { name: '标题' })).toHaveValue(`${PLAN}拟聘用人员公示`);
    await expect(editor).toContainText('钱思远');
    await expect(editor).toContainText('孙博文');
    await expect(editor).toContainText('公示期为 7 天');
    await screenshots(page, testInfo, 'publicity-notice');
    await editor.getByRole('button', { name: '保存并发布' }).click();
    await expect(editor).toBeHidden();
    await expect(main(page).getByRole('row').filter({ hasText: `${PLAN}拟聘用人员公示` })).toContainText('已发布');
  });
});

const WRITTEN_PLAN = `2026年湘江集团资格复审演练计划${stamp}`;
/** Written order: places 1 × entry ratio 2, so the two first pass the written stage; 周晓川 withdraws, 吴若兰 (third) fills. */
const WRITTEN = [
  { name: '周晓川', score: '90.00' },
  { name: '郑可欣', score: '86.00' },
  { name: '吴若兰', score: '84.50' },
  { name: '冯志远', score: '70.00' },
];

/**
 * A full plan (with `gates`) whose written scores are entered and confirmed by API, places 1 × entry ratio 2; published
 * unless `publish` is false.
 */
async function planWithWrittenScores(request: APIRequestContext, name: string, gates: number[], publish = true) {
  const { planId, departmentId } = await publishedPlan(request, { name, ...examsSoon(), writtenExamAddress: '长沙市第一中学', interviewEntryRatio: 2, gates });
  const { id: postId } = await api<{ id: number }>(request, '/recruitment/recruitmentInfo/save', { planId, departmentId, jobVacancy: POST, places: 1 });
  const admin = (await staffIdOf(request))(ACCOUNTS.admin.name);
  await api(request, '/recruitment/workflow/save', { planId, stage: 1, items: [{ workItem: '资格审核', kind: 'verify', assigneeId: admin }] });
  const [item] = await api<{ id: number }[]>(request, '/recruitment/workflow/save', { planId, stage: 2, items: [{ workItem: '笔试阅卷', kind: 'score', assigneeId: admin }] });
  await api(request, '/recruitment/workflow/save', { planId, stage: 3, items: [{ workItem: '面试评分', kind: 'score', assigneeId: admin }] });
  const photo = await uploadPhoto(request);
  const ids: number[] = [];
  for (const [i, c] of WRITTEN.entries()) {
    const { applicationId } = await api<{ applicationId: number }>(request, '/open/recruitment/apply', {
      recruitmentId: postId,
      talentInfo: { realName: c.name, sex: i % 2 ? '2' : '1', education: '本科', ...person(), certificateImage: photo },
    });
    ids.push(applicationId);
  }
  expect((await api<{ passed: number }>(request, '/recruitment/updateCandidatePass', { ids })).passed).toBe(WRITTEN.length);
  await api(request, `/recruitment/recruitmentPlanExpand/closeSignUp/${planId}`);
  await api(request, '/recruitment/admissionTicket/saveSetting', { planId, type: 2, rooms: [{ name: '第一考场', seats: 10 }] });
  await api(request, '/recruitment/admissionTicket/assignSeats', { planId, type: 2, seed: 7 });
  await api(request, '/recruitment/batchUpdateAdmissionTicket', { planId, type: 2 });
  await api(request, '/recruitment/batchSetGrade', {
    type: 2,
    entries: WRITTEN.map((c, i) => ({ applicationId: ids[i], scores: [{ workItemId: item!.id, score: c.score }] })),
  });
  await api(request, '/recruitment/reviewScores', { type: 2, ids, action: 'confirm' });
  if (publish) await api(request, '/recruitment/batchSendScore', { type: 2, recruitmentId: postId });
  return { planId, postId };
}

test.describe.serial('资格复审 between the written stage and the interview', () => {
  let postId = 0;
  test.beforeAll(async ({ request }) => {
    ({ postId } = await planWithWrittenScores(request, WRITTEN_PLAN, [4]));
  });

  test('the written passes wait for 资格复审; one withdraws, 递补 brings the third; the passes go on to the interview', async ({ page, request }, testInfo) => {
    await signIn(page, ACCOUNTS.admin);
    gateName = '资格复审';
    await openFromSideMenu(page, '笔试管理', '资格复审');
    await choosePlan(page, WRITTEN_PLAN);
    await confirmList(page, '资格复审', 2);
    await expect(row(page, '周晓川')).toContainText('90.00');
    await expect(row(page, '吴若兰')).toHaveCount(0);

    await row(page, '周晓川').getByRole('checkbox').check();
    await main(page).getByRole('button', { name: '放弃', exact: true }).click();
    const reason = page.getByRole('dialog').filter({ has: page.getByRole('textbox') });
    await reason.getByRole('textbox').fill('本人书面声明放弃资格复审');
    await reason.getByRole('button', { name: /确\s*定|确认/ }).last().click();
    await expect(row(page, '周晓川')).toContainText('放弃');

    const proposal = await openSubstitute(page, '资格复审', POST, '周晓川', '吴若兰');
    await expect(proposal).toContainText('笔试');
    await expect(proposal).toContainText('第 3 名');
    await clickSettled(proposal.getByRole('button', { name: '确认递补' }));
    await expect(proposal).toBeHidden();
    await expect(row(page, '吴若兰')).toContainText('递补');

    await passAll(page, ['郑可欣', '吴若兰']);
    await expect(row(page, '吴若兰')).toContainText('合格');
    await screenshots(page, testInfo, 'requalify');
    await expectAccessible(page);

    // 确认面试名单 takes those who passed 资格复审, not the written passes
    await signInAsAdmin(request);
    expect((await api<{ moved: number }>(request, '/recruitment/confirmInterviewList', { recruitmentId: postId })).moved).toBe(2);
  });
});

const BONUS_PLAN = `2026年湘江集团加分演练计划${stamp}`;

test('加分: the plan’s categories set, a bonus granted against the proof lifts the third into the interview; the ranking shows paper score, bonus and total', async ({ page, request }, testInfo) => {
  const { postId } = await planWithWrittenScores(request, BONUS_PLAN, [], false);
  await signIn(page, ACCOUNTS.admin);
  await openFromSideMenu(page, '笔试管理', '加分管理');
  await choosePlan(page, BONUS_PLAN);
  await main(page).getByRole('button', { name: '修改加分设置' }).click();
  const settings = await settled(page.getByRole('dialog', { name: '加分设置' }));
  await settings.getByRole('spinbutton', { name: '加分上限（分）' }).fill('5');
  await settings.getByRole('button', { name: '添加加分项目' }).click();
  await settings.getByRole('textbox', { name: '第 1 个加分项目名称' }).fill('退役士兵');
  await settings.getByRole('spinbutton', { name: '第 1 个加分项目分值' }).fill('3');
  await expectAccessible(page);
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(settings).toBeHidden();
  const shown = main(page).locator('.ant-card-type-inner').filter({ hasText: '加分设置' });
  await expect(shown).toContainText('加分上限：5.00 分');
  await expect(shown).toContainText('退役士兵 3.00 分 · 暂无考生');

  await main(page).getByRole('button', { name: '登记加分' }).click();
  const grant = page.getByRole('dialog', { name: '登记加分' });
  await grant.getByRole('combobox', { name: '考生' }).fill('吴若兰');
  await clickSettled(page.getByTitle(/^吴若兰/).last());
  await grant.getByRole('combobox', { name: '加分项目' }).click();
  await clickSettled(page.getByTitle(/^退役士兵/).last());
  await grant.getByRole('button', { name: '登记' }).click();
  await expect(grant).toContainText('请输入证明材料核验情况');
  await grant.getByRole('textbox', { name: '证明材料核验情况' }).fill('已核验退役证原件，与本人一致');
  await grant.getByRole('button', { name: '登记' }).click();
  await expect(grant).toBeHidden();
  await expect(main(page).getByRole('row').filter({ hasText: '吴若兰' })).toContainText('退役士兵');
  await screenshots(page, testInfo, 'bonus');
  await expectAccessible(page);

  await api(request, '/recruitment/batchSendScore', { type: 2, recruitmentId: postId });
  await openFromSideMenu(page, '笔试管理', '笔试排名');
  await choosePlan(page, BONUS_PLAN);
  const ranked = main(page).getByRole('row').filter({ hasText: '吴若兰' });
  await expect(ranked).toContainText('84.50');
  await expect(ranked).toContainText('3.00');
  await expect(ranked).toContainText('87.50');
  await expect(ranked).toContainText('加分 3.00 分：退役士兵');
  await expect(ranked).toContainText('进入面试');
  await expect(main(page).getByRole('row').filter({ hasText: '郑可欣' })).toContainText('未进入面试');
  await screenshots(page, testInfo, 'bonus-ranking');
});
