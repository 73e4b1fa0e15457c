import type { Page } from '@playwright/test';
import { ACCOUNTS, PAYMENT_URL, clickSettled, expect, payInSandbox, paymentDialog, screenshots, settingsMenu, test, signIn } from './support';

/**
 * Issue 10's buying story, as 江城市第一人民医院 (which holds no rights and whose wallet the seed leaves at ¥0.00) lives
 * it on the payment server: the 公司二维码 item bought through the sandbox QR (the dialog closes by itself and the navbar
 * shows 公司二维码 at once), a wallet payment above the balance refused with '钱包余额不足' and nothing changed, a
 * recharge (no wallet option), and a package paid from the wallet.
 */
// Paying through the sandbox, and full-page screenshots at two widths, take a while.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const hospital = ACCOUNTS.hospital;

/** Opens an entry of the navbar's 缴费管理 dropdown. */
async function openFromPaymentMenu(page: Page, item: string) {
  await page.getByRole('banner').getByRole('button', { name: '缴费管理', exact: true }).click();
  await clickSettled(page.getByRole('menu', { name: '缴费管理菜单' }).getByRole('menuitem', { name: item }));
}

async function walletBalance(page: Page) {
  await page.goto(`${PAYMENT_URL}/recruitmentPlan/userFinanceRecord`);
  const figure = page.getByRole('main').getByText(/^¥[\d,]+\.\d\d$/).filter({ visible: true }).first();
  await expect(figure).toBeVisible();
  return figure.textContent();
}

test('the company-QR item bought by the sandbox QR shows 公司二维码 in the navbar at once', async ({ page }, testInfo) => {
  await signIn(page, hospital, { origin: PAYMENT_URL });
  await page.getByRole('banner').getByRole('button', { name: '设置', exact: true }).click();
  await expect(settingsMenu(page).getByRole('menuitem', { name: '公司二维码' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await openFromPaymentMenu(page, '单购功能项');
  await expect(page.getByText('以上价格均不含税')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '公司二维码' });
  await expect(row).toContainText('¥10.00 / 天');
  await row.getByRole('checkbox').check();
  await page.getByLabel('购买时长').fill('3');
  await page.getByRole('combobox', { name: '时长单位' }).click();
  await clickSettled(page.getByTitle('月', { exact: true }));
  await expect(page.getByText('合计：¥600.00')).toBeVisible();
  await screenshots(page, testInfo, 'select-function');
  await page.getByRole('button', { name: '立即购买' }).click();

  const dialog = paymentDialog(page);
  await expect(dialog.getByText('购买功能项')).toBeVisible();
  await expect(dialog.getByText('¥600.00', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /钱包余额/ })).toBeVisible();
  await screenshots(page, testInfo, 'payment-order');
  await dialog.getByRole('radio', { name: '微信支付' }).check();
  await dialog.getByRole('button', { name: '下一步' }).click();
  await expect(dialog.getByRole('img', { name: '支付二维码' })).toBeVisible();
  await screenshots(page, testInfo, 'payment-qr');
  await dialog.getByRole('button', { name: '返回修改支付方式' }).click();
  await payInSandbox(page, '微信支付');

  await page.getByRole('banner').getByRole('button', { name: '设置', exact: true }).click();
  await clickSettled(settingsMenu(page).getByRole('menuitem', { name: '公司二维码' }));
  await expect(page.getByRole('main').getByRole('img', { name: '公司二维码' })).toBeVisible();

  await openFromPaymentMenu(page, '已购买权益');
  await expect(page.getByRole('row').filter({ hasText: '公司二维码' }).first()).toContainText('生效中');
  await screenshots(page, testInfo, 'meal-buy');
});

test('a wallet payment above the balance is refused and changes nothing; a recharge offers no wallet; a package is paid from the wallet', async ({ page }, testInfo) => {
  await signIn(page, hospital, { origin: PAYMENT_URL });

  // 120 years of 定制单位信息 (¥357,600.00) is more than the wallet holds.
  await openFromPaymentMenu(page, '单购功能项');
  const row = page.getByRole('row').filter({ hasText: '定制单位信息' });
  await row.getByRole('checkbox').check();
  await page.getByLabel('购买时长').fill('120');
  await expect(page.getByText('合计：¥357,600.00')).toBeVisible();
  await page.getByRole('button', { name: '立即购买' }).click();
  const dialog = paymentDialog(page);
  const orderNo = await dialog.getByText(/^ZK\d{20}$/).textContent();
  await dialog.getByRole('radio', { name: /钱包余额/ }).check();
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('钱包余额不足')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  // Nothing changed: the order still waits, no money left the wallet for it, no right was granted. (Other tests
  // recharge this company's wallet meanwhile, so the balance itself is not compared.)
  await openFromPaymentMenu(page, '缴费记录');
  const search = page.getByRole('main').getByLabel('订单号').filter({ visible: true });
  await search.fill(orderNo!);
  await search.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: orderNo! })).toContainText('待支付');
  await walletBalance(page);
  await expect(page.getByRole('row').filter({ hasText: orderNo! })).toHaveCount(0);
  await openFromPaymentMenu(page, '已购买权益');
  await expect(page.getByRole('row').filter({ hasText: '定制单位信息' })).toHaveCount(0);

  // Recharge ¥2,000.00: only the QR channels are offered.
  await page.goto(`${PAYMENT_URL}/recruitmentPlan/userFinanceRecord`);
  await page.getByRole('button', { name: '充值' }).click();
  const recharge = page.getByRole('dialog', { name: '钱包充值' });
  await recharge.getByLabel('充值金额（元）').fill('12.345');
  await recharge.getByRole('button', { name: '下一步' }).click();
  await expect(recharge.getByText('充值金额格式不正确，最多两位小数')).toBeVisible();
  await recharge.getByLabel('充值金额（元）').fill('2000');
  await recharge.getByRole('button', { name: '下一步' }).click();
  await expect(dialog.getByText('¥2,000.00', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: '支付宝' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /钱包余额/ })).toHaveCount(0);
  await payInSandbox(page, '支付宝');
  await expect(page.getByRole('row').filter({ hasText: '+2,000.00' }).first()).toBeVisible();

  // 基础版 for 6 months (¥1,080.00) from the wallet.
  await openFromPaymentMenu(page, '购买套餐');
  const basic = page.getByRole('region', { name: '基础版' });
  await basic.getByText('6 月').click();
  await expect(basic.getByText('¥1,080.00')).toBeVisible();
  await screenshots(page, testInfo, 'choose-package');
  await basic.getByRole('button', { name: '立即购买' }).click();
  await dialog.getByRole('radio', { name: /钱包余额/ }).check();
  // The recharge's own 支付成功 may still be on screen; this payment must bring its own.
  await expect(page.getByText('支付成功')).toHaveCount(0);
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/setting\/mealBuy$/);

  await page.goto(`${PAYMENT_URL}/recruitmentPlan/userFinanceRecord`);
  const paid = page.getByRole('row').filter({ hasText: '-1,080.00' }).first();
  await expect(paid).toContainText('购买套餐');
  await screenshots(page, testInfo, 'wallet-records');
});
