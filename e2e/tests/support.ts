import { AxeBuilder } from '@axe-core/playwright';
import { type Cookie, type Locator, type Page, type TestInfo, expect, request } from '@playwright/test';
import { MAIN_URL } from '../servers';

export { MAIN_URL, PAYMENT_URL, SHORT_SESSION_URL } from '../servers';
export { expect };

/** WCAG 2.1 level A and AA, which China's GB/T 37668 follows. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** SPEC §9's default theme colour; a signed-in person may choose another (kept in local storage). */
const DEFAULT_THEME = '#409eff';

/** Page states already checked by this worker: one axe run per page state is enough. */
const checkedStates = new Set<string>();

/** Waits until the page is quiet: loaded, no visible spinner, and no finite animation (antd's fades) running. */
export async function pageSettled(page: Page) {
  await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // A finished animation may start the next one (a fade, then a menu item's colour), so wait until none is left.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const running = document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
        await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
        return running.length;
      }),
    )
    .toBe(0);
}

/**
 * Runs axe-core's WCAG 2.1 AA rules on the page as it is now and fails the test on any violation, except the one
 * README (无障碍) documents: white text on the theme colour (primary buttons, the selected sidebar item), which for
 * SPEC's #409EFF is 2.8:1. The failure is soft (the test goes on), so one run lists every failing page. A page state
 * this worker has already checked (same path, same document title, which names the company, same open dialogs and
 * theme, and the same `state`: what else tells it apart, such as a form's messages or a company's own login page) is
 * skipped.
 */
export async function expectAccessible(page: Page, state = '') {
  await pageSettled(page);
  const shown = await page.evaluate(() => {
    const dialogs = [...document.querySelectorAll('[role="dialog"]')]
      .filter((dialog) => dialog.checkVisibility())
      .map((dialog) => dialog.getAttribute('aria-label') ?? dialog.getAttribute('aria-labelledby') ?? '?');
    let theme: string | undefined;
    try {
      theme = JSON.parse(localStorage.getItem('recruitment') ?? '{}').settings?.theme;
    } catch {
      // An unreadable entry leaves the default theme.
    }
    return { path: location.pathname, title: document.title, dialogs, theme };
  });
  const theme = (shown.theme ?? DEFAULT_THEME).toLowerCase().slice(0, 7);
  const key = JSON.stringify([shown.path, shown.title, shown.dialogs, theme, state]);
  if (checkedStates.has(key)) return;
  checkedStates.add(key);

  // Run in the page itself (axe.run), not finished in a new blank page: that page, a new renderer, cost more than the
  // check on a loaded machine; the app has no cross-origin frames, the only thing the blank page is for.
  // Only the violations are wanted: axe then keeps one node per passed rule instead of describing every one of them.
  // (`options` replaces every option, so it comes before `withTags`.)
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_21_AA).setLegacyMode().analyze();
  const whiteOnTheme = (data: { fgColor?: string; bgColor?: string } | null) =>
    data?.fgColor === '#ffffff' && data.bgColor === theme;
  const found = violations.flatMap((violation) =>
    violation.nodes
      .filter((node) => !(violation.id === 'color-contrast' && whiteOnTheme(node.any[0]?.data)))
      .map((node) => `${violation.id}: ${node.failureSummary?.split('\n')[1]?.trim()} — ${node.html.slice(0, 160)}`),
  );
  expect.soft(found, `axe (WCAG 2.1 AA) on ${shown.path}${state && ` (${state})`}`).toEqual([]);
}

/**
 * Playwright's own `test`. Accessibility is checked by accessibility.spec.ts's walk of the pages and dialogs (and where
 * a story calls `expectAccessible`), not as each test ends.
 */
export { test } from '@playwright/test';

export const PASSWORD = 'Zhaokao@2026';

