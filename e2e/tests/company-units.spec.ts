import type { Page } from '@playwright/test';
import { ACCOUNTS, MAIN_URL, clickSettled, expect, login, openFromSideMenu, screenshots, settled, test } from './support';

/**
 * 公司管理 (issue 12): company 1's administrator adds a subordinate unit, enters it (a session of their own linked
 * account there: the sidebar names the unit, and its data is its own) and returns to the headquarters. Switching ends
 * this browser context's session only: other tests signed in as admin at the same time keep theirs.
 */
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const UNIT = `湘江人力资源服务集团测试${stamp}分公司`;

test.describe.configure({ timeout: 120_000 });

const main = (page: Page) => page.getByRole('main');
/** The sidebar's note of the unit signed in to. */
const currentUnit = (page: Page) => page.getByRole('complementary').getByTestId('current-unit');

async function openUnits(page: Page) {
  await openFromSideMenu(page, '公司管理', '公司管理');
  await expect(page).toHaveURL(`${MAIN_URL}/company/CompanyInfolist`);
}

test('the headquarters adds a unit, enters it and returns', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  await openUnits(page);
  const hqRow = main(page).getByRole('row').filter({ hasText: ACCOUNTS.admin.companyName });
  await expect(hqRow).toContainText('总部');
  await expect(hqRow).toContainText('当前');
  await expect(main(page).getByRole('row').filter({ hasText: '湘江人力资源服务集团株洲分公司' })).toContainText('进入该单位');
  await expect(currentUnit(page)).toHaveCount(0);

  // 新增下属单位: nothing filled in shows the contracts' messages, in Chinese.
  await main(page).getByRole('button', { name: '新增下属单位' }).click();
  const form = await settled(page.getByRole('dialog', { name: '新增下属单位' }));
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请输入单位名称')).toBeVisible();
  await expect(form.getByText('请选择所属行业')).toBeVisible();
  await form.getByLabel('单位名称').fill(UNIT);
  await form.getByLabel('所属行业').click();
  await clickSettled(page.getByTitle('人力资源服务', { exact: true }).last());
  await form.getByLabel('单位地址').fill('湖南省湘潭市岳塘区建设南路 66 号');
  await form.getByLabel('登录账号').fill(`e2e_unit_${stamp}`);
  await form.getByLabel('姓名').fill('赵磊');
  await form.getByLabel('手机号码').fill('13873200000');
  await form.getByLabel('初始密码').fill('Unit2026pass');
  await expect(form.getByText('请输入单位名称')).toBeHidden();
  await screenshots(page, test.info(), 'unit-form');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('下属单位已新增').first()).toBeVisible();
  await expect(form).toBeHidden();
  const unitRow = main(page).getByRole('row').filter({ hasText: UNIT });
  await expect(unitRow).toContainText('人力资源服务');
  await screenshots(page, test.info(), 'units');

  // 进入该单位: a new session in the unit, from the home page.
  await unitRow.getByRole('link', { name: '进入该单位' }).click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '进入' }));
  await expect(page).toHaveURL(`${MAIN_URL}/home`);
  await expect(currentUnit(page)).toHaveText(`当前单位${UNIT}`);
  await expect(page.getByRole('button', { name: '用户菜单' })).toContainText(ACCOUNTS.admin.name);

  // The unit's plans: none (the headquarters' are not shown).
  await openFromSideMenu(page, '招录计划', '添加招录计划');
  await expect(page.getByText('暂无数据').filter({ visible: true })).toBeVisible();

  await openUnits(page);
  await expect(main(page).getByRole('row').filter({ hasText: UNIT })).toContainText('当前');
  await expect(main(page).getByText(`您正在以总部人员身份操作“${UNIT}”`)).toBeVisible();
  await screenshots(page, test.info(), 'inside-unit');

  // 返回总部
  await main(page).getByRole('button', { name: '返回总部' }).click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '返回' }));
  await expect(page).toHaveURL(`${MAIN_URL}/home`);
  await expect(currentUnit(page)).toHaveCount(0);
  await openFromSideMenu(page, '招录计划', '添加招录计划');
  await expect(page.getByText(/共 \d+ 个计划/).filter({ visible: true })).toBeVisible();
  await openUnits(page);
  await expect(main(page).getByRole('row').filter({ hasText: ACCOUNTS.admin.companyName })).toContainText('当前');
  await expect(main(page).getByRole('row').filter({ hasText: UNIT })).not.toContainText('当前');
});
