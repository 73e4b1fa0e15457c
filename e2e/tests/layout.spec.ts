import type { Locator } from '@playwright/test';
import { ACCOUNTS, MAIN_URL, clickSettled, login, openFromSideMenu, openFromUserMenu, settled, sideMenu, sideMenuGroup, expect, test } from './support';

const DEFAULT_PRIMARY = 'rgb(64, 158, 255)'; // #409EFF, SPEC §9
const RED = 'rgb(245, 34, 45)'; // #f5222d, one of the presets

const backgroundOf = (locator: Locator) =>
  locator.evaluate((el) => getComputedStyle(el).backgroundColor);

test('a theme colour change is applied and survives a reload', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  await openFromUserMenu(page, '个人中心');
  await expect(page).toHaveURL(`${MAIN_URL}/company/myInfo`);

  const save = page.getByRole('button', { name: '保存', exact: true });
  await expect.poll(() => backgroundOf(save)).toBe(DEFAULT_PRIMARY);

  await page.getByRole('button', { name: '主题设置' }).click();
  const drawer = page.getByRole('dialog', { name: '主题设置' });
  await expect(drawer).toBeVisible();
  await clickSettled(drawer.getByLabel('主题颜色'));
  // The picker's hex field (shown after a “#”).
  await (await settled(page.getByRole('tooltip').getByRole('textbox'))).fill('f5222d');

  await expect.poll(() => backgroundOf(save)).toBe(RED);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('recruitment') ?? '{}').settings?.theme))
    .toBe('#f5222d');

  await page.reload();
  await expect(page).toHaveURL(`${MAIN_URL}/company/myInfo`);
  const saveAfterReload = page.getByRole('button', { name: '保存', exact: true });
  await expect(saveAfterReload).toBeVisible();
  await expect.poll(() => backgroundOf(saveAfterReload)).toBe(RED);
});

test('the tags-view switch hides and shows the tabs', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  await expect(page.getByRole('tablist')).toBeVisible();
  await page.getByRole('button', { name: '主题设置' }).click();
  const drawer = page.getByRole('dialog', { name: '主题设置' });
  await clickSettled(drawer.getByRole('switch', { name: '显示标签栏' }));
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await drawer.getByRole('switch', { name: '显示标签栏' }).click();
  await expect(page.getByRole('tablist')).toBeVisible();
});

test.describe('narrow screen', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('at 800 px the sidebar is closed and opens with 展开侧边栏', async ({ page }) => {
    await login(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(`${MAIN_URL}/home`);
    await expect(page.getByRole('heading', { name: ACCOUNTS.admin.companyName })).toBeVisible();
    await expect(sideMenu(page)).toBeHidden();

    await page.getByRole('button', { name: '展开侧边栏' }).click();
    await expect(sideMenu(page)).toBeVisible();
    await settled(sideMenu(page));

    // Choosing a page closes the drawer again.
    await openFromSideMenu(page, '公司管理', '个人中心');
    await expect(page).toHaveURL(`${MAIN_URL}/company/myInfo`);
    await expect(sideMenu(page)).toBeHidden();
  });
});

test('at full width the sidebar is open and folds with 收起侧边栏', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  const menu = sideMenu(page);
  await expect(menu).toBeVisible();
  await expect(sideMenuGroup(page, '公司管理')).toBeVisible();
  await page.getByRole('button', { name: '收起侧边栏' }).click();
  await expect(page.getByRole('button', { name: '展开侧边栏' })).toBeVisible();
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  await expect(page.getByRole('button', { name: '收起侧边栏' })).toBeVisible();
});
