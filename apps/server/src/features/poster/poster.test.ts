import {
  COMPANY_QR_HEIGHT,
  COMPANY_QR_WIDTH,
  POSTER_HEIGHT,
  POSTER_WIDTH,
  candidateCompanyPath,
  candidatePlanPath,
  companyQrCodeLink,
} from '@zhaokao/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { RIGHT_MISSING } from '../../shared/route.js';
import { expectError, useTestApp } from '../../test/app.js';

/** jsqr is CommonJS: its function is the module and its `default` alike; the types know only `default`. */
const jsQR = jsQRModule.default;

const t = useTestApp({ recruitment: true });
const HOST = 'zk.example.com';
let plan1: number;
let plan2: number;
let post1: number;

/** A GET as the browser makes it, to the site at HOST. */
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { 'x-token': token, host: HOST } });

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
