import type { Page } from '@playwright/test';
import pg from 'pg';
import { api, main } from './exam-support';
import { MAIN_PORT } from '../servers';
import { ACCOUNTS, MAIN_URL, PASSWORD, clickSettled, expect, expectAccessible, expectWorkingPage, openFromSideMenu, screenshots, signIn, test } from './support';

/*
 * 操作日志 (issue 26): a staff member changes something; the next day the company administrator finds it by person and
 * date. The change is made through the API; "the next day" is the change's row moved one day back in the server's
 * database (PostgreSQL, as in hiring-story.spec.ts). The operator finds it too, in the platform's own log.
 */

const stamp = String(Date.now()).slice(-6);
const CLERK = { name: `审计员${stamp}`, loginAccount: `audit${stamp}`, password: 'Audit2026pass', newPassword: 'Audit2026new' };
const DEPARTMENT = `操作日志演示部${stamp}`;

/** A day in China ("YYYY-MM-DD"), `days` from today. */
const chinaDate = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

/** The log's rows on screen (the table's body rows, not the opened details). */
const logRows = (page: Page) => main(page).locator('tbody tr.ant-table-row');

/**
 * Does `act` (choosing a filter) and waits for the list it asks for, whose body holds `asked`: a person waits to see
 * the list change before choosing the next filter, and a filter chosen while the last one is still being applied can
 * be lost (the address's filters are read from the page as last shown).
 */
async function filtered(page: Page, asked: string, act: () => Promise<void>) {
  const answered = page.waitForResponse((res) => res.url().endsWith('/auditLog/list') && (res.request().postData() ?? '').includes(asked));
  await act();
  await answered;
}

/** Whole days in the page's 日期范围 filter, typed as a person does. */
async function chooseDays(page: Page, start: string, end: string) {
  await filtered(page, `"startDate":"${start}","endDate":"${end}"`, async () => {
    await main(page).getByPlaceholder('开始日期').click();
    await main(page).getByPlaceholder('开始日期').fill(start);
    await page.keyboard.press('Enter');
    await main(page).getByPlaceholder('结束日期').fill(end);
    await page.keyboard.press('Enter');
  });
  await expect(page).toHaveURL(new RegExp(`startDate=${start}&endDate=${end}`));
}

test('the audit page finds yesterday’s change by person', async ({ page, request, playwright }, testInfo) => {
  test.skip(!process.env.TEST_DATABASE_URL, 'moving a row to yesterday needs the server’s PostgreSQL database (TEST_DATABASE_URL)');
  test.setTimeout(180_000);

  // The administrator adds a staff member, who signs in, sets their own password and adds a department.
  await api(request, '/app/company/companyLogin', { loginAccount: ACCOUNTS.admin.loginAccount, password: PASSWORD });
  const roles = await api<{ id: number; isAdmin: boolean }[]>(request, '/company/sysRole/list');
  const { id: clerkId } = await api<{ id: number }>(request, '/company/userInfo/save', {
    name: CLERK.name,
    loginAccount: CLERK.loginAccount,
    phone: `139${stamp}01`,
    roleId: roles.find((r) => r.isAdmin)!.id,
    password: CLERK.password,
  });
  const clerk = await playwright.request.newContext();
  try {
    await api(clerk, '/app/company/companyLogin', { loginAccount: CLERK.loginAccount, password: CLERK.password });
    await api(clerk, '/admin/company/updatePassword', { oldPassword: CLERK.password, newPassword: CLERK.newPassword });
    await api(clerk, '/company/sysOrg/save', { name: DEPARTMENT, sort: 99 });
  } finally {
    await clerk.dispose();
  }

  // A day passes for the clerk's rows. The table refuses UPDATE (a trigger: the log is append-only); this test-only
  // time travel switches that trigger off for its own transaction alone — ALTER TABLE is transactional in
  // PostgreSQL and holds the table's lock until the commit, so no other call's row can be changed meanwhile.
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/zhaokao_e2e_${MAIN_PORT}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    await db.query('begin');
    await db.query('alter table audit_log disable trigger audit_log_no_update_or_delete');
    const moved = await db.query(`update audit_log set at = at - interval '1 day' where actor_kind = 'staff' and actor_id = $1`, [clerkId]);
    await db.query('alter table audit_log enable trigger audit_log_no_update_or_delete');
    await db.query('commit');
    // 登录, 修改密码 and 招录部门：保存.
    expect(moved.rowCount).toBe(3);
  } catch (error) {
    await db.query('rollback');
    throw error;
  } finally {
    await db.end();
  }

  // The administrator opens 操作日志 and looks for what the clerk did yesterday.
  await signIn(page, ACCOUNTS.admin);
  await openFromSideMenu(page, '设置', '操作日志');
  await expectWorkingPage(page, '操作日志', '/setting/auditLog');
  const person = main(page).getByRole('combobox', { name: '操作人' });
  await person.click();
  await person.fill(CLERK.name);
  await filtered(page, `"actorId":${clerkId}`, () =>
    clickSettled(page.locator('.ant-select-dropdown').getByTitle(`${CLERK.loginAccount}（${CLERK.name}）`, { exact: true })),
  );
  await expect(logRows(page)).toHaveCount(3);

  // Today they did nothing: their rows are yesterday's.
  await chooseDays(page, chinaDate(0), chinaDate(0));
  await expect(main(page).locator('.ant-empty-description')).toHaveText('暂无数据');
  await expect(logRows(page)).toHaveCount(0);
  await chooseDays(page, chinaDate(-1), chinaDate(-1));
  await expect(logRows(page)).toHaveCount(3);
  const created = logRows(page).filter({ hasText: '招录部门：保存' });
  await expect(created).toContainText(`${CLERK.loginAccount}（${CLERK.name}）`);
  await expect(created).toContainText('POST /company/sysOrg/save');
  await expect(created).toContainText(`name：${DEPARTMENT}`);
  await expect(created).toContainText(chinaDate(-1));
  const password = logRows(page).filter({ hasText: '个人中心：修改密码' });
  await expect(password).toContainText('oldPassword：（已隐去）');
  await expect(password).not.toContainText(CLERK.newPassword);
  const signedIn = logRows(page).filter({ hasText: 'POST /app/company/companyLogin' });
  await expect(signedIn).toContainText('password：（已隐去）');
  await expect(signedIn).not.toContainText(CLERK.password);

  // The row opens to show all it kept.
  await created.getByRole('button', { name: /展开/ }).click();
  await expect(main(page).getByText('提交内容')).toBeVisible();
  await expect(main(page).locator('pre').filter({ hasText: `"name": "${DEPARTMENT}"` })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, testInfo, 'audit-log');

  // The operator's log has it too, under the clerk's company.
  await page.goto('/platform/login?redirect=%2Fplatform%2FauditLog');
  await page.getByLabel('账号').fill('yunying');
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(`${MAIN_URL}/platform/auditLog`);
  const company = main(page).getByRole('combobox', { name: '单位' });
  await company.click();
  await company.fill(ACCOUNTS.admin.companyName);
  await filtered(page, `"companyId":${ACCOUNTS.admin.companyId}`, () =>
    clickSettled(page.locator('.ant-select-dropdown').getByTitle(ACCOUNTS.admin.companyName, { exact: true })),
  );
  await chooseDays(page, chinaDate(-1), chinaDate(-1));
  const platformRow = logRows(page).filter({ hasText: `name：${DEPARTMENT}` });
  await expect(platformRow).toHaveCount(1);
  await expect(platformRow).toContainText(ACCOUNTS.admin.companyName);
  await expectAccessible(page);
  await screenshots(page, testInfo, 'platform-audit-log');
});
