import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { DEMO_PLAN, demoPostId, main, personMaker } from './exam-support';
import { ACCOUNTS, MAIN_URL, choosePlan, clickSettled, expect, expectAccessible, openFromSideMenu, test, signIn } from './support';

/**
 * Issue 8's sign-up review, as staff would do it. The demo plan of company 1 has two sign-up work items: 初审 by
 * `shenhe`, 复审 by `admin`. Each test applies its own candidates through the public sign-up call (names unique to
 * the run), so it depends neither on the demo applications nor on other tests.
 */
const GROUP = '资格审核';
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const newPerson = personMaker(stamp, { decade: '199', month: '03', phonePrefix: '147' });

/** Candidates apply to the demo plan through the public call; answers their names, in order. */
async function apply(request: APIRequestContext, names: string[]) {
  const recruitmentId = await demoPostId(request);
  for (const realName of names) {
    const res = await request.post(`${MAIN_URL}/api/open/recruitment/apply`, {
      data: { recruitmentId, talentInfo: { realName, sex: '1', education: '本科', graduateSchool: '湖南大学', ...newPerson() } },
    });
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code, body.msg).toBe(200);
  }
  return names;
}

const detailDialog = (page: Page) => page.getByRole('dialog', { name: '详情 - 招录管理' });

/** Opens 报名资格审核 on the demo plan, searched by name (the start of one will do). */
async function openReviewList(page: Page, name: string) {
  await openFromSideMenu(page, GROUP, '报名资格审核');
  await choosePlan(page, DEMO_PLAN);
  const nameSearch = main(page).getByRole('searchbox', { name: '姓名' });
  await nameSearch.fill(name);
  await nameSearch.press('Enter');
}

/** Opens 待审核 and the detail dialog of `name`'s task. */
async function openTask(page: Page, name: string) {
  await openFromSideMenu(page, GROUP, '待审核');
  await expect(page).toHaveURL(/\/examine\/toBeReviewed/);
  const search = main(page).getByRole('searchbox', { name: '搜索报名人员' });
  const row = main(page).getByRole('row', { name: new RegExp(name) });
  // Opened again from the menu, the page drops the previous search from its address and its box; text typed before
  // that has happened is cleared with it, so the search is typed again until the row shows, as a person would.
  await expect(async () => {
    await search.fill(name);
    await search.press('Enter');
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);
  await row.getByRole('link', { name: /审核/ }).click();
  const dialog = detailDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('region', { name: '个人简历' })).toContainText(name);
  return { row, dialog };
}

/** Closes the detail dialog with its footer's 关闭 (the × in the corner has the same name). */
async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: '关闭', exact: true }).last().click();
  await expect(dialog).toBeHidden();
}

async function signedIn(browser: Browser, account: { loginAccount: string; name: string }) {
  const page = await browser.newPage();
  await signIn(page, account);
  return page;
}

