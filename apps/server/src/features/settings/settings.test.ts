import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, companyRight, loginPageSetting } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/app.js';

let t: TestApp;
let admin: string;
let shenhe: string;
let hospital: string;
let company1: number;
let company2: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  shenhe = await t.login('shenhe');
  hospital = await t.login('hospital');
  const companies = await t.db.select().from(company);
  company1 = companies.find((c) => c.name === '湘江人力资源服务集团有限公司')!.id;
  company2 = companies.find((c) => c.name === '江城市第一人民医院')!.id;
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {} });
const buyTalentFunction = (functionName: string, companyId: number | string, token?: string) =>
  get(`/api/open/meal/buyTalentFunction/${functionName}/${companyId}`, token);
const publicLoginPage = (companyId: number | string) => get(`/api/app/company/loginPage/${companyId}`);
const saveLoginPage = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/setting/loginPage/save', headers: { 'x-token': token }, payload });
const settingRows = async () =>
  (await t.db.select().from(loginPageSetting).orderBy(loginPageSetting.companyId)).map(
    ({ companyId, title, subtitle, background }) => ({ companyId, title, subtitle, background }),
  );

describe('buyTalentFunction', () => {
  it('answers a non-empty list for company 1, which holds the company QR code', async () => {
    const res = await buyTalentFunction('company_qr_code', company1, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: '操作成功' });
    expect(body.data).toEqual([{ functionCode: 'company_qr_code', name: '公司二维码', validUntil: expect.any(String) }]);
    expect(new Date(body.data[0].validUntil).getTime()).toBeGreaterThan(Date.now());

    const custom = await buyTalentFunction('custom_company_info', company1, shenhe);
    expect(custom.json().data).toEqual([
      { functionCode: 'custom_company_info', name: '定制单位信息', validUntil: expect.any(String) },
    ]);
    expect((await buyTalentFunction('resume_quota', company1, admin)).json().data).toEqual([]);
    expect((await buyTalentFunction('no_such_function', company1, admin)).json().data).toEqual([]);
  });

  it('answers an empty list for company 2, which holds nothing', async () => {
    const res = await buyTalentFunction('company_qr_code', company2, hospital);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: [] });
    expect((await buyTalentFunction('custom_company_info', company2, hospital)).json().data).toEqual([]);
  });

  it("answers 404 when asked about another company's id", async () => {
    const theirs = await buyTalentFunction('company_qr_code', company2, admin);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 404, msg: '单位不存在', data: null });
    const ours = await buyTalentFunction('company_qr_code', company1, hospital);
    expect(ours.statusCode).toBe(404);
    expect(ours.json()).toEqual({ code: 404, msg: '单位不存在', data: null });
  });

  it('does not count a right that has expired or not yet begun', async () => {
    const [right] = await t.db.select().from(companyRight).where(eq(companyRight.companyId, company1));
    const { validFrom, validUntil } = right!;
    try {
      await t.db.update(companyRight).set({ validUntil: new Date(Date.now() - 60_000) }).where(eq(companyRight.id, right!.id));
      expect((await buyTalentFunction(right!.functionCode, company1, admin)).json().data).toEqual([]);
      await t.db
        .update(companyRight)
        .set({ validFrom: new Date(Date.now() + 86_400_000), validUntil: new Date(Date.now() + 2 * 86_400_000) })
        .where(eq(companyRight.id, right!.id));
      expect((await buyTalentFunction(right!.functionCode, company1, admin)).json().data).toEqual([]);
    } finally {
      await t.db.update(companyRight).set({ validFrom, validUntil }).where(eq(companyRight.id, right!.id));
    }
    expect((await buyTalentFunction(right!.functionCode, company1, admin)).json().data).toHaveLength(1);
  });

  it('refuses bad input in Chinese and needs a session', async () => {
    const cases: [string, string][] = [
      ['/api/open/meal/buyTalentFunction/company_qr_code/abc', '单位编号必须是数字'],
      ['/api/open/meal/buyTalentFunction/company_qr_code/99999999999', '单位编号不正确'],
      [`/api/open/meal/buyTalentFunction/${'a'.repeat(51)}/${company1}`, '功能名称最长 50 个字符'],
    ];
    for (const [url, msg] of cases) {
      const res = await get(url, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
    const anonymous = await buyTalentFunction('company_qr_code', company1);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(50008);
  });
});

