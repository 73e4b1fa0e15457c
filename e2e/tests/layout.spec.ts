import type { Locator } from '@playwright/test';
import { ACCOUNTS, MAIN_URL, choosePlan, clickSettled, openFromSideMenu, openFromUserMenu, settled, sideMenu, sideMenuGroup, expect, test, signIn } from './support';

const DEFAULT_PRIMARY = 'rgb(64, 158, 255)'; // #409EFF, SPEC §9
const RED = 'rgb(245, 34, 45)'; // #f5222d, one of the presets

const backgroundOf = (locator: Locator) =>
  locator.evaluate((el) => getComputedStyle(el).backgroundColor);

test('a theme colour change is applied and survives a reload', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
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
  await signIn(page, ACCOUNTS.admin);
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
    await signIn(page, ACCOUNTS.admin);
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
  await signIn(page, ACCOUNTS.admin);
  const menu = sideMenu(page);
  await expect(menu).toBeVisible();
  await expect(sideMenuGroup(page, '公司管理')).toBeVisible();
  await page.getByRole('button', { name: '收起侧边栏' }).click();
  await expect(page.getByRole('button', { name: '展开侧边栏' })).toBeVisible();
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  await expect(page.getByRole('button', { name: '收起侧边栏' })).toBeVisible();
});

test('pinned table columns scrolled under the sticky header or a dialog mask never paint over them', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  await signIn(page, ACCOUNTS.admin);
  await openFromSideMenu(page, '资格审核', '报名资格审核');
  // the demo plan of 300 applications (other stories make newer, smaller plans)
  await choosePlan(page, '2026年湘江人力资源服务集团下属企业公开招聘计划');
  const rows = page.getByRole('main').getByRole('table').first().getByRole('row');
  await expect(rows.nth(8)).toBeVisible();
  await page.evaluate(() => window.scrollBy(0, 350));

  /** What shows at the middle of each pinned cell that lies under the header (or under everything, with a dialog open). */
  const topmostOverPinnedCells = () =>
    page.evaluate(() => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      return [...document.querySelectorAll('td.ant-table-cell-fix-start, td.ant-table-cell-fix-end')]
        .map((cell) => cell.getBoundingClientRect())
        .filter((r) => r.bottom > header.top + 4 && r.top < header.bottom - 4)
        .map((r) => {
          const shown = document.elementFromPoint(r.left + r.width / 2, Math.max(r.top, header.top) + 2);
          return shown?.closest('header') ? 'header' : shown?.closest('td') ? 'table cell' : 'other';
        });
    });
  const underHeader = await topmostOverPinnedCells();
  expect(underHeader.length).toBeGreaterThan(0);
  expect(new Set(underHeader)).toEqual(new Set(['header']));
  await page.screenshot({ path: testInfo.outputPath('pinned-columns-scrolled-1440.png') });
});
