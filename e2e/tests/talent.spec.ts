import { writeFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { TALENT_MESSAGES } from '@zhaokao/contracts';
import { api, demoPostId, personMaker, publishedPlan, staffIdOf } from './exam-support';
import { firstPageOf } from './pdf-page';
import { ACCOUNTS, MAIN_URL, PAYMENT_URL, clickSettled, expect, expectAccessible, openFromSideMenu, payInSandbox, paymentDialog, screenshots, test, signIn } from './support';

/**
 * Issue 11's talent pool as a company lives it. Company 1 (admin) files applicants of its own — applied through the
 * public sign-up call with names unique to the run — under a new classification and a label and finds them by both,
 * and blacklists one, whose next application is refused. On the payment server (money flows keep to it),
 * 江城市第一人民医院 opens a platform talent who never applied to it: masked, then bought through the sandbox and
 * shown in full, then printed.
 */
test.describe.configure({ timeout: 180_000 });

const GROUP = '人才库';
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
/** The run's stamp in Chinese digits, so that names stay names. */
const cnStamp = [...stamp].map((d) => '零一二三四五六七八九'[Number(d)]).join('');
const newPerson = personMaker(stamp, { decade: '198', month: '05', phonePrefix: '145' });

/** A platform talent of the seed who never applied to a company; the latest of their jobs is at 江城市中心医院. */
const PLATFORM_TALENT = '林晓雨';
const LATEST_EMPLOYER = '江城市中心医院';

type Person = ReturnType<typeof newPerson> & { realName: string };

/** The public sign-up call; answers its `{ code, msg }`. */
async function applyAs(request: APIRequestContext, recruitmentId: number, person: Person) {
  const res = await request.post(`${MAIN_URL}/api/open/recruitment/apply`, {
    data: { recruitmentId, talentInfo: { realName: person.realName, sex: '2', education: '本科', graduateSchool: '湘潭大学', identityNo: person.identityNo, phone: person.phone } },
  });
  return (await res.json()) as { code: number; msg: string };
}

/** Candidates apply to company 1's demo plan; answers them. */
async function applicants(request: APIRequestContext, names: string[]) {
  const post = await demoPostId(request);
  const people: Person[] = [];
  for (const realName of names) {
    const person = { realName, ...newPerson() };
    const body = await applyAs(request, post, person);
    expect(body.code, body.msg).toBe(200);
    people.push(person);
  }
  return people;
}

const main = (page: Page) => page.getByRole('main');
const visible = (locator: Locator) => locator.filter({ visible: true }).first();

/** Searches a talent list by its keyword box. */
async function searchTalent(page: Page, keyword: string) {
  const box = visible(main(page).getByRole('searchbox', { name: '搜索人才' }));
  await box.fill(keyword);
  await box.press('Enter');
  // Until the list has answered, a row clicked may move away and put another talent's link under the pointer.
  if (keyword) {
    const others = main(page).locator('.ant-table-tbody .ant-table-row').filter({ visible: true }).filter({ hasNotText: keyword });
    await expect(others).toHaveCount(0);
  }
}

const rowOf = (page: Page, name: string) => visible(main(page).getByRole('row').filter({ hasText: name }));

test('applicants filed under a new classification and a label are found by both; a classification in use cannot be deleted', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const [a, b] = await applicants(request, [`甲才${cnStamp}`, `乙才${cnStamp}`]);
  const classify = `重点人才${stamp}`;
  const label = `护理${stamp}`;
  await signIn(page, ACCOUNTS.admin);

  // 分类配置: the form says what is missing, then the classification is added.
  await openFromSideMenu(page, GROUP, '分类配置');
  await expect(page).toHaveURL(/\/talentInfo\/talentClassify/);
  await visible(main(page).getByRole('button', { name: '新增分类' })).click();
  const form = page.getByRole('dialog', { name: '新增分类' });
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请输入分类名称')).toBeVisible();
  await form.getByLabel('分类名称').fill(classify);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();
  const classifyTree = visible(main(page).getByRole('tree', { name: '分类树' }));
  await expect(classifyTree).toContainText(classify);

  // A sub-classification under it, renamed, then deleted (it holds nobody).
  await classifyTree.getByRole('link', { name: `新增下级：${classify}` }).click();
  await form.getByLabel('分类名称').fill(`${classify}子类`);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();
  await classifyTree.getByRole('link', { name: `重命名：${classify}子类` }).click();
  const rename = page.getByRole('dialog', { name: `重命名分类：${classify}子类` });
  await rename.getByLabel('分类名称').fill(`${classify}备选`);
  await rename.getByRole('button', { name: '保存' }).click();
  await expect(rename).toBeHidden();
  const child = classifyTree.locator('.ant-tree-treenode').filter({ hasText: `${classify}备选` });
  await child.getByText('删除', { exact: true }).click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '删除' }));
  await expect(child).toHaveCount(0);

  // 应聘人才库: both applicants chosen (the selection stays across searches), then 设置分类 and 设置标签.
  await openFromSideMenu(page, GROUP, '应聘人才库');
  await expect(page).toHaveURL(/\/talentInfo\/talentCompanyClassify/);
  for (const person of [a!, b!]) {
    await searchTalent(page, person.realName);
    await expect(rowOf(page, person.realName)).toBeVisible();
    await rowOf(page, person.realName).getByRole('checkbox').check();
  }
  await expect(visible(main(page).getByText('已选 2 人'))).toBeVisible();

  await visible(main(page).getByRole('button', { name: '设置分类' })).click();
  const classifyDialog = page.getByRole('dialog', { name: '设置分类' });
  await classifyDialog.getByRole('combobox', { name: '分类' }).click();
  await clickSettled(page.locator('.ant-select-tree').getByTitle(classify, { exact: true }));
  await page.keyboard.press('Escape');
  await classifyDialog.getByRole('button', { name: '保存' }).click();
  await expect(classifyDialog).toBeHidden();

  await visible(main(page).getByRole('button', { name: '设置标签' })).click();
  const labelDialog = page.getByRole('dialog', { name: '设置标签' });
  const labels = labelDialog.getByRole('combobox', { name: '标签' });
  await labels.fill(label);
  await labels.press('Enter');
  // Closes the dropdown, which covers the buttons.
  await labelDialog.getByText('已选 2 人').click();
  await labelDialog.getByRole('button', { name: '保存' }).click();
  await expect(labelDialog).toBeHidden();
  await expect(rowOf(page, b!.realName)).toContainText(classify);
  await expect(rowOf(page, b!.realName)).toContainText(label);

  // Found by the classification (the tree on the left) …
  await searchTalent(page, '');
  await visible(main(page).getByRole('tree', { name: '人才分类' })).getByText(new RegExp(`^${classify}`)).click();
  await expect(page).toHaveURL(/classifyId=\d+/);
  const rows = main(page).getByRole('row').filter({ visible: true });
  await expect(rows.filter({ hasText: a!.realName })).toHaveCount(1);
  await expect(rows.filter({ hasText: b!.realName })).toHaveCount(1);
  await expect(visible(main(page).getByText('共 2 人'))).toBeVisible();
  await screenshots(page, testInfo, 'company-talent-classified');

  // … and by the label, the classification back to 全部.
  await visible(main(page).getByRole('tree', { name: '人才分类' })).getByText('全部', { exact: true }).click();
  await expect(page).not.toHaveURL(/classifyId=/);
  await visible(main(page).getByRole('combobox', { name: '标签' })).click();
  await clickSettled(page.getByTitle(`${label}（2）`, { exact: true }));
  await expect(page).toHaveURL(/labelId=\d+/);
  await expect(rows.filter({ hasText: a!.realName })).toHaveCount(1);
  await expect(rows.filter({ hasText: b!.realName })).toHaveCount(1);
  await expect(visible(main(page).getByText('共 2 人'))).toBeVisible();
  await expectAccessible(page);

  // The classification holds talents: deleting it is refused with the server's reason.
  await openFromSideMenu(page, GROUP, '分类配置');
  const node = visible(main(page).getByRole('tree', { name: '分类树' })).locator('.ant-tree-treenode').filter({ hasText: classify });
  await node.getByText('删除', { exact: true }).click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '删除' }));
  await expect(page.getByText(TALENT_MESSAGES.classifyInUse)).toBeVisible();
  await expect(node).toBeVisible();
  await screenshots(page, testInfo, 'talent-classify');
});

