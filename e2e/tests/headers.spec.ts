import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, test, signIn } from './support';

const SECURITY_HEADERS = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

test.describe('security headers of the built app', () => {
  test('every answer carries them, with a CSP that forbids inline scripts and framing', async ({ request }) => {
    for (const path of ['/', '/login', '/api/health', '/api/no-such-call']) {
      const res = await request.get(path);
      const headers = res.headers();
      expect(headers, path).toMatchObject(SECURITY_HEADERS);
      const csp = headers['content-security-policy'] ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
    }
  });

  test('hashed assets are served immutable, the page itself is revalidated', async ({ request }) => {
    const page = await request.get('/');
    expect(page.headers()['cache-control']).toBe('no-cache');
    const html = await page.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

/** Records every CSP violation the page reports. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('the web app runs under its CSP without a single violation', async ({ page }) => {
  await watchCsp(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await signIn(page, ACCOUNTS.admin);
  // Pages with a chart, uploads with image previews, a rich drawer and tables.
  for (const [path, text] of [
    ['/home', '首页'],
    ['/recruitmentPlan/populationStatistics', '人数统计'],
    ['/recruitmentPlan/companyInfo', '设置单位信息'],
    ['/recruitmentPlan/recruitmentPlanExpandlist', '添加招录计划'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations(page), path).toEqual([]);
  }
});