/** The demo accounts of apps/server/src/seed/seed.ts. */
export const ACCOUNTS = {
  /** 湘江人力资源服务集团有限公司 (company 1), all permissions; the company holds 公司二维码 and 定制单位信息. */
  admin: { loginAccount: 'admin', companyId: 1, companyName: '湘江人力资源服务集团有限公司', name: '王敏' },
  /** Company 1, 审核员 without settings:edit. Only the wrong-password test uses it, once, so it never locks. */
  shenhe: { loginAccount: 'shenhe', companyId: 1, companyName: '湘江人力资源服务集团有限公司', name: '李娜' },
  /** 江城市第一人民医院 (company 2), holds no rights and has no login page settings. */
  hospital: { loginAccount: 'hospital', companyId: 2, companyName: '江城市第一人民医院', name: '陈静' },
} as const;

export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

export const PRODUCT_TITLE = '招考管理系统';

/** The session of each account on each server, opened once per worker (see `signIn`). */
const sessions = new Map<string, { cookie: Cookie; companyId: number }>();

/**
 * Opens `/home` signed in as `account`, without the login form (access.spec.ts covers it): the session is opened once
 * per worker through the sign-in call and then shared by the worker's tests. Signing in again elsewhere leaves it
 * open; signing out, switching to a unit and expiring end it, so the tests that do those sign in with `login`.
 */
export async function signIn(page: Page, account: { loginAccount: string; name: string }, options: { origin?: string } = {}) {
  const origin = options.origin ?? MAIN_URL;
  const key = `${origin} ${account.loginAccount}`;
  let session = sessions.get(key);
  if (!session) {
    const api = await request.newContext();
    const res = await api.post(`${origin}/api/app/company/companyLogin`, { data: { loginAccount: account.loginAccount, password: PASSWORD } });
    const body = (await res.json()) as { code: number; msg: string; data: { company: { id: number } } };
    expect(body.code, body.msg).toBe(200);
    const cookie = (await api.storageState()).cookies.find((c) => c.name === 'Admin-Token');
    await api.dispose();
    expect(cookie, 'the session cookie').toBeDefined();
    session = { cookie: cookie!, companyId: body.data.company.id };
    sessions.set(key, session);
  }
  await page.context().addCookies([session.cookie]);
  // What the login page stores beside the cookie (lib/signed-in.ts), unless the page has stored its own since.
  await page.context().addInitScript((companyId) => {
    if (localStorage.getItem('recruitment') === null) localStorage.setItem('recruitment', JSON.stringify({ signedIn: true, companyId }));
  }, session.companyId);
  await page.goto(`${origin}/home`);
  // The app's first load in this page: on a loaded machine it has taken over 20 s (the form's fields wait as long).
  await expect(page.getByRole('button', { name: '用户菜单' })).toContainText(account.name, { timeout: 60_000 });
}

/**
 * Signs in through the login form. When the page is not on a login page yet, it opens `${origin}/login`
 * first; otherwise it uses the login page it is on (so that `?redirect=` is kept). Waits until the app has
 * left the login page.
 */
export async function login(page: Page, account: { loginAccount: string; name: string }, options: { origin?: string } = {}) {
  if (!new URL(page.url(), MAIN_URL).pathname.startsWith('/login')) {
    await page.goto(`${options.origin ?? ''}/login`);
  }
  await page.getByLabel('账号').fill(account.loginAccount);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // The signed-in layout is up once the user menu shows the account's name.
  await expect(page.getByRole('button', { name: '用户菜单' })).toContainText(account.name);
}

/**
 * Waits until a just-opened popup entry (dropdown item, drawer or dialog content) has stopped moving —
 * antd positions and animates popups after they appear — as a person would before clicking it.
 */