describe('public login page', () => {
  it("answers company 1's title and null for company 2, which set nothing", async () => {
    const one = await publicLoginPage(company1);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: {
        companyId: company1,
        companyName: '湘江人力资源服务集团有限公司',
        logo: '',
        title: '湘江人力招考服务平台',
        subtitle: '公开 · 公平 · 竞争 · 择优',
        background: '',
      },
    });
    const two = await publicLoginPage(company2);
    expect(two.statusCode).toBe(200);
    expect(two.json()).toEqual({ code: 200, msg: '操作成功', data: null });
    expect((await publicLoginPage(999_999)).json()).toEqual({ code: 200, msg: '操作成功', data: null });
  });

  it('refuses an id that is not a positive number', async () => {
    const cases: [string, string][] = [
      ['abc', '单位编号必须是数字'],
      ['0', '单位编号必须是正数'],
      ['99999999999', '单位编号不正确'],
    ];
    for (const [id, msg] of cases) {
      const res = await publicLoginPage(id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
  });
});

describe('saving the login page', () => {
  it('is refused to shenhe, who lacks settings:edit, and changes nothing', async () => {
    const before = await settingRows();
    const res = await saveLoginPage(shenhe, { title: '审核员改的标题', subtitle: '', background: '' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: '您没有执行该操作的权限', data: null });
    expect(await settingRows()).toEqual(before);
    expect((await publicLoginPage(company1)).json().data.title).toBe('湘江人力招考服务平台');
  });

  it('refuses a missing, empty or too long title with its message and changes nothing', async () => {
    const before = await settingRows();
    const cases: [object, string][] = [
      [{}, '请输入登录页标题'],
      [{ title: '' }, '请输入登录页标题'],
      [{ title: '    ' }, '请输入登录页标题'],
      [{ title: '标'.repeat(41) }, '登录页标题最长 40 个字符'],
      [{ title: 'x'.repeat(41) }, '登录页标题最长 40 个字符'],
      [{ title: '标题', subtitle: '副'.repeat(101) }, '副标题最长 100 个字符'],
      [{ title: '标题', subtitle: 5 }, '副标题格式不正确'],
      [{ title: '标题', background: `/api/files/${'a'.repeat(500)}` }, '背景图地址过长'],
      [{ title: '标题', background: 'javascript:alert(1)' }, '背景图地址不正确'],
      [{ title: '标题', background: '/api/files/bg.png,//evil.example/bg.png' }, '背景图地址不正确'],
    ];
    for (const [payload, msg] of cases) {
      const res = await saveLoginPage(admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
    expect(await settingRows()).toEqual(before);
  });

  it('saves for admin, trimmed, and the public page shows it', async () => {
    const title = '标'.repeat(40);
    const res = await saveLoginPage(admin, { title: `  ${title}  `, subtitle: ' 诚信 · 专业 ', background: '/api/files/bg.png' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: null });
    expect(await settingRows()).toEqual([
      { companyId: company1, title, subtitle: '诚信 · 专业', background: '/api/files/bg.png' },
    ]);
    expect((await publicLoginPage(company1)).json().data).toEqual({
      companyId: company1,
      companyName: '湘江人力资源服务集团有限公司',
      logo: '',
      title,
      subtitle: '诚信 · 专业',
      background: '/api/files/bg.png',
    });
    const mine = await get('/api/admin/setting/loginPage', shenhe);
    expect(mine.json().data).toMatchObject({ companyId: company1, title });
    expect((await publicLoginPage(company2)).json().data).toBeNull();
  });

  it("saves company 2's own page without touching company 1's", async () => {
    const res = await saveLoginPage(hospital, { title: '江城一院招聘' });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: null });
    expect(await settingRows()).toEqual([
      { companyId: company1, title: '标'.repeat(40), subtitle: '诚信 · 专业', background: '/api/files/bg.png' },
      { companyId: company2, title: '江城一院招聘', subtitle: '', background: '' },
    ]);
    expect((await publicLoginPage(company2)).json().data).toEqual({
      companyId: company2,
      companyName: '江城市第一人民医院',
      logo: '',
      title: '江城一院招聘',
      subtitle: '',
      background: '',
    });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/setting/loginPage/save', payload: { title: '匿名' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(50008);
  });
});