test('shenhe passes one application and rejects another; admin passes the first in 复审', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const [first, second] = await apply(request, [`通过甲${stamp}`, `驳回乙${stamp}`]);
  await signIn(page, ACCOUNTS.shenhe);

  // 初审 of the first: job, resume and the step lists are shown; 通过.
  let { dialog } = await openTask(page, first!);
  await expect(dialog.getByRole('region', { name: '报考岗位' })).toContainText('查看岗位详情');
  const steps = dialog.getByRole('region', { name: '审核流程' });
  await expect(steps.getByRole('region', { name: '报名资格审核' })).toContainText('初审');
  await expect(steps.getByRole('region', { name: '报名资格审核' })).toContainText('复审');
  await expect(steps).toContainText('暂无');
  await expectAccessible(page);
  await dialog.getByRole('link', { name: '查看岗位详情' }).click();
  const jobDrawer = page.getByRole('dialog', { name: '岗位详情' });
  await expect(jobDrawer).toContainText('岗位描述');
  await expectAccessible(page);
  await jobDrawer.getByRole('button', { name: '关闭' }).click();
  await expect(jobDrawer).toBeHidden();
  await dialog.getByRole('button', { name: '通过', exact: true }).click();
  await expect(page.getByText('审核通过', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '通过', exact: true })).toBeHidden();
  await expect(dialog).toContainText('审核中');
  await closeDialog(dialog);
  await expect(main(page).getByRole('row', { name: new RegExp(first!) })).toBeHidden();

  // The second: 不通过, type 13, two reasons and 其他 with its text.
  ({ dialog } = await openTask(page, second!));
  await dialog.getByRole('button', { name: '不通过' }).click();
  const reject = page.getByRole('dialog', { name: /^审核不通过 - / });
  await reject.getByRole('radio', { name: '审核不通过（不可修改）' }).check();
  await reject.getByRole('checkbox', { name: '学历不符合岗位要求' }).check();
  await reject.getByRole('checkbox', { name: '年龄不符合岗位要求' }).check();
  await reject.getByRole('checkbox', { name: '其他' }).check();
  await reject.getByLabel('其他原因').fill('报名照片为生活照');
  await expect(reject).toContainText('学历不符合岗位要求，年龄不符合岗位要求，报名照片为生活照');
  await reject.getByRole('button', { name: '确定' }).click();
  await expect(reject).toBeHidden();
  await expect(dialog.getByRole('button', { name: '不通过' })).toBeHidden();
  await expect(dialog).toContainText('审核不通过（不可修改）');
  await expect(dialog.getByRole('region', { name: '审核流程' })).toContainText('学历不符合岗位要求，年龄不符合岗位要求，报名照片为生活照');
  await closeDialog(dialog);

  // The list shows the new status.
  await openReviewList(page, second!);
  await expect(main(page).getByRole('row', { name: new RegExp(second!) })).toContainText('审核不通过（不可修改）');

  // admin decides 复审 of the first: 通过 moves it to 待笔试.
  const admin = await signedIn(browser, ACCOUNTS.admin);
  const task = await openTask(admin, first!);
  await expect(task.row).toContainText('复审');
  await task.dialog.getByRole('button', { name: '通过', exact: true }).click();
  await expect(task.dialog.getByRole('button', { name: '通过', exact: true })).toBeHidden();
  await expect(task.dialog).toContainText('待笔试');
  await closeDialog(task.dialog);
  await admin.close();
});

test('an empty reject shows both messages', async ({ page, request }) => {
  const [name] = await apply(request, [`空驳丙${stamp}`]);
  await signIn(page, ACCOUNTS.shenhe);
  const { dialog } = await openTask(page, name!);
  await dialog.getByRole('button', { name: '不通过' }).click();
  const reject = page.getByRole('dialog', { name: /^审核不通过 - / });
  await reject.getByRole('button', { name: '确定' }).click();
  await expect(reject.getByText('请选择审核失败类型')).toBeVisible();
  await expect(reject.getByText('请输入驳回原因')).toBeVisible();
  // Checked as a person sees the dialog, the pointer not resting on 确定 (which would show its hover colour).
  await page.mouse.move(0, 0);
  await expectAccessible(page);
  // 其他 without its text is not a reason either.
  await reject.getByRole('checkbox', { name: '其他' }).check();
  await reject.getByRole('button', { name: '确定' }).click();
  // The reasons' message may still be fading out while the other text's appears: either one says it.
  await expect(reject.getByText('请输入驳回原因').first()).toBeVisible();
  await reject.getByRole('button', { name: '取消' }).click();
  await expect(reject).toBeHidden();
  await expect(dialog.getByRole('button', { name: '通过', exact: true })).toBeVisible();
});

test('batch pass of three applications in 报名资格审核', async ({ page, request }) => {
  const prefix = `批量${stamp}`;
  const names = await apply(request, [`${prefix}一`, `${prefix}二`, `${prefix}三`]);
  await signIn(page, ACCOUNTS.shenhe);
  await openReviewList(page, prefix);
  for (const name of names) {
    const row = main(page).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('待审核');
    await row.getByRole('checkbox', { name: `选择${name}` }).check();
  }
  await main(page).getByRole('button', { name: '批量通过（3）' }).click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '通过' }));
  // Everything passed: a short message, no dialog to acknowledge.
  await expect(page.getByText('已通过 3 人', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '批量通过结果' })).toHaveCount(0);
  for (const name of names) {
    await expect(main(page).getByRole('row', { name: new RegExp(name) })).toContainText('审核中');
  }
});