export async function settled(locator: Locator, timeout?: number) {
  await expect(locator).toBeVisible({ timeout });
  let previous = '';
  await expect
    .poll(
      async () => {
        // Bounded: a popup that closes meanwhile (its entry gone from the document) must not hold the wait forever.
        await locator.evaluate(
          async (element) => {
            const running: Animation[] = [];
            for (let node: Element | null = element; node; node = node.parentElement) running.push(...node.getAnimations());
            await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
          },
          undefined,
          { timeout: 5_000 },
        );
        const box = JSON.stringify(await locator.boundingBox({ timeout: 5_000 }));
        const same = box === previous;
        previous = box;
        return same;
      },
      { intervals: [100], timeout },
    )
    .toBe(true);
  return locator;
}

/** Clicks an entry of a popup once it has settled. */
export async function clickSettled(locator: Locator) {
  await (await settled(locator)).click();
}

/**
 * Chooses `plan` in the page's 招录计划 selector, as a keyboard user does (ArrowDown opens it): antd's search input
 * has no width while a plan is shown, and pages left open in other tabs stay in the document, hidden. Pages open
 * on the newest plan, which another test's plan may be.
 */
export async function choosePlan(page: Page, plan: string) {
  const box = page.getByRole('main').getByRole('combobox', { name: '招录计划' });
  const option = page.getByTitle(plan, { exact: true }).last();
  // Tried again when the keys went elsewhere (a dialog just closed gives the focus back to where it was when it opened,
  // and that can come after the focus was put here); Escape first closes what a failed try left open, search included.
  const chosen = page.getByRole('main').getByTitle(plan, { exact: true }).filter({ visible: true }).first();
  // The whole choice is tried again: the list can also close between showing the plan and the click.
  await expect(async () => {
    await box.press('Escape');
    await box.focus();
    await box.press('ArrowDown');
    // Typed, as a person narrows a long list: the options are a virtual list, and a plan far down it is not in the document.
    await page.keyboard.type(plan);
    await settled(option, 5_000);
    await option.click({ timeout: 5_000 });
    await expect(chosen).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

export const sideMenu = (page: Page) => page.getByRole('menu', { name: '侧边菜单' });

/** A group's title in the sidebar (the entry that opens and closes it: a page of the group may bear the same name). */
export const sideMenuGroup = (page: Page, group: string) =>
  sideMenu(page).locator(':scope > li > [role="menuitem"][aria-expanded]').filter({ hasText: new RegExp(`^\\s*${group}\\s*$`) });

/** Opens a page from the sidebar: the group first (when given and closed), then the item. */
export async function openFromSideMenu(page: Page, group: string | null, item: string) {
  const menu = sideMenu(page);
  if (!group) {
    await clickSettled(menu.getByRole('menuitem', { name: item, exact: true }));
    return;
  }
  // Only one group stays open; opening another one closes the rest.
  const title = sideMenuGroup(page, group);
  if ((await title.getAttribute('aria-expanded')) !== 'true') await clickSettled(title);
  await expect(title).toHaveAttribute('aria-expanded', 'true');
  await clickSettled(title.locator('xpath=..').locator('ul').getByRole('menuitem', { name: item, exact: true }));
}

const escapedPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The page `title` is shown (at `path`, when given) in working order: the window title names it, nothing failed to
 * load, it is not the 404 page, and the page has drawn content of its own (no spinner of a page still loading).
 */
export async function expectWorkingPage(page: Page, title: string, path?: string) {
  if (path) await expect(page).toHaveURL(new RegExp(`^${escapedPattern(MAIN_URL + path)}(\\?.*)?$`));
  await expect(page).toHaveTitle(new RegExp(`^${escapedPattern(title)} - `));
  await expect(page).not.toHaveURL(/\/404$/);
  await expect(page.getByText('页面加载失败')).toHaveCount(0);
  const main = page.getByRole('main');
  await expect(main).toBeVisible();
  await expect(main.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
  await expect(main).not.toHaveText(/^\s*$/);
}

/** The navbar's 设置 dropdown, once open (the sidebar has a 设置 group with the same entries). */
export const settingsMenu = (page: Page) => page.getByRole('menu', { name: '设置菜单' });

/** Opens an entry of the navbar's 设置 dropdown. */
export async function openFromSettingsMenu(page: Page, item: string) {
  await page.getByRole('banner').getByRole('button', { name: '设置', exact: true }).click();
  await clickSettled(settingsMenu(page).getByRole('menuitem', { name: item }));
}

/** Opens an entry of the navbar's user dropdown (个人中心, 退出登录). */
export async function openFromUserMenu(page: Page, item: '个人中心' | '退出登录') {
  await page.getByRole('button', { name: '用户菜单' }).click();
  const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: '退出登录' }) });
  await clickSettled(menu.getByRole('menuitem', { name: item }));
}

