import { type Page, expect, test } from '@playwright/test';
import { ACCOUNTS, MAIN_URL, SHORT_SESSION_URL, clickSettled, login, sessionEndedDialog } from './support';

async function expectSessionEndedDialog(page: Page) {
  const dialog = sessionEndedDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('您已注销，您可以取消以停留在此页，或重新登录')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '重新登录' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '关闭' })).toBeVisible();
  return dialog;
}

/** The code the server answers for the page's token: 200 while the session lasts, 50014 once it has expired. */
async function sessionStatus(page: Page, origin: string) {
  const token = (await page.context().cookies(origin)).find((c) => c.name === 'Admin-Token')?.value;
  const response = await page.request.post(`${origin}/api/admin/company/getCompanyUserInfo`, {
    headers: { 'X-Token': token ?? '' },
    data: {},
  });
  return ((await response.json()) as { code: number }).code;
}

test('an expired session shows 确认注销; 关闭 stays, 重新登录 goes to login', async ({ page }) => {
  await login(page, ACCOUNTS.admin, { origin: SHORT_SESSION_URL });
  await expect(page).toHaveURL(`${SHORT_SESSION_URL}/home`);

  // Precondition: wait until the short-lived session has run out (about 5.4 s).
  await expect.poll(() => sessionStatus(page, SHORT_SESSION_URL), { timeout: 20_000, intervals: [500] }).toBe(50014);

  // Opening another page asks the server, which answers 50014.
  await page.getByRole('banner').getByRole('button', { name: '帮助中心' }).click();
  let dialog = await expectSessionEndedDialog(page);

  await clickSettled(dialog.getByRole('button', { name: '关闭' }));
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${SHORT_SESSION_URL}/help/help`);
  await expect(page.getByRole('tab', { name: '帮助中心' })).toBeVisible();

  // Reloading asks again; this time sign in again.
  await page.reload();
  dialog = await expectSessionEndedDialog(page);
  await clickSettled(dialog.getByRole('button', { name: '重新登录' }));
  await expect(page).toHaveURL(`${SHORT_SESSION_URL}/login?redirect=/help/help`);
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  expect((await page.context().cookies(SHORT_SESSION_URL)).find((c) => c.name === 'Admin-Token')).toBeUndefined();
});

test('a forged token shows 确认注销 on the main server', async ({ page }) => {
  await page.context().addCookies([{ name: 'Admin-Token', value: 'forged-token-0123456789', url: MAIN_URL }]);
  await page.goto('/home');
  const dialog = await expectSessionEndedDialog(page);

  await clickSettled(dialog.getByRole('button', { name: '关闭' }));
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${MAIN_URL}/home`);

  await page.reload();
  await clickSettled((await expectSessionEndedDialog(page)).getByRole('button', { name: '重新登录' }));
  await expect(page).toHaveURL(`${MAIN_URL}/login?redirect=/home`);
});
