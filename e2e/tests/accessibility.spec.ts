import {
  ACCOUNTS,
  MAIN_URL,
  clickSettled,
  expect,
  expectAccessible,
  expectWorkingPage,
  login,
  openFromSideMenu,
  sideMenu,
  sideMenuGroup,
  test,
} from './support';

// Every page a test ends on is checked as it is left (see `test` in support.ts); these walks reach every page of
// the sidebar as well, so that a new page is held to WCAG 2.1 AA as soon as it is in the menu, and must open in
// working order (no entry of the sidebar may lead nowhere; navigation.spec.ts walks the navbar's).
// The walks are independent of each other, so the two workers share them.
test.describe.configure({ mode: 'parallel' });

test('the login page passes axe', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await expectAccessible(page);
});

/** The sidebar's groups, in order; the test below fails when one is added, so that it is walked too. */
const MENU_GROUPS = ['招录计划', '资格审核', '笔试管理', '面试管理', '公告管理', '人才库', '新闻管理', '缴费管理', '公司管理', '设置'];

test('the sidebar has the groups walked here, and its top-level pages pass axe', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
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
    test.setTimeout(300_000);
    await login(page, ACCOUNTS.admin);
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
  await login(page, ACCOUNTS.admin);
  await page.getByRole('banner').getByRole('button', { name: '帮助中心' }).click();
  await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/help\/details\?id=\d+$/);
  await expectAccessible(page);

  await page.goto('/no-such-page');
  await expect(page).toHaveURL(`${MAIN_URL}/404`);
  await expectAccessible(page);
});

test('a table row action is reached and pressed with the keyboard', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  await page.goto('/recruitmentPlan/recruitmentPlanExpandlist');
  const edit = page.getByRole('main').getByRole('link', { name: '编辑', exact: true }).first();
  await edit.focus();
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /^编辑招录计划：/ })).toBeVisible();
  await expect(page).toHaveURL(/\/recruitmentPlan\/recruitmentPlanExpandlist$/);
});
