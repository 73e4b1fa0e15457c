import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';

// The candidate site's first pages, where the company QR code and a plan's poster lead: no sign-in, phone first.
// Other stories add plans and applications to company 1 meanwhile, so counts are checked for being there, not their values.
const COMPANY = '湘江人力资源服务集团有限公司';
const PLAN = '2026年湘江人力资源服务集团下属企业公开招聘计划';

for (const [width, height] of [[390, 844], [1440, 900]] as const) {
  test(`at ${width} px: the company page lists its plans, the plan page its posts with live counts and filters`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/apply/companies/1');
    await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
    await expect(page.getByRole('heading', { name: /报名中/ })).toBeVisible();
    await expectAccessible(page, `${width} px`);

    await page.getByRole('link', { name: PLAN }).first().click();
    await expect(page).toHaveURL(/\/apply\/companies\/1\/plans\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: PLAN })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(PLAN));
    const post = page.getByRole('article').filter({ has: page.getByRole('heading', { name: '财务会计' }) });
    await expect(post).toContainText(/报名人数\s*\d+/);
    await expect(post).toContainText(/审核通过人数\s*\d+/);
    await expectAccessible(page, `${width} px`);

    // A keyword narrows the posts, and the address keeps it: a shared link shows the same list.
    await page.getByRole('search', { name: '查找岗位' }).getByLabel('岗位或部门').fill('会计');
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page).toHaveURL(/keyword=/);
    await expect(page.getByRole('status')).toHaveText(/共 \d+ 个岗位/);
    await expect(page.getByRole('article').filter({ hasNot: page.getByText('会计') })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('search', { name: '查找岗位' }).getByLabel('岗位或部门')).toHaveValue('会计');
    await expect(post).toBeVisible();
  });
}

test('a plan nobody published answers as one that does not exist', async ({ page }) => {
  await page.goto('/apply/companies/1/plans/999999');
  await expect(page.getByText('招录计划不存在或尚未发布')).toBeVisible();
  await page.goto('/apply/companies/2/plans/1');
  await expect(page.getByText('招录计划不存在或尚未发布')).toBeVisible();
});

test('at 390 px: the sign-in pages check input in the browser in Chinese, and a signed-out visitor of /apply/me is sent to sign in', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/apply/me/resume');
  await expect(page).toHaveURL(/\/apply\/login\?next=%2Fapply%2Fme%2Fresume$/);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请输入手机号码')).toBeVisible();
  await expectAccessible(page, 'login');

  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await page.getByLabel('手机号').fill('1234');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
  await expectAccessible(page, 'reset');
});