/** The visited-page tabs live in the header; pages may have tabs of their own. */
export const tabList = (page: Page) => page.getByRole('banner').getByRole('tablist');
export const tab = (page: Page, title: string) => tabList(page).getByRole('tab', { name: title, exact: true });

/**
 * The × beside a tab's title. It is hidden from assistive technology (a tab list may hold only tabs; the keyboard
 * closes a tab with Delete), so it is found among hidden elements.
 */
export const tabCloseButton = (page: Page, title: string) =>
  tab(page, title).locator('..').getByRole('button', { name: '关闭标签', includeHidden: true });

/** The titles of the visited-page tabs, in order. */
export async function expectTabs(page: Page, titles: string[]) {
  await expect(tabList(page).getByRole('tab')).toHaveText(titles);
}

/** The 标签操作 button beside the tabs (outside the tab list, which may hold only tabs). */
export const tabActionsButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: '标签操作' });

/** Runs one item of the tabs' 标签操作 dropdown (刷新, 关闭, 关闭其他, 关闭所有). */
export async function tabAction(page: Page, action: '刷新' | '关闭' | '关闭其他' | '关闭所有') {
  await tabActionsButton(page).click();
  const item = page.getByRole('menuitem', { name: action, exact: true });
  await clickSettled(item);
  await expect(item).toBeHidden();
}

/** The navbar's brand (logo and title); the sidebar shows a second one. */
export const navbarBrand = (page: Page): Locator => page.getByRole('banner').getByTestId('brand');

/**
 * The session token the server set as the HttpOnly `Admin-Token` cookie: page scripts cannot read it, the test can
 * through the browser context.
 */
export async function sessionToken(page: Page, origin = MAIN_URL) {
  return (await page.context().cookies(origin)).find((c) => c.name === 'Admin-Token')?.value;
}

/** The 确认注销 dialog SPEC §8 describes. */
export const sessionEndedDialog = (page: Page) => page.getByRole('dialog', { name: '确认注销' });

export const paymentDialog = (page: Page) => page.getByRole('dialog', { name: '订单支付' });

/** Pays the open payment dialog's order through the sandbox cashier as a payer would after scanning: the cashier's 确认付款. */
export async function payInSandbox(page: Page, channel: '微信支付' | '支付宝') {
  const dialog = paymentDialog(page);
  await dialog.getByRole('radio', { name: channel }).check();
  await dialog.getByRole('button', { name: '下一步' }).click();
  await expect(dialog.getByText('沙箱', { exact: true })).toBeVisible();
  await expect(dialog.getByText(`请使用${channel}扫码支付`)).toBeVisible();
  const [cashier] = await Promise.all([page.context().waitForEvent('page'), dialog.getByRole('link', { name: '在沙箱收银台打开' }).click()]);
  await cashier.getByRole('button', { name: '确认付款' }).click();
  await expect(cashier.getByRole('status')).toContainText('已付款');
  await cashier.close();
  // Nobody touches the dialog: it learns of the payment by itself.
  await expect(page.getByText('支付成功')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/**
 * Full-page screenshots of the page as it is, 1440 px and 800 px wide, kept with the test's output, for a person to
 * look at. CI keeps only the printed output, so there they are taken only when SCREENSHOTS=1 asks for them.
 */
export async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.CI && process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ path: testInfo.outputPath(`${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-800.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}
