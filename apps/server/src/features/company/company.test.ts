import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { company } from '../../db/tables.js';
import { expectError, expectNoSession, expectRefusedUnchanged, useTestApp } from '../../test/app.js';

const t = useTestApp();

const getInfo = (token?: string) => t.get('/api/admin/company/companyInfo', token);
const saveInfo = (token: string | undefined, payload: object) => t.post('/api/admin/company/companyInfo/save', token, payload);
const userInfo = (token: string) => t.post('/api/admin/company/getCompanyUserInfo', token);
const companyRows = () => t.db.select().from(company).orderBy(asc(company.id));
const rowOf = async (id: number) => (await t.db.select().from(company).where(eq(company.id, id)))[0]!;

const long = (n: number) => '长'.repeat(n);

const valid = {
  name: '湘江人力资源服务集团',
  logo: '/api/files/1/202611/xiangjiang.png',
  industry: 'it',
  address: '湖南省长沙市岳麓区麓谷大道 658 号',
  introduce: '省属国有人力资源服务企业。',
  manageIdea: '以人为本。',
};

describe('GET companyInfo', () => {
  it("answers the signed-in user's own company with the industry's name", async () => {
    const res = await getInfo(t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: {
        id: t.company1,
        name: '湘江人力资源服务集团有限公司',
        logo: '',
        industry: 'hr_service',
        industryName: '人力资源服务',
        address: '湖南省长沙市岳麓区滨江路 188 号湘江金融中心 3 栋 18 楼',
        introduce: '湘江人力资源服务集团是省属国有人力资源服务企业，承接党政机关、事业单位和国有企业的公开招聘与考试组织服务。',
        manageIdea: '公开、公平、竞争、择优。',
      },
    });
  });

  it('needs no permission beyond being signed in, and never shows another company', async () => {
    expect((await getInfo(t.shenhe)).json().data).toMatchObject({ id: t.company1, industryName: '人力资源服务' });
    const theirs = (await getInfo(t.hospital)).json();
    expect(theirs.data).toMatchObject({ id: t.company2, name: '江城市第一人民医院', industry: 'healthcare', industryName: '医疗卫生' });
    const anonymous = await getInfo();
    expectNoSession(anonymous);
  });
});