test('通过并下一位 goes down 待审核 in its order; 下一位 at the end says so and closes', async ({ page, request }) => {
  const prefix = `连审${stamp}`;
  const [first, second, third] = await apply(request, [`${prefix}甲`, `${prefix}乙`, `${prefix}丙`]);
  await signIn(page, ACCOUNTS.shenhe);
  await openFromSideMenu(page, GROUP, '待审核');
  const search = main(page).getByRole('searchbox', { name: '搜索报名人员' });
  await expect(async () => {
    await search.fill(prefix);
    await search.press('Enter');
    await expect(main(page).getByRole('row', { name: new RegExp(third!) })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await main(page).getByRole('row', { name: new RegExp(first!) }).getByRole('link', { name: /审核/ }).click();
  const dialog = detailDialog(page);
  const resume = dialog.getByRole('region', { name: '个人简历' });
  await expect(resume).toContainText(first!);
  await expectAccessible(page);

  await dialog.getByRole('button', { name: '通过并下一位' }).click();
  await expect(resume).toContainText(second!);
  await expect(dialog.getByRole('region', { name: '审核流程' })).toContainText('初审');
  await dialog.getByRole('button', { name: '通过并下一位' }).click();
  await expect(resume).toContainText(third!);
  // The last one is left undecided: 下一位 finds nobody after it.
  await dialog.getByRole('button', { name: '下一位', exact: true }).click();
  await expect(page.getByText('已是列表中的最后一位，没有下一位了')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The two passed have left the user's list; the third waits.
  await expect(main(page).getByRole('row', { name: new RegExp(third!) })).toBeVisible();
  for (const name of [first!, second!]) await expect(main(page).getByRole('row', { name: new RegExp(name) })).toBeHidden();
});

test('select all across pages in 报名资格审核 states the count and passes every page', async ({ page, request }) => {
  const prefix = `全选${stamp}`;
  const names = await apply(request, [`${prefix}一`, `${prefix}二`, `${prefix}三`]);
  await signIn(page, ACCOUNTS.shenhe);
  await openReviewList(page, prefix);
  await expect(main(page).getByRole('row', { name: new RegExp(names[2]!) })).toBeVisible();
  // Two to a page, as a shared link may ask: the three are on two pages.
  await page.goto(`${page.url()}&pageSize=2`);
  await expect(main(page).getByText('共 3 人')).toBeVisible();
  await expect(main(page).getByRole('row', { name: new RegExp(names[0]!) })).toBeHidden();

  await main(page).getByRole('button', { name: '全选所有页' }).click();
  await expect(main(page).getByText('已选择全部 3 份（按当前筛选条件）')).toBeVisible();
  await expectAccessible(page);
  await main(page).getByRole('button', { name: '批量通过（3）' }).click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '通过' }));
  await expect(page.getByText('已通过 3 人', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '批量通过结果' })).toHaveCount(0);
  await expect(main(page).getByRole('button', { name: '全选所有页' })).toBeVisible();
  for (const name of names.slice(1)) await expect(main(page).getByRole('row', { name: new RegExp(name) })).toContainText('审核中');
  await main(page).getByTitle('下一页').click();
  await expect(main(page).getByRole('row', { name: new RegExp(names[0]!) })).toContainText('审核中');
});

test('人数统计 shows the sign-up review per post and per reviewer; 应聘查重 shows the planted duplicates', async ({ page }) => {
  await signIn(page, ACCOUNTS.shenhe);
  await openFromSideMenu(page, GROUP, '人数统计');
  await expect(page).toHaveURL(/\/examine\/numberOfStatistics/);
  await choosePlan(page, DEMO_PLAN);
  for (const name of ['各岗位报名资格审核人数分布图', '各审核人员审核人数分布图']) {
    await expect(main(page).getByRole('img', { name }).locator('svg rect[data-series]').first()).toBeVisible();
  }
  const reviewers = main(page).getByRole('table').filter({ hasText: '审核人员' });
  await expect(reviewers.getByRole('row', { name: /初审/ })).toContainText(ACCOUNTS.shenhe.name);
  await expect(reviewers.getByRole('row', { name: /复审/ })).toContainText(ACCOUNTS.admin.name);
  await expectAccessible(page);

  await openFromSideMenu(page, GROUP, '应聘查重');
  await expect(page).toHaveURL(/\/examine\/duplicateChecking/);
  for (const kind of ['身份证号码相同', '手机号码相同但姓名不同', '姓名和出生日期相同但身份证号码不同']) {
    await expect(main(page).getByText(kind, { exact: true }).first()).toBeVisible();
  }
  for (const name of ['欧阳建华', '司马婉清', '司马晚晴', '诸葛明轩']) {
    await expect(main(page).getByRole('row', { name: new RegExp(name) }).first()).toBeVisible();
  }
});
