import { ACCOUNTS, MAIN_URL, login, openFromUserMenu, expect, test, signIn } from './support';

test.describe('access guard', () => {
  test('/home without a token goes to /login?redirect=/home', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(`${MAIN_URL}/login?redirect=/home`);
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  });

  test('a deeper page without a token keeps its path in the redirect', async ({ page }) => {
    await page.goto('/company/myInfo');
    await expect(page).toHaveURL(`${MAIN_URL}/login?redirect=/company/myInfo`);
  });

  test('logging in lands on /home', async ({ page }) => {
    await page.goto('/login');
    await login(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(`${MAIN_URL}/home`);
    await expect(page.getByRole('heading', { name: ACCOUNTS.admin.companyName })).toBeVisible();
    await expect(page).toHaveTitle(/^首页 - /);
  });

  test('after being sent to login from /home, logging in returns to /home', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login\?redirect=\/home$/);
    await login(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(`${MAIN_URL}/home`);
  });

  test('/login?redirect=/company/myInfo lands on /company/myInfo after login', async ({ page }) => {
    await page.goto('/login?redirect=/company/myInfo');
    await login(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(`${MAIN_URL}/company/myInfo`);
    await expect(page.getByLabel('姓名')).toHaveValue(ACCOUNTS.admin.name);
  });

  test('/login with a token goes to / and so on to /home', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/company/myInfo');
    await expect(page.getByLabel('姓名')).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(`${MAIN_URL}/home`);
    await expect(page.getByRole('heading', { name: ACCOUNTS.admin.companyName })).toBeVisible();
  });

  test('/ with a token goes to /home', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/');
    await expect(page).toHaveURL(`${MAIN_URL}/home`);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(`${MAIN_URL}/404`);
    await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(`${MAIN_URL}/home`);
  });
});

test.describe('login form', () => {
  test('an empty form asks for account and password', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('请输入账号')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
    await expect(page).toHaveURL(`${MAIN_URL}/login`);
  });

  test('a wrong password shows the server message', async ({ page }) => {
    // `shenhe` is used only here, and only once, so it never reaches the lock-out.
    await page.goto('/login');
    await page.getByLabel('账号').fill(ACCOUNTS.shenhe.loginAccount);
    await page.getByLabel('密码').fill('Wrong-password-1');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('账号或密码错误，再错 4 次账号将锁定 15 分钟')).toBeVisible();
    await expect(page).toHaveURL(`${MAIN_URL}/login`);
    await expect(page.getByLabel('密码')).toHaveValue('Wrong-password-1');
  });

  test('the forgot-password page opens from the login page without a token and validates empty input', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await expect(page).toHaveURL(`${MAIN_URL}/forgetPassword/forgetPassword`);
    await expect(page.getByRole('heading', { name: '忘记密码' })).toBeVisible();

    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('请输入账号')).toBeVisible();

    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('请输入验证码')).toBeVisible();
    await expect(page.getByText('请输入新密码')).toBeVisible();
    await expect(page.getByText('请再次输入新密码')).toBeVisible();
    await expect(page).toHaveURL(`${MAIN_URL}/forgetPassword/forgetPassword`);

    await page.getByRole('link', { name: '返回登录' }).click();
    await expect(page).toHaveURL(`${MAIN_URL}/login`);
  });
});

test.describe('logout', () => {
  test('company 1 logs out to /login?id=1, which shows its login page title', async ({ page }) => {
    await login(page, ACCOUNTS.admin);
    await openFromUserMenu(page, '退出登录');
    await expect(page).toHaveURL(`${MAIN_URL}/login?id=1`);
    await expect(page.getByRole('heading', { name: '湘江人力招考服务平台' })).toBeVisible();
    await expect(page.getByText('公开 · 公平 · 竞争 · 择优')).toBeVisible();

    // The token is gone: a signed-in page sends us back to login.
    await page.goto('/home');
    await expect(page).toHaveURL(`${MAIN_URL}/login?redirect=/home`);
  });

  test('company 2 logs out to /login?id=2', async ({ page }) => {
    await login(page, ACCOUNTS.hospital);
    await openFromUserMenu(page, '退出登录');
    await expect(page).toHaveURL(`${MAIN_URL}/login?id=2`);
    // Company 2 has no login page settings: the product's own title.
    await expect(page.getByRole('heading', { name: '招考管理系统' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '湘江人力招考服务平台' })).toHaveCount(0);
  });
});
