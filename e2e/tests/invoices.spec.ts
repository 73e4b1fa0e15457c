import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, PAYMENT_URL, expect as baseExpect, clickSettled, expectAccessible, screenshots, signIn, test } from './support';

/**
 * 申请发票 → 发票详情 and 缴费记录, on the money server (PAYMENT_URL) as 江城市第一人民医院: the paid amount a
 * company may invoice is made through the API (a recharge paid at the sandbox cashier), the operator issues the
 * invoice through the platform API.
 */

const COMPANY = ACCOUNTS.hospital;
/**
 * Set-up through the API, a sandbox payment and two screen widths per page: more time than most tests. One after the
 * other, in one worker: each pays what the others' invoiceable amount counts.
 */
test.describe.configure({ mode: 'default', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const BAD_TAX_NO = '请输入正确的纳税人识别号（18 位统一社会信用代码）';

/** An 18-character unified social credit code with the right check character (GB 32100). */
function taxNumber(first17: string) {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...first17].reduce((total, c, i) => total + chars.indexOf(c) * weights[i]!, 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}

/** "¥1,234.50", as the pages show an amount of cents. */
const yuan = (cents: number) => `¥${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

/** A call to the money server with the request context's session; the answer must be a success. */
async function api<T>(request: APIRequestContext, path: string, data: unknown = {}, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const res = method === 'GET' ? await request.get(`${PAYMENT_URL}/api${path}`) : await request.post(`${PAYMENT_URL}/api${path}`, { data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

interface Order {
  id: number;
  orderId: string;
  status: number;
  payH5QrCodeUrl: string;
}

/** Signs the request context in as the company, recharges `amountY` and pays it at the sandbox cashier by WeChat Pay (invoiceable). */
async function paidRecharge(request: APIRequestContext, amountY: string) {
  await api(request, '/app/company/companyLogin', { loginAccount: COMPANY.loginAccount, password: PASSWORD });
  const order = await api<Order>(request, '/admin/order/saveCompanyRecharge', { amountY });
  const { payH5QrCodeUrl } = await api<Order>(request, '/admin/wechat/pay/1', { orderId: order.orderId });
  // As a person scanning the QR code and pressing 支付 at the sandbox cashier.
  const paid = await request.post(new URL(payH5QrCodeUrl, PAYMENT_URL).toString(), { form: { scenario: 'pay' } });
  expect(paid.ok()).toBe(true);
  await expect.poll(async () => (await api<Order>(request, '/admin/wechat/syncCallback', { orderId: order.orderId })).status).toBe(1);
  return order;
}

/** The platform operator (DESIGN §12) uploads the e-invoice's PDF and issues it. */
async function operatorIssues(request: APIRequestContext, invoiceId: number) {
  const signedIn = await request.post(`${PAYMENT_URL}/api/platform/login`, { data: { loginAccount: 'yunying', password: PASSWORD } });
  const token = ((await signedIn.json()) as { data: { token: string } }).data.token;
  const headers = { 'x-operator-token': token };
  const upload = await request.post(`${PAYMENT_URL}/api/platform/invoice/pdf`, {
    headers,
    multipart: { file: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% 电子发票\n%%EOF\n') } },
  });
  const { url } = ((await upload.json()) as { data: { url: string } }).data;
  const issued = await request.post(`${PAYMENT_URL}/api/platform/invoice/issue/${invoiceId}`, { headers, data: { pdfUrl: url } });
  expect(((await issued.json()) as { code: number }).code).toBe(200);
}


const main = (page: Page) => page.getByRole('main');

test('a company asks for an e-invoice of what it paid; the operator issues it and the PDF is there', async ({ page, request }) => {
  await paidRecharge(request, '1234.56');
  await signIn(page, COMPANY, { origin: PAYMENT_URL });

  await page.getByRole('banner').getByRole('button', { name: '缴费管理' }).click();
  await clickSettled(page.getByRole('menu', { name: '缴费管理菜单' }).getByRole('menuitem', { name: '申请发票' }));
  await expect(page).toHaveURL(/\/order\/OrderPayLoglist$/);

  // The available amount: what was paid by QR channels and not asked for yet.
  const { limit } = await api<{ limit: number }>(request, '/admin/order/invoice/getApplyInvoiceAmountLimit', undefined, 'GET');
  expect(limit).toBeGreaterThanOrEqual(123_456);
  const available = main(page).locator('.amount').filter({ hasText: '可开票金额' });
  await expect(available).toContainText(yuan(limit));
  await expect(main(page).getByLabel('发票抬头')).toHaveValue(COMPANY.companyName);

  // A paper invoice's courier fee shows by the province chosen.
  await main(page).getByRole('radio', { name: '纸质发票' }).check();
  await main(page).getByRole('combobox', { name: '所在省份' }).click();
  await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: /^湖南省$/ }));
  await expect(main(page).getByText('寄往湖南省的快递费 ¥10.00，提交后支付')).toBeVisible();
  await expect(main(page).getByRole('button', { name: '提交并支付快递费' })).toBeVisible();
  await main(page).getByRole('radio', { name: '电子发票' }).check();

  // A wrong tax number is refused with the contract's message, before anything is sent.
  await main(page).getByLabel('开票金额').fill('200');
  await main(page).getByLabel('纳税人识别号').fill('91430104MA4L123450');
  await main(page).getByLabel('接收邮箱').fill('caiwu@jcfh.example.cn');
  await main(page).getByRole('button', { name: '提交申请' }).click();
  await expect(main(page).getByText(BAD_TAX_NO)).toBeVisible();
  await screenshots(page, test.info(), 'invoice-apply-error');

  const taxNo = taxNumber('12420100MB0000001');
  await main(page).getByLabel('纳税人识别号').fill(taxNo.toLowerCase());
  await expect(main(page).getByText(BAD_TAX_NO)).toBeHidden();
  await main(page).getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('发票申请已提交，开具后可在发票详情中查看')).toBeVisible();
  await expect(available).toContainText(yuan(limit - 20_000));

  const requests = main(page).getByRole('table').last();
  const row = requests.getByRole('row').filter({ hasText: '200.00' }).first();
  await expect(row).toContainText('电子发票');
  await expect(row).toContainText('已提交，待开具');
  await screenshots(page, test.info(), 'invoice-apply');

  await row.getByRole('link', { name: '查看' }).click();
  await expect(page).toHaveURL(/\/order\/OrderPayLoglists\?id=\d+$/);
  const invoiceId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(main(page).getByText('已提交，待开具').filter({ visible: true }).first()).toBeVisible();
  await expect(main(page).getByText(taxNo)).toBeVisible();

  await operatorIssues(request, invoiceId);
  await page.reload();
  await expect(main(page).getByText('已开具', { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expect(main(page).getByText('电子发票已开具，可下载')).toBeVisible();
  const pdfLink = main(page).getByRole('link', { name: '下载电子发票（PDF）' });
  await expect(pdfLink).toHaveAttribute('href', `/api/admin/order/invoice/${invoiceId}/pdf`);
  const pdf = await page.request.get(`${PAYMENT_URL}/api/admin/order/invoice/${invoiceId}/pdf`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await screenshots(page, test.info(), 'invoice-details');
  // An invoice's detail page is reached only through a paid order: checked here rather than in the accessibility walk.
  await expectAccessible(page);
});

test('缴费记录 lists the paid recharge with its story', async ({ page, request }) => {
  const order = await paidRecharge(request, '88.80');
  await signIn(page, COMPANY, { origin: PAYMENT_URL });

  await page.getByRole('banner').getByRole('button', { name: '缴费管理' }).click();
  await clickSettled(page.getByRole('menu', { name: '缴费管理菜单' }).getByRole('menuitem', { name: '缴费记录' }));
  await expect(page).toHaveURL(/\/order\/OrderOperateHistorylist$/);

  const row = main(page).getByRole('row').filter({ hasText: order.orderId });
  await expect(row).toContainText('钱包充值');
  await expect(row).toContainText('88.80');
  await expect(row).toContainText('已支付');
  await expect(row).toContainText('微信支付');
  await expect(row.getByRole('link', { name: '去支付' })).toHaveCount(0);
  await expect(row).toContainText(/下单 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s*支付 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  // At 1440 px the whole list shows: it does not scroll sideways.
  const table = main(page).locator('.ant-table-content, .ant-table-body').first();
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  // Searching by the order number leaves that order alone.
  await main(page).getByLabel('订单号').fill(order.orderId);
  await main(page).getByLabel('订单号').press('Enter');
  await expect(main(page).getByRole('row')).toHaveCount(2);
  await screenshots(page, test.info(), 'order-history');

  await row.getByRole('link', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: '订单详情' });
  await expect(drawer).toContainText(order.orderId);
  await expect(drawer).toContainText('通知付款 ¥88.80，订单已支付');
  await screenshots(page, test.info(), 'order-detail');
});

test('a paper invoice: its courier fee is paid in the payment dialog, and the request is submitted', async ({ page, request }) => {
  await paidRecharge(request, '300');
  await signIn(page, COMPANY, { origin: PAYMENT_URL });
  await page.getByRole('banner').getByRole('button', { name: '缴费管理' }).click();
  await clickSettled(page.getByRole('menu', { name: '缴费管理菜单' }).getByRole('menuitem', { name: '申请发票' }));

  await main(page).getByLabel('开票金额').fill('100');
  await main(page).getByLabel('纳税人识别号').fill(taxNumber('12420100MB0000002'));
  await main(page).getByRole('radio', { name: '纸质发票' }).check();
  await main(page).getByLabel('收件人').fill('陈静');
  await main(page).getByLabel('联系电话').fill('13627148899');
  await main(page).getByRole('combobox', { name: '所在省份' }).click();
  await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: /^湖北省$/ }));
  await expect(main(page).getByText('寄往湖北省的快递费 ¥12.00，提交后支付')).toBeVisible();
  await main(page).getByLabel('详细地址').fill('江城市解放大道 1 号');
  await main(page).getByRole('button', { name: '提交并支付快递费' }).click();

  const dialog = page.getByRole('dialog', { name: '订单支付' });
  await expect(dialog).toContainText('纸质发票快递费（寄往湖北省）');
  await expect(dialog).toContainText('¥12.00');
  await dialog.getByRole('radio', { name: '微信支付' }).check();
  await dialog.getByRole('button', { name: '下一步' }).click();
  const cashier = dialog.getByRole('link', { name: '在沙箱收银台打开' });
  const paid = await request.post((await cashier.getAttribute('href'))!, { form: { scenario: 'pay' } });
  expect(paid.ok()).toBe(true);
  // The dialog learns of the payment by itself and closes.
  await expect(dialog).toBeHidden();

  const row = main(page).getByRole('table').last().getByRole('row').filter({ hasText: '纸质发票' }).first();
  await expect(row).toContainText('100.00');
  await expect(row).toContainText('已提交，待开具');
  await row.getByRole('link', { name: '查看' }).click();
  await expect(main(page).getByText('快递费 12.00 元').filter({ visible: true }).first()).toBeVisible();
  await expect(main(page).getByText('湖北省江城市解放大道 1 号')).toBeVisible();
  await screenshots(page, test.info(), 'invoice-paper');
});
