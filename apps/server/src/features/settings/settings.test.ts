import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyRight, loginPageSetting } from '../../db/tables.js';
import { expectError, expectNoSession, expectRefusedUnchanged, useTestApp } from '../../test/app.js';

const t = useTestApp();

const buyTalentFunction = (functionName: string, companyId: number | string, token?: string) =>
  t.get(`/api/open/meal/buyTalentFunction/${functionName}/${companyId}`, token);
const publicLoginPage = (companyId: number | string) => t.get(`/api/app/company/loginPage/${companyId}`);
const saveLoginPage = (token: string | undefined, payload: object) => t.post('/api/admin/setting/loginPage/save', token, payload);
const settingRows = async () =>
  (await t.db.select().from(loginPageSetting).orderBy(loginPageSetting.companyId)).map(
    ({ companyId, title, subtitle, background, logo }) => ({ companyId, title, subtitle, background, logo }),
  );

describe('buyTalentFunction', () => {
  it('answers a non-empty list for company 1, which holds the company QR code', async () => {
    const res = await buyTalentFunction('company_qr_code', t.company1, t.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: '操作成功' });
    expect(body.data).toEqual([{ functionCode: 'company_qr_code', name: '公司二维码', validUntil: expect.any(String) }]);
    expect(new Date(body.data[0].validUntil).getTime()).toBeGreaterThan(Date.now());

    const custom = await buyTalentFunction('custom_company_info', t.company1, t.shenhe);
    expect(custom.json().data).toEqual([
      { functionCode: 'custom_company_info', name: '定制单位信息', validUntil: expect.any(String) },
    ]);
    expect((await buyTalentFunction('resume_quota', t.company1, t.admin)).json().data).toEqual([]);
    expect((await buyTalentFunction('no_such_function', t.company1, t.admin)).json().data).toEqual([]);
  });

  it('answers an empty list for company 2, which holds nothing', async () => {
    const res = await buyTalentFunction('company_qr_code', t.company2, t.hospital);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: [] });
    expect((await buyTalentFunction('custom_company_info', t.company2, t.hospital)).json().data).toEqual([]);
  });

  it("answers 404 when asked about another company's id", async () => {
    const theirs = await buyTalentFunction('company_qr_code', t.company2, t.admin);
    expectError(theirs, 404, '单位不存在');
    const ours = await buyTalentFunction('company_qr_code', t.company1, t.hospital);
    expectError(ours, 404, '单位不存在');
  });

  it('does not count a right that has expired or not yet begun', async () => {
    const [right] = await t.db.select().from(companyRight).where(eq(companyRight.companyId, t.company1));
    const { validFrom, validUntil } = right!;
    try {
      await t.db.update(companyRight).set({ validUntil: new Date(Date.now() - 60_000) }).where(eq(companyRight.id, right!.id));
      expect((await buyTalentFunction(right!.functionCode, t.company1, t.admin)).json().data).toEqual([]);
      await t.db
        .update(companyRight)
        .set({ validFrom: new Date(Date.now() + 86_400_000), validUntil: new Date(Date.now() + 2 * 86_400_000) })
        .where(eq(companyRight.id, right!.id));
      expect((await buyTalentFunction(right!.functionCode, t.company1, t.admin)).json().data).toEqual([]);
    } finally {
      await t.db.update(companyRight).set({ validFrom, validUntil }).where(eq(companyRight.id, right!.id));
    }
    expect((await buyTalentFunction(right!.functionCode, t.company1, t.admin)).json().data).toHaveLength(1);
  });

  it('refuses bad input in Chinese and needs a session', async () => {
    const cases: [string, string][] = [
      ['/api/open/meal/buyTalentFunction/company_qr_code/abc', '单位编号必须是数字'],
      ['/api/open/meal/buyTalentFunction/company_qr_code/99999999999', '单位编号不正确'],
      [`/api/open/meal/buyTalentFunction/${'a'.repeat(51)}/${t.company1}`, '功能名称最长 50 个字符'],
    ];
    for (const [url, msg] of cases) {
      const res = await t.get(url, t.admin);
      expectError(res, 400, msg);
    }
    const anonymous = await buyTalentFunction('company_qr_code', t.company1);
    expectNoSession(anonymous);
  });
});

describe('public login page', () => {
  it("answers company 1's title and null for company 2, which set nothing", async () => {
    const one = await publicLoginPage(t.company1);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: {
        companyId: t.company1,
        companyName: '湘江人力资源服务集团有限公司',
        logo: '',
        loginLogo: '',
        companyLogo: '',
        title: '湘江人力招考服务平台',
        subtitle: '公开 · 公平 · 竞争 · 择优',
        background: '',
      },
    });
    const two = await publicLoginPage(t.company2);
    expectError(two, 200, '操作成功');
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
    await expectRefusedUnchanged(settingRows, () => saveLoginPage(t.shenhe, { title: '审核员改的标题', subtitle: '', background: '' }), 403, '您没有执行该操作的权限');
    expect((await publicLoginPage(t.company1)).json().data.title).toBe('湘江人力招考服务平台');
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
      [{ title: '标题', loginLogo: 'javascript:alert(1)' }, '登录页标志地址不正确'],
      [{ title: '标题', loginLogo: '/api/files/a.png,/api/files/b.png' }, '登录页标志地址不正确'],
      [{ title: '标题', loginLogo: 7 }, '登录页标志地址格式不正确'],
    ];
    for (const [payload, msg] of cases) {
      const res = await saveLoginPage(t.admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
    expect(await settingRows()).toEqual(before);
  });

  it('saves for admin, trimmed, and the public page shows it', async () => {
    const title = '标'.repeat(40);
    const res = await saveLoginPage(t.admin, { title: `  ${title}  `, subtitle: ' 诚信 · 专业 ', background: '/api/files/bg.png', loginLogo: '/api/files/logo.png' });
    expectError(res, 200, '保存成功');
    expect(await settingRows()).toEqual([
      { companyId: t.company1, title, subtitle: '诚信 · 专业', background: '/api/files/bg.png', logo: '/api/files/logo.png' },
    ]);
    expect((await publicLoginPage(t.company1)).json().data).toEqual({
      companyId: t.company1,
      companyName: '湘江人力资源服务集团有限公司',
      logo: '/api/files/logo.png',
      loginLogo: '/api/files/logo.png',
      companyLogo: '',
      title,
      subtitle: '诚信 · 专业',
      background: '/api/files/bg.png',
    });
    const mine = await t.get('/api/admin/setting/loginPage', t.shenhe);
    expect(mine.json().data).toMatchObject({ companyId: t.company1, title });
    expect((await publicLoginPage(t.company2)).json().data).toBeNull();
  });

  it("saves company 2's own page without touching company 1's", async () => {
    const res = await saveLoginPage(t.hospital, { title: '江城一院招聘' });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: null });
    expect(await settingRows()).toEqual([
      { companyId: t.company1, title: '标'.repeat(40), subtitle: '诚信 · 专业', background: '/api/files/bg.png', logo: '/api/files/logo.png' },
      { companyId: t.company2, title: '江城一院招聘', subtitle: '', background: '', logo: '' },
    ]);
    expect((await publicLoginPage(t.company2)).json().data).toEqual({
      companyId: t.company2,
      companyName: '江城市第一人民医院',
      logo: '',
      loginLogo: '',
      companyLogo: '',
      title: '江城一院招聘',
      subtitle: '',
      background: '',
    });
  });

  it('needs a session', async () => {
    const res = await saveLoginPage(undefined, { title: '匿名' });
    expectNoSession(res);
  });
});
