import {
  ACCOUNTS, MAIN_URL, PRODUCT_TITLE, clickSettled, navbarBrand, openFromSettingsMenu, settingsMenu, sideMenu,
  expect, test, signIn,
} from './support';

test.describe('the navbar follows the company’s purchased rights', () => {
  test('company 1 shows its name and offers 公司二维码, which shows a QR code', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await expect(navbarBrand(page)).toHaveText(new RegExp(ACCOUNTS.admin.companyName));
    await expect(navbarBrand(page)).not.toContainText(PRODUCT_TITLE);

    await page.getByRole('banner').getByRole('button', { name: '设置', exact: true }).click();
    const menu = settingsMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText(['设置登录页', '公司反馈', '公司二维码']);
    await clickSettled(menu.getByRole('menuitem', { name: '公司二维码' }));

    await expect(page).toHaveURL(`${MAIN_URL}/setting/CompanyQrCode`);
    const qr = page.getByRole('main').getByRole('img', { name: '公司二维码' });
    await expect(qr).toBeVisible();
    await expect(page.getByRole('main').getByText(`扫码打开本单位报名页：${MAIN_URL}/apply/companies/1`)).toBeVisible();
    await expect(page.getByRole('button', { name: '下载二维码' })).toBeVisible();
  });

  test('company 2 shows the product title and has no 公司二维码 entry', async ({ page }) => {
    await signIn(page, ACCOUNTS.hospital);
    await expect(navbarBrand(page)).toHaveText(new RegExp(PRODUCT_TITLE));
    await expect(navbarBrand(page)).not.toContainText(ACCOUNTS.hospital.companyName);

    await page.getByRole('banner').getByRole('button', { name: '设置', exact: true }).click();
    await expect(settingsMenu(page).getByRole('menuitem')).toHaveText(['设置登录页', '公司反馈']);
    await expect(page.getByRole('menuitem', { name: '公司二维码' })).toHaveCount(0);
    // Nor in the sidebar's 设置 group.
    await clickSettled(sideMenu(page).getByRole('menuitem', { name: /设置$/ }));
    await expect(sideMenu(page).getByRole('menuitem', { name: '设置登录页' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '公司二维码' })).toHaveCount(0);
  });

  test('company 2 cannot open /setting/CompanyQrCode: it ends at /404', async ({ page }) => {
    await signIn(page, ACCOUNTS.hospital);
    await page.goto('/setting/CompanyQrCode');
    await expect(page).toHaveURL(`${MAIN_URL}/404`);
    await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
  });

  test('company 1 opens 设置登录页 from the navbar with its saved title', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await openFromSettingsMenu(page, '设置登录页');
    await expect(page).toHaveURL(`${MAIN_URL}/setting/setLogin`);
    await expect(page.getByLabel('登录页标题')).toHaveValue('湘江人力招考服务平台');
  });
});
