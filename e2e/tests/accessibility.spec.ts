import { api, main } from './exam-support';
import {
  ACCOUNTS, MAIN_URL, PASSWORD, clickSettled, expect, expectAccessible, expectWorkingPage, openFromSideMenu,
  settled, sideMenu, sideMenuGroup, signIn, test,
} from './support';

// The accessibility walk: every page of the sidebar (so that a new page is held to WCAG 2.1 AA as soon as it is in the
// menu, and must open in working order: no entry of the sidebar may lead nowhere; navigation.spec.ts walks the
// navbar's), and every other page and dialog the stories reach — the public pages, the pages off the menus, the
// dialogs, another company's and another theme's look. The stories check, besides, states only they reach (a dialog
// in the middle of a story, a page showing what the story made).
// The walks are independent of each other, so the workers share them; each opens many pages, which may take minutes on
// a loaded machine.
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

test('the login page passes axe', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expectAccessible(page);
});

test('the login page with its messages, a company’s own login page, 忘记密码, the public ticket check and the operator’s sign-in pass axe', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请输入账号')).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'empty form');
  // An account nobody has, so that no account comes nearer to its lock-out.
  await page.getByLabel('账号').fill('nobody');
  await page.getByLabel('密码').fill('Wrong-password-1');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText(/^账号或密码错误/)).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'wrong password');

  await page.goto('/login?id=1');
  await expect(page.getByRole('heading', { name: '湘江人力招考服务平台' })).toBeVisible();
  await expectAccessible(page, 'company 1');
  await page.goto('/login?id=2');
  await expect(page.getByRole('heading', { name: '招考管理系统' })).toBeVisible();
  await expectAccessible(page, 'company 2');

  await page.goto('/forgetPassword/forgetPassword');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('请输入新密码')).toBeVisible();
  // Checked as a person sees the page, the pointer not resting on the button (which shows its hover colour).
  await page.mouse.move(0, 0);
  await expectAccessible(page);

  await page.goto('/platform/login?redirect=%2Fplatform%2Fcatalogue');
  await expect(page.getByRole('heading', { name: '招考平台运营' })).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/ticketVerify?token=abcdefghijklmnopqrstuvwx');
  await expect(page.getByText('未查询到该准考证，可能是伪造或已作废')).toBeVisible();
  await expectAccessible(page);
});

/** The sidebar's groups, in order; the test below fails when one is added, so that it is walked too. */
const MENU_GROUPS = ['招录计划', '资格审核', '笔试管理', '面试管理', '公告管理', '人才库', '新闻管理', '缴费管理', '公司管理', '设置'];

test('the sidebar has the groups walked here, and its top-level pages pass axe', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  const menu = sideMenu(page);
  const groups = await menu.locator(':scope > li > [role="menuitem"][aria-expanded]').allInnerTexts();
  expect(groups.map((g) => g.trim())).toEqual(MENU_GROUPS);
  for (const item of await menu.locator(':scope > li[role="menuitem"]').allInnerTexts()) {
    await openFromSideMenu(page, null, item.trim());
    await expectWorkingPage(page, item.trim());
    await expectAccessible(page);
  }
});

for (const group of MENU_GROUPS) {
  test(`every page of the sidebar's ${group} passes axe`, async ({ page }) => {
      await signIn(page, ACCOUNTS.admin);
    const title = sideMenuGroup(page, group);
    if ((await title.getAttribute('aria-expanded')) !== 'true') await clickSettled(title);
    const items = await title.locator('xpath=..').locator('ul').getByRole('menuitem').allInnerTexts();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      await openFromSideMenu(page, group, item.trim());
      await expectWorkingPage(page, item.trim());
      await expectAccessible(page);
    }
  });
}

test('an article of the help centre and the 404 page pass axe', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.getByRole('banner').getByRole('button', { name: '帮助中心' }).click();
  await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/help\/details\?id=\d+$/);
  await expectAccessible(page);

  await page.goto('/no-such-page');
  await expect(page).toHaveURL(`${MAIN_URL}/404`);
  await expectAccessible(page);
});

