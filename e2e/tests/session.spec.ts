import type { Page } from '@playwright/test';
import {
  ACCOUNTS, MAIN_URL, SHORT_SESSION_URL, clickSettled, login, navbarBrand, sessionEndedDialog, sessionToken,
  expect, test,
} from './support';

async function expectSessionEndedDialog(page: Page) {
  const dialog = sessionEndedDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('您已注销，您可以取消以停留在此页，或重新登录')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '重新登录' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '关闭' })).toBeVisible();
  return dialog;
}

/** The code the server answers for a token: 200 while the session lasts, 50014 once it has expired. */
async function sessionStatus(page: Page, origin: string, token: string) {
  const response = await page.request.post(`${origin}/api/admin/company/getCompanyUserInfo`, {
    headers: { 'X-Token': token },
    data: {},
  });
  return ((await response.json()) as { code: number }).code;
}

test('an expired session shows 确认注销; 关闭 stays, 重新登录 goes to login', async ({ page }) => {
  await login(page, ACCOUNTS.admin, { origin: SHORT_SESSION_URL });
  await expect(page).toHaveURL(`${SHORT_SESSION_URL}/home`);
  const token = await sessionToken(page, SHORT_SESSION_URL);
  expect(token).toBeTruthy();

  // Precondition: wait until the short-lived session has run out (about 14.4 s; its cookie, 14 s).
  await expect.poll(() => sessionStatus(page, SHORT_SESSION_URL, token!), { timeout: 40_000, intervals: [500] }).toBe(50014);

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
  await login(page, ACCOUNTS.admin);
  await page.context().clearCookies({ name: 'Admin-Token' });
  await page.context().addCookies([
    { name: 'Admin-Token', value: 'forged-token-0123456789', url: MAIN_URL, httpOnly: true, sameSite: 'Lax' },
  ]);
  await page.goto('/home');
  const dialog = await expectSessionEndedDialog(page);

  await clickSettled(dialog.getByRole('button', { name: '关闭' }));
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${MAIN_URL}/home`);

  await page.reload();
  await clickSettled((await expectSessionEndedDialog(page)).getByRole('button', { name: '重新登录' }));
  await expect(page).toHaveURL(`${MAIN_URL}/login?redirect=/home`);
  // SPEC §8 resets the token: the dead cookie does not stay behind.
  expect(await sessionToken(page)).toBeUndefined();
});

test('the session cookie is out of reach of page scripts', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  const token = await sessionToken(page);
  expect(token).toBeTruthy();
  const cookie = (await page.context().cookies(MAIN_URL)).find((c) => c.name === 'Admin-Token')!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
  expect(await page.evaluate(() => document.cookie)).not.toContain(token!);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(token!);
});

test('"Verification failed" is still readable on the login page a second later', async ({ page }) => {
  await login(page, ACCOUNTS.admin);
  // The user information cannot be had (a server fault), though the session is fine.
  await page.route('**/api/admin/company/getCompanyUserInfo', (route) =>
    route.fulfill({ status: 500, json: { code: 500, msg: '服务器开小差了，请稍后再试', data: null } }),
  );
  await page.reload();
  await expect(page).toHaveURL(`${MAIN_URL}/login?redirect=/home`);
  await page.waitForTimeout(1_000);
  await expect(page.getByRole('alert')).toHaveText('Verification failed, please Login again.');

  // The token was reset: the server ended the session and cleared its cookie.
  await expect.poll(() => sessionToken(page)).toBeUndefined();
  await page.unroute('**/api/admin/company/getCompanyUserInfo');
  await login(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(`${MAIN_URL}/home`);
});

test('a session already over as the page loads: 确认注销 over the frame, 关闭 leaves a way to sign in', async ({ page, request }) => {
  await login(page, ACCOUNTS.admin);
  // The session ends elsewhere (signed out from another client); this browser still holds its cookie.
  const token = await sessionToken(page);
  const signedOut = await request.post(`${MAIN_URL}/api/user/logout`, { headers: { 'X-Token': token! } });
  expect((await signedOut.json()).code).toBe(200);

  await page.reload();
  const dialog = await expectSessionEndedDialog(page);
  await expect(navbarBrand(page)).toBeVisible();

  await clickSettled(dialog.getByRole('button', { name: '关闭' }));
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${MAIN_URL}/home`);
  await expect(navbarBrand(page)).toBeVisible();
  await expect(page.getByText('登录状态已失效')).toBeVisible();
  await page.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(`${MAIN_URL}/login?redirect=/home`);
  expect(await sessionToken(page)).toBeUndefined();
  await login(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(`${MAIN_URL}/home`);
});