test('a blacklisted applicant is listed on 黑名单 and their next application is refused', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const [person] = await applicants(request, [`丙才${cnStamp}`]);
  const reason = `多次报名后未参加考试（${stamp}）`;
  await signIn(page, ACCOUNTS.admin);

  await openFromSideMenu(page, GROUP, '应聘人才库');
  await searchTalent(page, person!.realName);
  await rowOf(page, person!.realName).getByRole('link', { name: `加入黑名单：${person!.realName}` }).click();
  const dialog = page.getByRole('dialog', { name: `加入黑名单：${person!.realName}` });
  await dialog.getByRole('button', { name: '加入黑名单' }).click();
  await expect(dialog.getByText('请输入拉黑原因')).toBeVisible();
  await dialog.getByLabel('拉黑原因').fill(reason);
  await dialog.getByRole('button', { name: '加入黑名单' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, person!.realName)).toContainText('已拉黑');

  await openFromSideMenu(page, GROUP, '黑名单');
  await expect(page).toHaveURL(/\/talentInfo\/blacklist/);
  const search = visible(main(page).getByRole('searchbox', { name: '搜索黑名单' }));
  await search.fill(person!.realName);
  await search.press('Enter');
  const row = rowOf(page, person!.realName);
  await expect(row).toContainText(reason);
  await expect(row).toContainText(ACCOUNTS.admin.name);
  await screenshots(page, testInfo, 'blacklist');

  // The next application, to another plan of the company, is refused with the neutral message.
  const { planId, departmentId } = await publishedPlan(request, { name: `人才库演练计划${stamp}`, writtenExamAddress: '湘江大厦', auditionExamAddress: '湘江大厦' });
  const { id: otherPost } = await api<{ id: number }>(request, '/recruitment/recruitmentInfo/save', { planId, departmentId, jobVacancy: '综合岗', places: 1 });
  const admin = (await staffIdOf(request))(ACCOUNTS.admin.name);
  await api(request, '/recruitment/workflow/save', { planId, stage: 1, items: [{ workItem: '资格审核', kind: 'verify', assigneeId: admin }] });
  const refused = await applyAs(request, otherPost, person!);
  expect(refused.code).not.toBe(200);
  expect(refused.msg).toBe(TALENT_MESSAGES.applyRefused);

  // Taken off the list again: the entry leaves it.
  await row.getByRole('link', { name: `移出黑名单：${person!.realName}` }).click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '移出' }));
  await expect(page.getByText('已移出黑名单')).toBeVisible();
  await expect(main(page).getByRole('row').filter({ hasText: person!.realName }).filter({ visible: true })).toHaveCount(0);
});

