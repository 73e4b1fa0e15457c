import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, PAYMENT_URL, clickSettled, expect, sessionEndedDialog, settled, screenshots, test } from './support';

/**
 * Issue 10's operator side (DESIGN §12), on the payment server so the demo data of the other tests stays as it is:
 * the hospital pays a recharge through the sandbox and asks for an e-invoice; the platform operator signs in to the
 * operator's own area, issues it with a PDF, and the hospital's invoice detail shows it issued (and serves that PDF).
 * The operator then prices a function item by the day and adds a package, and the hospital's price lists follow.
 */
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const OPERATOR = { loginAccount: 'yunying', name: '平台运营' };
const COMPANY = ACCOUNTS.hospital;
const INVOICE_TITLE = `江城市第一人民医院（开票${stamp}）`;
/** A recharge of its own amount, so the request is told apart from any other. */
const AMOUNT_Y = `3${stamp.slice(0, 2)}.${stamp.slice(2, 4)}`;
/** A tiny but valid PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** An 18-character unified social credit code with the right check character. */
function creditCode(first17: string) {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...first17].reduce((s, c, i) => s + chars.indexOf(c) * weights[i]!, 0);
  return first17 + chars[(31 - (sum % 31)) % 31]!;
}

/** A call to the payment server's API with the request context's session; the answer must be a success. */
async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data: unknown = {}, headers: Record<string, string> = {}): Promise<T> {
  const url = `${PAYMENT_URL}/api${path}`;
  const res = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { data, headers });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** The hospital, signed in on the request context, pays a recharge by the sandbox's Alipay and asks for an e-invoice of it. */
async function invoiceRequested(request: APIRequestContext) {
  await api(request, 'POST', '/app/company/companyLogin', { loginAccount: COMPANY.loginAccount, password: PASSWORD });
  const order = await api<{ orderId: string }>(request, 'POST', '/admin/order/saveCompanyRecharge', { amountY: AMOUNT_Y });
  const { payH5QrCodeUrl } = await api<{ payH5QrCodeUrl: string }>(request, 'POST', '/admin/wechat/pay/2', { orderId: order.orderId });
  const cashier = await request.post(new URL(payH5QrCodeUrl, PAYMENT_URL).href, { form: { scenario: 'pay' } });
  expect(cashier.ok()).toBe(true);
  await expect
    .poll(async () => (await api<{ status: number }>(request, 'POST', '/admin/wechat/syncCallback', { orderId: order.orderId })).status)
    .toBe(1);
  return api<{ id: number }>(request, 'POST', '/admin/order/invoice/saveCompanyInvoice', {
    amountY: AMOUNT_Y,
    title: INVOICE_TITLE,
    taxNo: creditCode(`1242010${stamp}MB`.padEnd(17, '0').slice(0, 17)),
    kind: 'electronic',
    email: 'caiwu@jcfh.example.cn',
  });
}

/** Signs in on the operator's own sign-in page. */
async function operatorSignIn(page: Page, password = PASSWORD) {
  await page.getByLabel('账号').fill(OPERATOR.loginAccount);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}


// Paying through the sandbox, and the screenshots at two widths, take a while on a busy machine.
test.describe.configure({ timeout: 180_000 });

const main = (page: Page) => page.getByRole('main');
const menu = (page: Page) => page.getByRole('menu', { name: '平台菜单' });