test('a notice, a news item, the news editor, the theme drawer and another theme colour pass axe', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.getByRole('button', { name: '主题设置' }).click();
  await settled(page.getByRole('dialog', { name: '主题设置' }));
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '主题设置' })).toBeHidden();

  await page.goto('/manage/sysMessage');
  await main(page).getByRole('row').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/manage\/newsDetails\?id=\d+$/);
  await expect(main(page).getByRole('region', { name: '公告正文' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/sysManage/introduceCms');
  await main(page).getByRole('button', { name: '新增新闻' }).click();
  const editor = await settled(page.getByRole('dialog', { name: '新增新闻' }));
  await expect(editor.getByRole('textbox', { name: '正文内容' })).toBeVisible();
  await expectAccessible(page);
  await editor.getByRole('button', { name: '取消' }).click();
  await expect(editor).toBeHidden();
  await main(page).getByRole('row').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/sysManage\/introduceCmsdetails\?id=\d+$/);
  await expect(main(page).getByRole('region', { name: '新闻正文' })).toBeVisible();
  await expectAccessible(page);

  // A preset of the theme drawer (layout.spec.ts chooses it there), kept where the app keeps it.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('recruitment') ?? '{}');
    localStorage.setItem('recruitment', JSON.stringify({ ...stored, settings: { ...stored.settings, theme: '#f5222d' } }));
  });
  await page.goto('/company/myInfo');
  await expect(page.getByLabel('姓名')).toHaveValue(ACCOUNTS.admin.name);
  await expectAccessible(page);
});

test('a company without purchased rights sees its pages pass axe', async ({ page }) => {
  await signIn(page, ACCOUNTS.hospital);
  await expectAccessible(page);
  for (const [path, title] of [
    ['/recruitmentPlan/userInfolist', '添加工作人员'],
    ['/recruitmentPlan/AllCandidatelist', '全部报名人员'],
    ['/writtenExamination/writtenExaminationReview', '笔试成绩审核'],
    ['/talentInfo/talent', '全部人才库'],
  ] as const) {
    await page.goto(path);
    await expectWorkingPage(page, title, path);
    await expectAccessible(page);
  }
  await page.goto('/recruitmentPlan/RecruitmentInfolist');
  await main(page).getByRole('row').getByText('岗位详情').first().click();
  await settled(page.getByRole('dialog', { name: '岗位详情' }));
  await expectAccessible(page);

  await page.goto('/no-such-page');
  await expect(page).toHaveURL(`${MAIN_URL}/404`);
  await expectAccessible(page);
});

test('a company without purchased rights sees its money pages and an order’s detail pass axe', async ({ page, request }) => {
  // An unpaid recharge: an order for 缴费记录 to show in detail (it changes nothing the other tests see).
  await api(request, '/app/company/companyLogin', { loginAccount: ACCOUNTS.hospital.loginAccount, password: PASSWORD });
  await api(request, '/admin/order/saveCompanyRecharge', { amountY: '1' });
  await signIn(page, ACCOUNTS.hospital);
  for (const [path, title] of [
    ['/setting/mealBuy', '已购买权益'],
    ['/recruitmentPlan/userFinanceRecord', '单位钱包管理'],
    ['/order/OrderPayLoglist', '申请发票'],
  ] as const) {
    await page.goto(path);
    await expectWorkingPage(page, title, path);
    await expectAccessible(page);
  }
  await page.goto('/order/OrderOperateHistorylist');
  await main(page).getByRole('row').getByRole('link', { name: '详情' }).first().click();
  await settled(page.getByRole('dialog', { name: '订单详情' }));
  await expectAccessible(page);
});

test('the operator’s pages pass axe', async ({ page }) => {
  await page.goto('/platform/login');
  await page.getByLabel('账号').fill('yunying');
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/platform\/invoices$/);
  await expectAccessible(page);
  for (const [item, path] of [
    ['价格与套餐', '/platform/catalogue'],
    ['公司反馈', '/platform/feedback'],
  ]) {
    await clickSettled(page.getByRole('menu', { name: '平台菜单' }).getByRole('menuitem', { name: item }));
    await expect(page).toHaveURL(`${MAIN_URL}${path}`);
    await expect(main(page).getByRole('table').first()).toBeVisible();
    await expectAccessible(page);
  }
});

test('a table row action is reached and pressed with the keyboard', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/recruitmentPlan/recruitmentPlanExpandlist');
  const edit = page.getByRole('main').getByRole('link', { name: '编辑', exact: true }).first();
  await edit.focus();
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /^编辑招录计划：/ })).toBeVisible();
  await expect(page).toHaveURL(/\/recruitmentPlan\/recruitmentPlanExpandlist$/);
});
