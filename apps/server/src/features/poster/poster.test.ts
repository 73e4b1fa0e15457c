import {
  COMPANY_QR_HEIGHT, COMPANY_QR_WIDTH, POSTER_HEIGHT, POSTER_WIDTH, candidateCompanyPath, candidatePlanPath,
  companyQrCodeLink, POSTER_MESSAGES,
} from '@zhaokao/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { company, recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { PaymentConfigError, readConfig } from '../../shared/config.js';
import { RIGHT_MISSING } from '../../shared/route.js';
import { expectError, useTestApp } from '../../test/app.js';

/** jsqr is CommonJS: its function is the module and its `default` alike; the types know only `default`. */
const jsQR = jsQRModule.default;

const t = useTestApp({ recruitment: true });
/** Without PUBLIC_BASE_URL the QR codes follow the request's address only when it is this machine's own. */
const HOST = 'localhost:8080';
let plan1: number;
let plan2: number;
let post1: number;

/** A GET as the browser makes it, to the site at `host`. */
const get = (url: string, token: string, host = HOST) => t.app.inject({ method: 'GET', url, headers: { 'x-token': token, host } });

/** The PNG's size and what its QR code reads. */
function readPng(body: Buffer) {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const png = PNG.sync.read(body);
  const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { width: png.width, height: png.height, qr: qr?.data };
}

beforeAll(async () => {
  const planOf = async (companyId: number) =>
    (await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.companyId, companyId)).orderBy(asc(recruitmentPlan.id)))[0]!.id;
  plan1 = await planOf(t.company1);
  plan2 = await planOf(t.company2);
  const [post] = await t.db
    .select()
    .from(recruitmentInfo)
    .where(and(eq(recruitmentInfo.planId, plan1), isNull(recruitmentInfo.cancelledAt)))
    .orderBy(asc(recruitmentInfo.id));
  post1 = post!.id;
});

describe('推广海报', () => {
  it('draws a plan’s poster as a PNG whose QR code leads to the plan’s candidate page', async () => {
    const res = await get(`/api/admin/poster/planPoster/${plan1}`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''.+%E6%8E%A8%E5%B9%BF%E6%B5%B7%E6%8A%A5\.png$/);
    expect(readPng(res.rawPayload)).toEqual({
      width: POSTER_WIDTH,
      height: POSTER_HEIGHT,
      qr: `http://${HOST}${candidatePlanPath(t.company1, plan1)}`,
    });
  });

  it('draws one post’s poster in each template, for any staff member', async () => {
    for (const template of ['blue', 'red', 'green']) {
      const res = await get(`/api/admin/poster/planPoster/${plan1}?postId=${post1}&template=${template}`, t.shenhe);
      expect(res.statusCode).toBe(200);
      expect(readPng(res.rawPayload).qr).toBe(`http://${HOST}${candidatePlanPath(t.company1, plan1)}`);
    }
  });

  it('refuses another company’s plan, a post of another plan and an unknown template', async () => {
    expectError(await get(`/api/admin/poster/planPoster/${plan1}`, t.hospital), 404, '招录计划不存在');
    expectError(await get(`/api/admin/poster/planPoster/999999`, t.admin), 404, '招录计划不存在');
    expectError(await get(`/api/admin/poster/planPoster/${plan2}?postId=${post1}`, t.hospital), 404, '岗位不存在');
    expectError(await get(`/api/admin/poster/planPoster/${plan1}?template=gold`, t.admin), 400, '海报模板不存在');
    expectError(await get(`/api/admin/poster/planPoster/${plan1}?postId=abc`, t.admin), 400, '岗位编号必须是数字');
  });
});

