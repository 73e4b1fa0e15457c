import { homeOverview } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyRight, companyWallet, staffUser } from '../../db/tables.js';
import { useTestApp } from '../../test/app.js';

const t = useTestApp();

const overview = (token?: string) => t.call(homeOverview, {}, { token });
const sortedRights = (data: { rights: { functionCode: string }[] }) =>
  [...data.rights].sort((a, b) => a.functionCode.localeCompare(b.functionCode));

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
function uploadPng(token: string) {
  const boundary = '----zhaokaoHomeTest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG_1X1,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/qiniu/imageUpload',
    headers: { 'x-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('home overview', () => {
  it('hides the wallet balance from a user without wallet:view', async () => {
    const body = (await overview(t.shenhe));
    expect(body.code).toBe(200);
    expect(body.data.wallet).toBeNull();
    expect(body.data.company.name).toBe('湘江人力资源服务集团有限公司');
  });

  it('answers company 1 its own figures, as seeded', async () => {
    const body = await overview(t.admin);
    expect(body.status).toBe(200);
    expect(body).toMatchObject({ code: 200, msg: '操作成功' });
    const { rights, ...rest } = body.data;
    expect(rest).toEqual({
      company: {
        id: t.company1,
        name: '湘江人力资源服务集团有限公司',
        logo: '',
        industryName: '人力资源服务',
        address: '湖南省长沙市岳麓区滨江路 188 号湘江金融中心 3 栋 18 楼',
      },
      wallet: { totalBalance: 1_286_050 },
      staffCount: 2,
      enabledStaffCount: 2,
      roleCount: 2,
      fileCount: 0,
    });
    expect(rights).toHaveLength(2);
    expect(sortedRights(body.data)).toEqual([
      { functionCode: 'company_qr_code', name: '公司二维码', validUntil: expect.any(String) },
      { functionCode: 'custom_company_info', name: '定制单位信息', validUntil: expect.any(String) },
    ]);
    for (const r of rights) expect(new Date(r.validUntil).getTime()).toBeGreaterThan(Date.now());
  });

  it('answers company 2 its own figures, as seeded', async () => {
    const res = await overview(t.hospital);
    expect(res).toEqual({
      status: 200,
      code: 200,
      msg: '操作成功',
      data: {
        company: {
          id: t.company2,
          name: '江城市第一人民医院',
          logo: '',
          industryName: '医疗卫生',
          address: '湖北省江城市江汉区解放大道 1095 号',
        },
        wallet: { totalBalance: 0 },
        staffCount: 1,
        enabledStaffCount: 1,
        roleCount: 2,
        fileCount: 0,
        rights: [],
      },
    });
  });

  it('answers every user of a company the same company', async () => {
    const data = (await overview(t.shenhe)).data;
    expect(data.company).toMatchObject({ id: t.company1, name: '湘江人力资源服务集团有限公司' });
    expect(data.staffCount).toBe(2);
    expect(sortedRights(data).map((r) => r.functionCode)).toEqual(['company_qr_code', 'custom_company_info']);
  });

  it("follows each company's own changes and no other's", async () => {
    await t.db.update(companyWallet).set({ totalBalance: 5_000 }).where(eq(companyWallet.companyId, t.company2));
    await t.db.update(staffUser).set({ enabled: false }).where(eq(staffUser.loginAccount, 'shenhe'));
    await t.db
      .update(companyRight)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(companyRight.functionCode, 'custom_company_info'));
    expect((await uploadPng(t.hospital)).json().code).toBe(200);
    expect((await uploadPng(t.hospital)).json().code).toBe(200);

    const one = (await overview(t.admin)).data;
    expect(one).toMatchObject({ wallet: { totalBalance: 1_286_050 }, staffCount: 2, enabledStaffCount: 1, fileCount: 0 });
    expect(one.rights.map((r: { functionCode: string }) => r.functionCode)).toEqual(['company_qr_code']);

    const two = (await overview(t.hospital)).data;
    expect(two).toMatchObject({ wallet: { totalBalance: 5_000 }, staffCount: 1, enabledStaffCount: 1, fileCount: 2, rights: [] });
  });

  it('needs a session', async () => {
    const res = await overview();
    expect(res.status).toBe(401);
    expect(res.code).toBe(50008);
  });
});