test('the operator issues an e-invoice with its PDF and the company sees it issued', async ({ page, request }) => {
  const { id } = await invoiceRequested(request);

  // Not signed in as an operator: the area leads to its own sign-in page, never to the staff's 确认注销 dialog.
  await page.goto(`${PAYMENT_URL}/platform/invoices`);
  await expect(page).toHaveURL(/\/platform\/login\?redirect=/);
  await expect(page.getByRole('heading', { name: '招考平台运营' })).toBeVisible();
  await expect(sessionEndedDialog(page)).toHaveCount(0);
  await screenshots(page, test.info(), 'login');
  await operatorSignIn(page, 'Wrong@2026');
  await expect(page.getByRole('alert')).toContainText('账号或密码错误');
  await operatorSignIn(page);
  await expect(page).toHaveURL(/\/platform\/invoices$/);
  await expect(page.getByRole('banner')).toContainText('招考平台运营');
  await expect(page.getByRole('banner')).toContainText(OPERATOR.name);
  await expect(page).toHaveTitle('发票开具 - 招考平台运营');

  // The submitted requests; this one among them.
  const status = main(page).getByRole('combobox', { name: '按状态筛选' });
  await status.click();
  await clickSettled(page.getByTitle('已提交，待开具', { exact: true }).last());
  await expect(page).toHaveURL(/status=submitted/);
  const row = main(page).getByRole('row').filter({ hasText: INVOICE_TITLE });
  await expect(row).toContainText('江城市第一人民医院');
  await expect(row).toContainText(AMOUNT_Y);
  await expect(row).toContainText('电子发票');
  await screenshots(page, test.info(), 'invoices');

  await row.getByRole('link', { name: '详情' }).click();
  const detail = await settled(page.getByRole('dialog', { name: '发票申请详情' }));
  await expect(detail).toContainText('caiwu@jcfh.example.cn');
  await expect(detail).toContainText('已提交，待开具');
  await detail.getByRole('button', { name: '开具' }).click();

  const issue = await settled(page.getByRole('dialog', { name: '开具电子发票' }));
  await expect(issue).toContainText(INVOICE_TITLE);
  // Without its PDF it cannot be issued.
  await issue.getByRole('button', { name: '确认开具' }).click();
  await expect(issue.getByText('请先上传电子发票 PDF')).toBeVisible();
  await issue.locator('input[type=file]').setInputFiles({ name: `发票${stamp}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await expect(issue.getByText(`发票${stamp}.pdf`)).toBeVisible();
  await expect(issue.getByRole('button', { name: '电子发票 PDF' })).toHaveText('重新选择 PDF');
  await screenshots(page, test.info(), 'issue-dialog');
  await issue.getByRole('button', { name: '确认开具' }).click();
  await expect(page.getByText('发票已开具').first()).toBeVisible();
  await expect(issue).toBeHidden();
  // No longer waiting: among the issued ones, with its result.
  await expect(row).toHaveCount(0);
  await status.click();
  await clickSettled(page.getByTitle('已开具', { exact: true }).last());
  await expect(row).toContainText('已开具');
  // The operator opens the PDF from the list: the file uploaded, served by the operator's own address.
  const pdfLink = row.getByRole('link', { name: '查看电子发票（PDF）' });
  const opened = await page.request.get(new URL((await pdfLink.getAttribute('href'))!, PAYMENT_URL).href);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await opened.body()).equals(PDF)).toBe(true);

  // The company's side: the request's last step is done, and its PDF is the one uploaded.
  const shown = await api<{ status: string; steps: { done: boolean; text: string }[] }>(request, 'GET', `/admin/order/invoice/${id}`);
  expect(shown.status).toBe('issued');
  expect(shown.steps.at(-1)).toMatchObject({ done: true, text: '电子发票已开具，可下载' });
  const file = await request.get(`${PAYMENT_URL}/api/admin/order/invoice/${id}/pdf`);
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);

  // Signing out leaves the area.
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/platform\/login$/);
  await page.goto(`${PAYMENT_URL}/platform/catalogue`);
  await expect(page).toHaveURL(/\/platform\/login\?redirect=%2Fplatform%2Fcatalogue/);
  await expect(page.getByLabel('账号')).toBeVisible();
  await expect(sessionEndedDialog(page)).toHaveCount(0);
});

test('the operator prices a function item and adds a package; the company’s price lists follow', async ({ page, request }) => {
  const MEAL = `平台测试套餐${stamp}`;
  // The operator's session over the API, to put the prices back whatever happens.
  const { token } = await api<{ token: string }>(request, 'POST', '/platform/login', { loginAccount: OPERATOR.loginAccount, password: PASSWORD });
  const asOperator = { 'x-operator-token': token };
  const before = await api<{ functions: { code: string; prices: { timeType: number; priceY: string }[] }[] }>(request, 'GET', '/platform/catalogue', {}, asOperator);
  const original = before.functions.find((f) => f.code === 'resume_quota')!.prices;
  expect(original.some((p) => p.timeType === 1)).toBe(false);
  await api(request, 'POST', '/app/company/companyLogin', { loginAccount: COMPANY.loginAccount, password: PASSWORD });

  try {
    await page.goto(`${PAYMENT_URL}/platform/login`);
    await operatorSignIn(page);
    await expect(page).toHaveURL(/\/platform\/invoices$/);
    await clickSettled(menu(page).getByRole('menuitem', { name: '价格与套餐' }));
    await expect(page).toHaveURL(/\/platform\/catalogue$/);
    const item = main(page).getByRole('row').filter({ hasText: '简历查看额度' }).first();
    await expect(item).toContainText('200 次');
    await expect(item).toContainText('不出售');
    await screenshots(page, test.info(), 'catalogue');

    // 简历查看额度 sold by the day as well.
    await item.getByRole('link', { name: '编辑价格：简历查看额度' }).click();
    const prices = await settled(page.getByRole('dialog', { name: '编辑价格：简历查看额度' }));
    await prices.getByLabel('按天价格（元）').fill('12.345');
    await prices.getByRole('button', { name: '保存' }).click();
    await expect(prices.getByText('价格格式不正确，最多两位小数')).toBeVisible();
    await prices.getByLabel('按天价格（元）').fill('12.34');
    await screenshots(page, test.info(), 'function-prices');
    await prices.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('价格已保存').first()).toBeVisible();
    await expect(prices).toBeHidden();
    await expect(item).toContainText('12.34');
    const listed = await api<{ code: string; prices: { time: number; timeType: number; priceY: string }[] }[]>(request, 'GET', '/open/meal/getFunctionList');
    expect(listed.find((f) => f.code === 'resume_quota')!.prices).toContainEqual({ time: 1, timeType: 1, priceY: '12.34' });

    // A package: the company sees it while it is on sale, and no longer once it is stopped.
    await main(page).getByRole('button', { name: '新增套餐' }).click();
    const meal = await settled(page.getByRole('dialog', { name: '新增套餐' }));
    await meal.getByLabel('套餐名称').fill(MEAL);
    await meal.getByLabel('套餐说明').fill('平台运营测试用套餐');
    await meal.getByRole('checkbox', { name: '公司二维码' }).check();
    await meal.getByRole('checkbox', { name: '简历查看额度' }).check();
    await meal.getByLabel('第 1 个价格（元）').fill('666');
    await meal.getByLabel('排序').fill('9999');
    await screenshots(page, test.info(), 'meal-dialog');
    await meal.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('套餐已保存').first()).toBeVisible();
    await expect(meal).toBeHidden();
    const mealRow = main(page).getByRole('row').filter({ hasText: MEAL });
    await expect(mealRow).toContainText('1 年：¥666.00');
    await expect(mealRow).toContainText('上架');
    type Meal = { name: string; prices: { time: number; timeType: number; priceY: string }[] };
    const onSale = await api<Meal[]>(request, 'GET', '/open/meal/getSetMealList');
    expect(onSale.find((m) => m.name === MEAL)?.prices).toEqual([{ time: 1, timeType: 3, priceY: '666.00' }]);

    await mealRow.getByRole('link', { name: `编辑套餐：${MEAL}` }).click();
    const edit = await settled(page.getByRole('dialog', { name: `编辑套餐：${MEAL}` }));
    await edit.getByRole('switch', { name: '上架销售' }).click();
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(edit).toBeHidden();
    await expect(mealRow).toContainText('停用');
    expect((await api<Meal[]>(request, 'GET', '/open/meal/getSetMealList')).some((m) => m.name === MEAL)).toBe(false);
  } finally {
    await api(request, 'POST', '/platform/function/resume_quota/prices', { prices: original }, asOperator);
    // A package left on sale by a failed run would show in the other tests' lists.
    const { meals } = await api<{ meals: { id: number; name: string; enabled: boolean; description: string; sort: number; functionCodes: string[]; prices: unknown[] }[] }>(
      request, 'GET', '/platform/catalogue', {}, asOperator);
    const left = meals.find((m) => m.name === MEAL && m.enabled);
    if (left) await api(request, 'POST', '/platform/meal/save', { ...left, enabled: false }, asOperator);
  }
});