describe('公司二维码', () => {
  it('draws the company’s QR code, leading to its candidate page, for a company holding the right', async () => {
    const url = `http://${HOST}${candidateCompanyPath(t.company1)}`;
    const res = await get('/api/admin/poster/companyQrCode', t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(readPng(res.rawPayload)).toEqual({ width: COMPANY_QR_WIDTH, height: COMPANY_QR_HEIGHT, qr: url });
    const link = await get('/api/admin/poster/companyQrCodeLink', t.admin);
    expect(link.json().data).toEqual({ url });
    expect((await t.call(companyQrCodeLink, {}, { token: t.shenhe })).data.url).toMatch(new RegExp(`${candidateCompanyPath(t.company1)}$`));
  });

  it('refuses a company without the right', async () => {
    expectError(await get('/api/admin/poster/companyQrCode', t.hospital), 403, RIGHT_MISSING);
    expectError(await get('/api/admin/poster/companyQrCodeLink', t.hospital), 403, RIGHT_MISSING);
  });
});

const qrCalls = () => [`/api/admin/poster/planPoster/${plan1}`, '/api/admin/poster/companyQrCode', '/api/admin/poster/companyQrCodeLink'];

describe('the address in the QR codes', () => {
  it('without PUBLIC_BASE_URL, refuses to follow a Host header that is not this machine', async () => {
    for (const url of qrCalls()) {
      for (const host of ['zk.example.com', 'evil.example.com:8080', '127.0.0.1.evil.example.com', 'localhost.evil.example.com']) {
        expectError(await get(url, t.admin, host), 400, POSTER_MESSAGES.unknownHost);
      }
    }
    for (const host of ['127.0.0.1:8080', '[::1]:8080', 'localhost']) {
      expect((await get('/api/admin/poster/companyQrCodeLink', t.admin, host)).json().data).toEqual({
        url: `http://${host}${candidateCompanyPath(t.company1)}`,
      });
    }
  });

  it('with PUBLIC_BASE_URL, uses it whatever the Host header says', async () => {
    const config = t.app.deps.config;
    config.publicBaseUrl = 'https://zk.example.com';
    try {
      const link = await get('/api/admin/poster/companyQrCodeLink', t.admin, 'evil.example.com');
      expect(link.json().data).toEqual({ url: `https://zk.example.com${candidateCompanyPath(t.company1)}` });
      const poster = await get(`/api/admin/poster/planPoster/${plan1}`, t.admin, 'evil.example.com');
      expect(readPng(poster.rawPayload).qr).toBe(`https://zk.example.com${candidatePlanPath(t.company1, plan1)}`);
    } finally {
      config.publicBaseUrl = undefined;
    }
  });

  it('is required in production', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(PaymentConfigError);
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => readConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'zk.example.com' })).toThrow(PaymentConfigError);
    expect(readConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://zk.example.com/', PAYMENT_SANDBOX: 'allow' }).publicBaseUrl).toBe('https://zk.example.com');
    expect(readConfig({}).publicBaseUrl).toBeUndefined();
  });
});

/** A 16×16 red PNG. */
const RED_PNG = (() => {
  const png = new PNG({ width: 16, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([255, 0, 0, 255], i);
  return PNG.sync.write(png);
})();

async function uploadAs(token: string) {
  const boundary = 'posterboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    RED_PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/qiniu/imageUpload?public=0',
    headers: { 'x-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json().data.url as string;
}

async function posterWithLogo(logo: string) {
  await t.db.update(company).set({ logo }).where(eq(company.id, t.company1));
  const res = await get(`/api/admin/poster/planPoster/${plan1}`, t.admin);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('the logo on the poster', () => {
  it('embeds the company’s own image, never another company’s private file', async () => {
    const [{ logo: before }] = (await t.db.select({ logo: company.logo }).from(company).where(eq(company.id, t.company1))) as [{ logo: string }];
    try {
      const without = await posterWithLogo('');
      const own = await posterWithLogo(await uploadAs(t.admin));
      expect(own.equals(without)).toBe(false);
      const foreign = await posterWithLogo(await uploadAs(t.hospital));
      expect(foreign.equals(without)).toBe(true);
    } finally {
      await t.db.update(company).set({ logo: before }).where(eq(company.id, t.company1));
    }
  });
});