const MASKED_PHONE = /1\d{2}\*{4}\d{4}/;

test('a platform talent is masked until bought in the sandbox, then shown in full and printed', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, ACCOUNTS.hospital, { origin: PAYMENT_URL });
  await openFromSideMenu(page, GROUP, '全部人才库');
  await expect(page).toHaveURL(/\/talentInfo\/talent$|\/talentInfo\/talent\?/);
  await searchTalent(page, PLATFORM_TALENT);
  const row = rowOf(page, PLATFORM_TALENT);
  await expect(row).toContainText('未解锁');
  await expect(row).toContainText(MASKED_PHONE);
  // At 1440 px every column shows whole, the e-mail address too: the list does not scroll sideways.
  await expect(row).toContainText(/\*{4}@[\w.-]+\.(com|cn)/);
  const table = main(page).locator('.ant-table-content, .ant-table-body').first();
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await screenshots(page, testInfo, 'platform-talent');

  await row.getByRole('link', { name: `查看简历：${PLATFORM_TALENT}` }).click();
  const resume = page.getByRole('dialog', { name: `人才简历：${PLATFORM_TALENT}` });
  await expect(resume.getByText('简历未解锁：联系方式（手机号、邮箱）已隐藏，最近一段工作经历不显示')).toBeVisible();
  await expect(resume).toContainText(MASKED_PHONE);
  await expect(resume).toContainText(/\*{4}@/);
  await expect(resume).not.toContainText(LATEST_EMPLOYER);
  await screenshots(page, testInfo, 'resume-masked');

  // Bought by an order (offered whether or not the company holds a resume quota), paid in the sandbox.
  await resume.getByRole('button', { name: /^购买简历（¥\d+\.\d\d）$/ }).click();
  await expect(paymentDialog(page).getByText('¥10.00', { exact: true })).toBeVisible();
  await payInSandbox(page, '微信支付');
  await expect(resume.getByText('已解锁', { exact: true })).toBeVisible();
  await expect(resume).toContainText(LATEST_EMPLOYER);
  await expect(resume).not.toContainText(MASKED_PHONE);
  await expect(resume.getByRole('button', { name: /购买简历/ })).toHaveCount(0);
  await screenshots(page, testInfo, 'resume-unlocked');

  // 打印简历: the PDF, its first page rendered, shows the talent with the phone unmasked.
  const print = resume.getByRole('link', { name: '打印简历' });
  const pdf = await page.request.get(new URL((await print.getAttribute('href'))!, PAYMENT_URL).toString());
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const first = await firstPageOf(await pdf.body(), 2);
  await writeFile(testInfo.outputPath('resume-page-1.png'), first.png);
  await testInfo.attach('resume-page-1', { path: testInfo.outputPath('resume-page-1.png'), contentType: 'image/png' });
  expect(first.text).toContain(PLATFORM_TALENT);
  // Unlocked: the phone in full (the work history follows on a later page).
  expect(first.text).toMatch(/1\d{10}/);
  expect(first.text).not.toMatch(MASKED_PHONE);
  expect(first.inkRatio).toBeGreaterThan(0.01);

  await resume.getByRole('button', { name: '关闭', exact: true }).last().click();
  await expect(resume).toBeHidden();
  await expect(row).toContainText('已解锁');
});
