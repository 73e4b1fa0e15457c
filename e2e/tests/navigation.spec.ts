import type { Page } from '@playwright/test';
import { ACCOUNTS, clickSettled, expectAccessible, expectWorkingPage, openFromSettingsMenu, openFromUserMenu, test, signIn } from './support';

// No entry of the navbar may lead nowhere (issue 12): each is opened as a user does and the page it leads to must be
// the one it names, loaded and in working order; the pages of the navbar's own buttons and 个人中心 are held to WCAG 2.1
// AA here, those of its two menus by accessibility.spec.ts's walk of the sidebar, except 购买套餐, which is in neither
// and no story ends on (its red prices on white are 4.07:1, short of 4.5:1).

const navbar = (page: Page) => page.getByRole('banner');

test('every entry of the navbar opens a working page', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, ACCOUNTS.admin);

  const buttons: [string, string, string][] = [
    ['帮助中心', '帮助中心', '/help/help'],
    ['新闻发布', '新闻发布', '/sysManage/introduceCms'],
    ['推广海报', '推广海报', '/poster/poster'],
    ['考务费管理', '报名缴费管理', '/order/OmsOrderlist'],
    ['站内信', '站内信列表', '/manage/userMessage'],
  ];
  for (const [name, title, path] of buttons) {
    await clickSettled(navbar(page).getByRole('button', { name, exact: true }));
    await expectWorkingPage(page, title, path);
    await expectAccessible(page);
  }

  const payments: [string, string, string][] = [
    ['购买套餐', '购买套餐', '/selectResume/chooseAResumePackage'],
    ['单购功能项', '购买功能项', '/setting/selectResumeFunction'],
    ['缴费记录', '缴费记录', '/order/OrderOperateHistorylist'],
    ['申请发票', '申请发票', '/order/OrderPayLoglist'],
    ['已购买权益', '已购买权益', '/setting/mealBuy'],
  ];
  for (const [item, title, path] of payments) {
    await navbar(page).getByRole('button', { name: '缴费管理', exact: true }).click();
    await clickSettled(page.getByRole('menu', { name: '缴费管理菜单' }).getByRole('menuitem', { name: item, exact: true }));
    await expectWorkingPage(page, title, path);
    await page.mouse.move(1, 1);
    await expectAccessible(page);
  }

  const settings: [string, string][] = [
    ['设置登录页', '/setting/setLogin'],
    ['公司反馈', '/setting/CompanyFeedback'],
    ['公司二维码', '/setting/CompanyQrCode'],
  ];
  for (const [item, path] of settings) {
    await openFromSettingsMenu(page, item);
    await expectWorkingPage(page, item, path);
  }

  await openFromUserMenu(page, '个人中心');
  await expectWorkingPage(page, '个人中心', '/company/myInfo');
  await expectAccessible(page);

  await navbar(page).getByRole('link', { name: '首页' }).click();
  await expectWorkingPage(page, '首页', '/home');
  await expectAccessible(page);
});
