import { TALENT_MESSAGES, companyBuyUserTalent } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../../test/app.js';

const t = useTestApp();
const url = '/api/admin/order/companyBuyUserTalent/999999';

describe('companyBuyUserTalent makes an order, so it is a POST behind the origin check', () => {
  it('is a POST: a GET (a link, an image, a prefetch) makes nothing', async () => {
    expect(companyBuyUserTalent.method).toBe('POST');
    const res = await t.app.inject({ method: 'GET', url, headers: { 'x-token': t.admin } });
    expect(res.statusCode).toBe(404);
    expectError(await t.call(companyBuyUserTalent, { id: 999999 }, { token: t.admin }), 404, TALENT_MESSAGES.missing);
  });

  it('refuses a cookie-signed call from another site’s page', async () => {
    const cookie = `Admin-Token=${t.admin}`;
    const foreign = await t.app.inject({ method: 'POST', url, headers: { cookie, origin: 'https://evil.example.com', host: 'zk.example.com' } });
    expectError(foreign, 403, '请求来自其他网站，已拒绝');
    const own = await t.app.inject({ method: 'POST', url, headers: { cookie, origin: 'https://zk.example.com', host: 'zk.example.com' } });
    expectError(own, 404, TALENT_MESSAGES.missing);
  });
});