describe('POST companyInfo/save', () => {
  it('stores every field trimmed, and the industry name shows in companyInfo and getCompanyUserInfo', async () => {
    const before2 = await rowOf(t.company2);
    const res = await saveInfo(t.admin, {
      ...valid,
      name: `  ${valid.name}  `,
      address: ` ${valid.address} `,
      manageIdea: ` ${valid.manageIdea}\n`,
    });
    expectError(res, 200, '保存成功');

    const { createdAt: _, ...stored } = await rowOf(t.company1);
    expect(stored).toEqual({ id: t.company1, parentId: null, ...valid });
    expect((await getInfo(t.admin)).json().data).toEqual({ id: t.company1, ...valid, industryName: '信息技术' });
    expect((await userInfo(t.admin)).json().data.company).toEqual({
      id: t.company1,
      name: valid.name,
      logo: valid.logo,
      industryName: '信息技术',
      address: valid.address,
    });
    // The other company is untouched.
    expect(await rowOf(t.company2)).toEqual(before2);
  });

  it('stores empty optional fields as empty text', async () => {
    const res = await saveInfo(t.admin, { name: valid.name, industry: 'finance', address: valid.address });
    expect(res.json().code).toBe(200);
    const { createdAt: _, ...stored } = await rowOf(t.company1);
    expect(stored).toEqual({
      id: t.company1,
      parentId: null,
      name: valid.name,
      logo: '',
      industry: 'finance',
      address: valid.address,
      introduce: '',
      manageIdea: '',
    });
    expect((await getInfo(t.shenhe)).json().data.industryName).toBe('金融');
    await saveInfo(t.admin, valid);
  });

  const badInputs: [string, object, string][] = [
    ['no name', { ...valid, name: undefined }, '请输入单位名称'],
    ['a one-character name', { ...valid, name: ' 湘 ' }, '单位名称至少 2 个字'],
    ['a name of 61 characters', { ...valid, name: long(61) }, '单位名称最长 60 个字'],
    ['a name that is not text', { ...valid, name: 12 }, '请输入单位名称'],
    ['a logo address of 501 characters', { ...valid, logo: `/${'a'.repeat(500)}` }, '单位标志地址过长'],
    ['a logo that is not text', { ...valid, logo: 5 }, '单位标志地址不正确'],
    ['a script logo', { ...valid, logo: 'javascript:alert(1)' }, '单位标志地址不正确'],
    ['a logo on another host without https', { ...valid, logo: '//evil.example/logo.png' }, '单位标志地址不正确'],
    ['a logo over http', { ...valid, logo: 'http://example.com/logo.png' }, '单位标志地址不正确'],
    ['a data logo', { ...valid, logo: 'data:image/svg+xml,<svg onload=alert(1)>' }, '单位标志地址不正确'],
    ['a logo path outside the uploads', { ...valid, logo: '/uploads/logo/xiangjiang.png' }, '单位标志地址不正确'],
    ['no industry', { ...valid, industry: undefined }, '请选择所属行业'],
    ['an empty industry', { ...valid, industry: '  ' }, '请选择所属行业'],
    ['an industry of 41 characters', { ...valid, industry: 'x'.repeat(41) }, '所属行业不正确'],
    ['no address', { ...valid, address: undefined }, '请输入单位地址'],
    ['a blank address', { ...valid, address: '   ' }, '请输入单位地址'],
    ['an address of 201 characters', { ...valid, address: long(201) }, '单位地址最长 200 个字'],
    ['an introduction of 5001 characters', { ...valid, introduce: long(5001) }, '单位简介最长 5000 个字'],
    ['an introduction that is not text', { ...valid, introduce: 5 }, '单位简介必须是文字'],
    ['a management idea of 1001 characters', { ...valid, manageIdea: long(1001) }, '管理理念最长 1000 个字'],
    ['a management idea that is null', { ...valid, manageIdea: null }, '管理理念必须是文字'],
    ['an industry not in the dictionary', { ...valid, industry: 'spaceflight' }, '所属行业不存在，请从列表中选择'],
    ['a value of another dictionary', { ...valid, industry: 'age' }, '所属行业不存在，请从列表中选择'],
  ];
  for (const [what, payload, msg] of badInputs) {
    it(`refuses ${what} with “${msg}” and changes nothing`, async () => {
      await expectRefusedUnchanged(companyRows, () => saveInfo(t.admin, payload), 400, msg);
    });
  }

  it('refuses a user without company:edit with 403 and changes nothing', async () => {
    await expectRefusedUnchanged(companyRows, () => saveInfo(t.shenhe, { ...valid, name: '审核员改的名字' }), 403, '您没有执行该操作的权限');
  });

  it("only ever changes the signed-in user's own company", async () => {
    const before1 = await rowOf(t.company1);
    const res = await saveInfo(t.hospital, {
      name: '江城市第一人民医院（总院）',
      industry: 'healthcare',
      address: '湖北省江城市江汉区解放大道 1095 号',
      // A company id in the body is no business of the server's.
      id: t.company1,
    });
    expect(res.json().code).toBe(200);
    expect(await rowOf(t.company1)).toEqual(before1);
    expect(await rowOf(t.company2)).toMatchObject({ id: t.company2, name: '江城市第一人民医院（总院）', introduce: '', manageIdea: '' });
    expect((await getInfo(t.hospital)).json().data).toMatchObject({ id: t.company2, name: '江城市第一人民医院（总院）', industryName: '医疗卫生' });
  });

  it('answers 50008 without a token and changes nothing', async () => {
    const before = await companyRows();
    const res = await saveInfo(undefined, valid);
    expectNoSession(res);
    expect(await companyRows()).toEqual(before);
  });
});
