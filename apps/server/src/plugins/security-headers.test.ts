import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { readConfig } from '../shared/config.js';
import { LocalStorage } from '../shared/storage.js';
import { type TestApp, createTestApp } from '../test/app.js';

let t: TestApp;
let web: Awaited<ReturnType<typeof buildApp>>;
let webDist: string;
beforeAll(async () => {
  t = await createTestApp();
  webDist = await mkdtemp(path.join(tmpdir(), 'zhaokao-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-AbC123.js"></script>');
  await writeFile(path.join(webDist, 'apply.html'), '<!doctype html><script type="module" src="/assets/apply-XyZ789.js"></script>');
  await writeFile(path.join(webDist, 'assets', 'index-AbC123.js'), 'console.log(1)');
  await writeFile(path.join(webDist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  web = await buildApp({
    db: t.db,
    storage: new LocalStorage(t.uploadsDir),
    config: { ...readConfig({}), logLevel: 'silent', webDist },
  });
});
afterAll(async () => {
  await web.close();
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are on pages, API answers and errors alike', async () => {
    for (const url of ['/', '/login', '/api/health', '/api/no-such-call', '/assets/index-AbC123.js']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=(), fullscreen=(self)',
      });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
    const refused = await web.inject({ method: 'POST', url: '/api/app/company/companyLogin', payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-frame-options']).toBe('DENY');
    expect(refused.headers['permissions-policy']).toContain('camera=()');
  });

  it('serves hashed assets immutable and everything else revalidated', async () => {
    expect((await web.inject({ method: 'GET', url: '/assets/index-AbC123.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/', '/logo.svg', '/recruitmentPlan/workflow']) {
      expect((await web.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers the candidate site with apply.html and the back office with index.html', async () => {
    for (const url of ['/apply', '/apply/companies/1', '/apply/companies/1/plans/2?keyword=%E4%BC%9A%E8%AE%A1']) {
      const res = await web.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('apply-XyZ789.js');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/home', '/applyList', '/recruitmentPlan/workflow']) {
      const res = await web.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('index-AbC123.js');
    }
    const api = await web.inject({ method: 'GET', url: '/api/apply/companies/1' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ msg: '接口不存在' });
  });
});
