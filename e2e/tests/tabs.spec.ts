import type { Page } from '@playwright/test';
import {
  ACCOUNTS, MAIN_URL, expectTabs, openFromSettingsMenu, openFromSideMenu, openFromUserMenu, tab,
  tabActionsButton, tabList, tabCloseButton, tabAction, expect, test, signIn,
} from './support';

const SAVED_SUBTITLE = '公开 · 公平 · 竞争 · 择优';
const TYPED_SUBTITLE = '尚未保存的副标题';
const TYPED_NAME = '尚未保存的姓名';

/** 设置登录页's 副标题 and 个人中心's 姓名: the fields typed into without saving. */
const subtitle = (page: Page) => page.getByRole('textbox', { name: '副标题' });
const nameField = (page: Page) => page.getByRole('textbox', { name: '姓名' });

/** Opens 个人中心 (sidebar), 帮助中心 (navbar) and 设置登录页 (navbar 设置) without reloading the app. */
async function openFourTabs(page: Page) {
  await signIn(page, ACCOUNTS.admin);
  await expectTabs(page, ['首页']);

  await openFromSideMenu(page, '公司管理', '个人中心');
  await expect(page).toHaveURL(`${MAIN_URL}/company/myInfo`);
  await expect(page.getByLabel('姓名')).toHaveValue(ACCOUNTS.admin.name);

  await page.getByRole('banner').getByRole('button', { name: '帮助中心' }).click();
  await expect(page).toHaveURL(`${MAIN_URL}/help/help`);

  await openFromSettingsMenu(page, '设置登录页');
  await expect(page).toHaveURL(`${MAIN_URL}/setting/setLogin`);
  await expect(subtitle(page)).toHaveValue(SAVED_SUBTITLE);

  await expectTabs(page, ['首页', '个人中心', '帮助中心', '设置登录页']);
}

test('typed text survives switching tabs away and back', async ({ page }) => {
  await openFourTabs(page);

  await subtitle(page).fill(TYPED_SUBTITLE);

  await tab(page, '个人中心').click();
  await expect(page).toHaveURL(`${MAIN_URL}/company/myInfo`);
  await expect(tab(page, '个人中心')).toHaveAttribute('aria-selected', 'true');
  await nameField(page).fill(TYPED_NAME);

  await tab(page, '首页').click();
  await expect(page).toHaveURL(`${MAIN_URL}/home`);

  await tab(page, '设置登录页').click();
  await expect(page).toHaveURL(`${MAIN_URL}/setting/setLogin`);
  await expect(subtitle(page)).toHaveValue(TYPED_SUBTITLE);

  // Reaching a page again through the menu instead of its tab keeps the text too.
  await openFromSideMenu(page, '公司管理', '个人中心');
  await expect(page).toHaveURL(`${MAIN_URL}/company/myInfo`);
  await expect(nameField(page)).toHaveValue(TYPED_NAME);
  await expectTabs(page, ['首页', '个人中心', '帮助中心', '设置登录页']);
});

test('关闭其他 keeps only 首页 and the current tab, with its typed text', async ({ page }) => {
  await openFourTabs(page);
  await tab(page, '个人中心').click();
  await nameField(page).fill(TYPED_NAME);

  await tabAction(page, '关闭其他');
  await expectTabs(page, ['首页', '个人中心']);
  await expect(page).toHaveURL(`${MAIN_URL}/company/myInfo`);
  await expect(nameField(page)).toHaveValue(TYPED_NAME);
});

test('关闭所有 keeps only 首页', async ({ page }) => {
  await openFourTabs(page);
  await tabAction(page, '关闭所有');
  await expectTabs(page, ['首页']);
  await expect(page).toHaveURL(`${MAIN_URL}/home`);
  await expect(page.getByRole('heading', { name: ACCOUNTS.admin.companyName })).toBeVisible();
});

test('首页 cannot be closed', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await tabAction(page, '关闭所有');
  await expectTabs(page, ['首页']);
  await tabActionsButton(page).click();
  await expect(page.getByRole('menuitem', { name: '关闭', exact: true })).toHaveAttribute('aria-disabled', 'true');
});

test('closing a tab drops its state: reopening shows the saved value', async ({ page }) => {
  await openFourTabs(page);
  await subtitle(page).fill(TYPED_SUBTITLE);

  // The tab's own close button.
  await tabCloseButton(page, '设置登录页').click();
  await expectTabs(page, ['首页', '个人中心', '帮助中心']);
  await expect(page).toHaveURL(`${MAIN_URL}/help/help`);

  await openFromSettingsMenu(page, '设置登录页');
  await expect(page).toHaveURL(`${MAIN_URL}/setting/setLogin`);
  await expect(subtitle(page)).toHaveValue(SAVED_SUBTITLE);
});

test('the keyboard reaches the tabs with the arrow keys and closes the focused one with Delete', async ({ page }) => {
  await openFourTabs(page);
  await tab(page, '设置登录页').focus();
  await page.keyboard.press('ArrowLeft');
  // antd adds “Tab n of m” to the focused tab's name, so the focused element is matched by its text.
  await expect(page.locator(':focus')).toContainText('帮助中心');
  await page.keyboard.press('Delete');
  await expect(tab(page, '帮助中心')).toHaveCount(0);
  await expect(tabList(page).getByRole('tab')).toHaveCount(3);
});

test('标签操作 → 关闭 drops the state of the current tab', async ({ page }) => {
  await openFourTabs(page);
  await tab(page, '个人中心').click();
  await nameField(page).fill(TYPED_NAME);

  await tabAction(page, '关闭');
  await expectTabs(page, ['首页', '帮助中心', '设置登录页']);
  await expect(page).toHaveURL(`${MAIN_URL}/home`);

  await openFromUserMenu(page, '个人中心');
  await expect(page).toHaveURL(`${MAIN_URL}/company/myInfo`);
  await expect(nameField(page)).toHaveValue(ACCOUNTS.admin.name);
});

test('刷新 drops the typed text of the current tab', async ({ page }) => {
  await openFourTabs(page);
  await subtitle(page).fill(TYPED_SUBTITLE);

  await tabAction(page, '刷新');
  await expect(page).toHaveURL(`${MAIN_URL}/setting/setLogin`);
  await expect(subtitle(page)).toHaveValue(SAVED_SUBTITLE);
  await expectTabs(page, ['首页', '个人中心', '帮助中心', '设置登录页']);
});
