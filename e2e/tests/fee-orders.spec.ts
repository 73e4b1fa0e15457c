import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { checkChar, chinaTime } from './exam-support';
import { ACCOUNTS, PASSWORD, PAYMENT_URL, clickSettled, expect, settled, screenshots, test, signIn } from './support';

/**
 * Issue 10's registration-fee story (考务费管理 → 报名缴费管理), on the payment server so that the demo data of the
 * other tests stays as it is: a plan charging ¥80.00 and three candidates signed up through the public apply call
 * (each sign-up makes an unpaid fee order). Staff confirm one order paid by bank transfer (and see who confirmed it),
 * close another, are refused when deleting a paid order with the closed one, then delete the closed one alone, and
 * export the list.
 */
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const PLAN = `考务费演练计划${stamp}`;
const POST = '综合窗口岗';
const NAMES = ['缴费甲', '缴费乙', '缴费丙'].map((n) => `${n}${stamp}`);
const TRANSFER_NOTE = `流水号 6222${stamp}`;

/** A POST to the payment server's API with the request context's session; the answer must be a success. */
async function api<T>(request: APIRequestContext, path: string, data: unknown = {}): Promise<T> {
  const res = await request.post(`${PAYMENT_URL}/api${path}`, { data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** The plan (published, fee ¥80) with one post, and the fee order number of each candidate's sign-up. */
async function candidatesOwingFees(request: APIRequestContext) {
  await api(request, '/app/company/companyLogin', { loginAccount: ACCOUNTS.admin.loginAccount, password: PASSWORD });
  const { id: planId } = await api<{ id: number }>(request, '/recruitment/recruitmentPlanExpand/save', {
    name: PLAN,
    signUpStartDate: chinaTime(-1),
    signUpEndDate: chinaTime(10),
    writtenStartDate: chinaTime(20),
    writtenExamAddress: '湘江大厦考点',
    auditionStartDate: chinaTime(30),
    auditionExamAddress: '湘江大厦面试室',
    registrationFeeY: '80',
  });
  await api(request, `/recruitment/recruitmentPlanExpand/updateStatus/${planId}`, { status: 'published' });
  const [department] = await api<{ id: number }[]>(request, '/company/sysOrg/treeList');
  const { id: recruitmentId } = await api<{ id: number }>(request, '/recruitment/recruitmentInfo/save', {
    planId,
    departmentId: department!.id,
    jobVacancy: POST,
    places: 2,
  });
  const orders: string[] = [];
  for (const [i, realName] of NAMES.entries()) {
    const first17 = `43010219920${i + 1}15${stamp}`.slice(0, 17);
    const { feeOrderId } = await api<{ feeOrderId: string | null }>(request, '/open/recruitment/apply', {
      recruitmentId,
      talentInfo: { realName, sex: '1', education: '本科', identityNo: first17 + checkChar(first17), phone: `147${stamp}${String(i).padStart(2, '0')}` },
    });
    expect(feeOrderId).toMatch(/^ZK\d{20}$/);
    orders.push(feeOrderId!);
  }
  return orders;
}

const main = (page: Page) => page.getByRole('main');
const row = (page: Page, orderNo: string) => main(page).getByRole('row').filter({ hasText: orderNo });


test('registration fees: confirm one paid offline, close one, delete only the closed one, export', async ({ page, request }) => {
  // A long story with six full-page screenshots.
  test.setTimeout(180_000);
  const [paid, closing, untouched] = await candidatesOwingFees(request);

  await signIn(page, ACCOUNTS.admin, { origin: PAYMENT_URL });
  await page.getByRole('banner').getByRole('button', { name: '考务费管理' }).click();
  await expect(page).toHaveURL(/\/order\/OmsOrderlist/);
  await main(page).getByRole('searchbox', { name: '搜索订单' }).fill(stamp);
  await main(page).getByRole('searchbox', { name: '搜索订单' }).press('Enter');
  await expect(main(page).getByRole('row').filter({ hasText: stamp })).toHaveCount(3);
  for (const orderNo of [paid!, closing!, untouched!]) {
    await expect(row(page, orderNo)).toContainText('待支付');
    await expect(row(page, orderNo)).toContainText('80.00');
    await expect(row(page, orderNo)).toContainText(POST);
  }
  await screenshots(page, test.info(), 'fee-orders');

  // Confirm the first one paid by bank transfer: the note is required, then it is paid and names who confirmed.
  await row(page, paid!).getByRole('link', { name: `确认缴费：${paid}` }).click();
  const confirm = page.getByRole('dialog', { name: '确认线下缴费' });
  await expect(confirm).toContainText(NAMES[0]!);
  await expect(confirm).toContainText('¥80.00');
  await confirm.getByRole('radio', { name: '银行转账' }).check();
  await confirm.getByRole('button', { name: '确认已缴费' }).click();
  await expect(confirm).toContainText('请输入确认说明（如收据号、转账流水号）');
  await confirm.getByLabel('确认说明').fill(TRANSFER_NOTE);
  await screenshots(page, test.info(), 'fee-confirm');
  await confirm.getByRole('button', { name: '确认已缴费' }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, paid!)).toContainText('已支付');
  await expect(row(page, paid!)).toContainText('线下（银行转账）');
  await expect(row(page, paid!)).toContainText(`确认人：${ACCOUNTS.admin.name}`);
  await expect(row(page, paid!).getByRole('link', { name: `确认缴费：${paid}` })).toHaveCount(0);

  // Its detail: every fact, who confirmed, and the payment story with the note.
  await row(page, paid!).getByRole('link', { name: `详情：${paid}` }).click();
  const drawer = page.getByRole('dialog', { name: '订单详情' });
  await expect(drawer).toContainText(paid!);
  await expect(drawer).toContainText(NAMES[0]!);
  await expect(drawer).toContainText(PLAN);
  await expect(drawer).toContainText('已支付');
  await expect(drawer.getByRole('row').filter({ hasText: '确认人' })).toContainText(ACCOUNTS.admin.name);
  await expect(drawer).toContainText(`线下缴费（银行转账）¥80.00已确认：${TRANSFER_NOTE}`);
  await expect(drawer.getByRole('button', { name: '确认线下缴费' })).toHaveCount(0);
  await settled(drawer);
  await screenshots(page, test.info(), 'fee-detail');
  await drawer.getByRole('button', { name: 'Close' }).or(drawer.getByRole('button', { name: '关闭', exact: true })).first().click();
  await expect(drawer).toBeHidden();

  // A note on the untouched one.
  await row(page, untouched!).getByRole('link', { name: `备注：${untouched}` }).click();
  const note = page.getByRole('dialog', { name: `备注：${NAMES[2]}` });
  await note.getByLabel('备注').fill('已电话提醒缴费');
  await note.getByRole('button', { name: '保存' }).click();
  await expect(note).toBeHidden();
  await expect(row(page, untouched!)).toContainText('已电话提醒缴费');

  // Close the second one.
  await row(page, closing!).getByRole('link', { name: `关闭：${closing}` }).click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '关闭订单' }));
  await expect(row(page, closing!)).toContainText('已关闭');

  // Deleting the closed one together with the paid one is refused as a whole, with the server's reason.
  await row(page, closing!).getByRole('checkbox').check();
  await row(page, paid!).getByRole('checkbox').check();
  await main(page).getByRole('button', { name: /批量删除/ }).click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '删除' }));
  await expect(page.getByText('只能删除已关闭的订单，所选订单中有 1 个未关闭')).toBeVisible();
  await expect(row(page, closing!)).toBeVisible();
  await expect(row(page, paid!)).toBeVisible();

  // The closed one alone goes.
  await row(page, paid!).getByRole('checkbox').uncheck();
  await main(page).getByRole('button', { name: '批量删除（1）' }).click();
  await clickSettled(page.getByRole('tooltip').getByRole('button', { name: '删除' }));
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(row(page, closing!)).toHaveCount(0);
  await expect(main(page).getByRole('row').filter({ hasText: stamp })).toHaveCount(2);

  // The export holds what the list shows.
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: '导出' }).click();
  await page.mouse.move(1, 1);
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  const lines = sheet.getSheetValues().flatMap((values) => (Array.isArray(values) ? [values.slice(1).map((v) => String(v ?? ''))] : []));
  expect(lines[0]).toContain('订单号');
  expect(lines).toHaveLength(3);
  const paidLine = lines.find((line) => line.includes(paid!))!;
  expect(paidLine).toEqual(expect.arrayContaining([NAMES[0], '80.00', '已支付', '线下（银行转账）', ACCOUNTS.admin.name]));
  expect(lines.some((line) => line.includes(closing!))).toBe(false);
  await screenshots(page, test.info(), 'fee-orders-after');
});
