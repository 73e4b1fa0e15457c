import { AxeBuilder } from '@axe-core/playwright';
import { type Locator, type Page, type TestInfo, test as base, expect } from '@playwright/test';
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
 * theme) is skipped.
 */
export async function expectAccessible(page: Page) {
  await pageSettled(page);
  const state = await page.evaluate(() => {
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
  const theme = (state.theme ?? DEFAULT_THEME).toLowerCase().slice(0, 7);
  const key = JSON.stringify([state.path, state.title, state.dialogs, theme]);
  if (checkedStates.has(key)) return;
  checkedStates.add(key);

  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const whiteOnTheme = (data: { fgColor?: string; bgColor?: string } | null) =>
    data?.fgColor === '#ffffff' && data.bgColor === theme;
  const found = violations.flatMap((violation) =>
    violation.nodes
      .filter((node) => !(violation.id === 'color-contrast' && whiteOnTheme(node.any[0]?.data)))
      .map((node) => `${violation.id}: ${node.failureSummary?.split('\n')[1]?.trim()} — ${node.html.slice(0, 160)}`),
  );
  expect.soft(found, `axe (WCAG 2.1 AA) on ${state.path}`).toEqual([]);
}

/**
 * Playwright's `test` whose page, when a test has passed, is checked with `expectAccessible` as the test leaves it.
 * Specs import `test` from here, so every page state a test ends on is held to WCAG 2.1 AA.
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || page.url() === 'about:blank') return;
    await expectAccessible(page);
  },
});

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
export async function settled(locator: Locator) {
  await expect(locator).toBeVisible();
  let previous = '';
  await expect
    .poll(
      async () => {
        await locator.evaluate(async (element) => {
          const running: Animation[] = [];
          for (let node: Element | null = element; node; node = node.parentElement) running.push(...node.getAnimations());
          await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
        });
        const box = JSON.stringify(await locator.boundingBox());
        const same = box === previous;
        previous = box;
        return same;
      },
      { intervals: [100] },
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
  await expect(async () => {
    await box.press('Escape');
    await box.focus();
    await box.press('ArrowDown');
    // Typed, as a person narrows a long list: the options are a virtual list, and a plan far down it is not in the document.
    await page.keyboard.type(plan);
    await expect(option).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await clickSettled(option);
  await expect(page.getByRole('main').getByTitle(plan, { exact: true }).filter({ visible: true }).first()).toBeVisible();
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

/** Full-page screenshots of the page as it is, 1440 px and 800 px wide, kept with the test's output. */
export async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-800.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}
