import { type InputOf, PASSWORD_MUST_CHANGE_MESSAGE, companyLogin, getCompanyUserInfo, homeOverview, logout, resetStaffPassword, saveStaff, staffList, updateMyInfo, updatePassword } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempt, staffUser, userSession } from '../../db/tables.js';
import { type TestApp, createTestApp, expectError, expectNoSession } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (loginAccount: string, password: string) => t.call(companyLogin, { loginAccount, password });
const userInfo = (token?: string) => t.call(getCompanyUserInfo, {}, { token });

describe('login', () => {
  it('answers the fields SPEC lists and a working token', async () => {
    const body = await login('admin', 'Zhaokao@2026');
    expect(body.status).toBe(200);
    expect(body.code).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['company', 'id', 'nickName', 'passwordMustChange', 'permissions', 'token', 'userHead'].sort());
    expect(body.data.passwordMustChange).toBe(false);
    expect(body.data.company).toMatchObject({ name: '湘江人力资源服务集团有限公司' });
    expect(body.data.permissions).toContain('staff:manage');
    expect(body.data.token.length).toBeGreaterThanOrEqual(43);

    const info = await userInfo(body.data.token);
    expect(info).toMatchObject({ code: 200, data: { name: '王敏', loginAccount: 'admin', company: { industryName: '人力资源服务' } } });
  });

  it('answers an unknown account and a wrong password alike, in Chinese', async () => {
    const unknown = await login('nobody', 'whatever1');
    expect(unknown.status).toBe(400);
    expect(unknown).toMatchObject({ code: 400, msg: '账号或密码错误，再错 4 次账号将锁定 15 分钟', data: null });

    const wrong = await login('shenhe', 'wrong-password1');
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toBe('账号或密码错误，再错 4 次账号将锁定 15 分钟');
  });

  it('refers empty fields to their Chinese message and stores nothing', async () => {
    expect(await login('', '')).toMatchObject({ code: 400, msg: '请输入账号' });
    const missing = await t.post('/api/app/company/companyLogin', undefined, { loginAccount: 'admin' });
    expect(missing.json()).toMatchObject({ code: 400, msg: '请输入密码' });
  });

  it('locks an account for 15 minutes after 5 wrong passwords, even for the right one', async () => {
    for (let i = 0; i < 4; i++) await login('hospital', 'bad-password1');
    const fifth = await login('hospital', 'bad-password1');
    expect(fifth.msg).toBe('密码错误次数过多，账号已锁定，请 15 分钟后再试');
    const right = await login('hospital', 'Zhaokao@2026');
    expect(right).toMatchObject({ code: 400, msg: '密码错误次数过多，账号已锁定，请 15 分钟后再试' });
    await t.db.delete(loginAttempt).where(eq(loginAttempt.loginAccount, 'hospital'));
  });
});

describe('tokens', () => {
  it('answers 50008 for a missing or forged token', async () => {
    const missing = await userInfo();
    expectNoSession(missing);
    const forged = await userInfo('x'.repeat(43));
    expect(forged).toMatchObject({ code: 50008, msg: '登录状态无效，请重新登录' });
  });

  it('answers 50014 for an expired token', async () => {
    const token = await t.login('admin');
    await t.db.update(userSession).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await userInfo(token);
    expect(res.status).toBe(401);
    expect(res).toMatchObject({ code: 50014, msg: '登录已过期，请重新登录' });
  });

  it('answers 50008 after logout, which deletes the session on the server', async () => {
    const token = await t.login('admin');
    expect((await userInfo(token)).code).toBe(200);
    expect((await t.call(logout, {}, { token })).code).toBe(200);
    expect((await userInfo(token)).code).toBe(50008);
  });

  it('answers 50012 once the account is disabled', async () => {
    const token = await t.login('shenhe');
    await t.db.update(staffUser).set({ enabled: false }).where(eq(staffUser.loginAccount, 'shenhe'));
    expect((await userInfo(token)).code).toBe(50012);
    expect((await login('shenhe', 'Zhaokao@2026')).msg).toBe('该账号已停用，请联系单位管理员');
    await t.db.update(staffUser).set({ enabled: true }).where(eq(staffUser.loginAccount, 'shenhe'));
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('admin');
    const rows = await t.db.select({ h: userSession.tokenHash }).from(userSession);
    expect(rows.some((r) => r.h === token)).toBe(false);
  });

  it('refuses a role the user does not hold', async () => {
    const token = await t.login('admin');
    expect((await t.call(getCompanyUserInfo, { roleId: 99999 }, { token })).status).toBe(403);
  });
});

describe('my info and password', () => {
  it('saves own info and refuses a bad phone without changing anything', async () => {
    const token = await t.login('admin');
    const post = (input: InputOf<typeof updateMyInfo>) => t.call(updateMyInfo, input, { token });
    const bad = await post({ name: '王敏敏', phone: '12345', email: '' });
    expect(bad).toMatchObject({ code: 400, msg: '请输入正确的手机号码' });
    for (const userHead of ['javascript:alert(1)', '//evil.example/me.png', 'http://example.com/me.png']) {
      const badHead = await post({ name: '王敏敏', phone: '13974851234', email: '', userHead });
      expectError(badHead, 400, '头像地址不正确');
    }
    expect((await userInfo(token)).data.name).toBe('王敏');

    const ok = await post({ name: '王敏敏', phone: '13974851234', email: 'wmm@example.cn', userHead: '' });
    expect(ok).toMatchObject({ code: 200, msg: '保存成功' });
    expect((await userInfo(token)).data).toMatchObject({ name: '王敏敏', phone: '13974851234', email: 'wmm@example.cn' });
  });

  it('changes the password only with the right old one', async () => {
    const token = await t.login('shenhe');
    const other = await t.login('shenhe');
    expect((await userInfo(other)).code).toBe(200);
    const post = (input: InputOf<typeof updatePassword>) => t.call(updatePassword, input, { token });
    expect((await post({ oldPassword: 'nope', newPassword: 'NewPass2026' })).msg).toBe('原密码不正确');
    expect((await post({ oldPassword: 'Zhaokao@2026', newPassword: 'short' })).msg).toBe('密码至少 8 位');
    expect((await post({ oldPassword: 'Zhaokao@2026', newPassword: 'NewPass2026' })).code).toBe(200);
    expect((await userInfo(token)).code).toBe(200);
    expect((await userInfo(other)).code).toBe(50012);
    expect((await login('shenhe', 'NewPass2026')).code).toBe(200);
  });
});

describe('a password someone else set', () => {
  it('must be replaced at the first sign-in: nothing but the session, the password change and sign-out answers until then', async () => {
    const admin = (await login('admin', 'Zhaokao@2026')).data.token;
    const roles = await t.db.select().from(staffUser).where(eq(staffUser.loginAccount, 'shenhe'));
    const created = await t.call(
      saveStaff,
      { name: '新同事', loginAccount: 'xintongshi', phone: '13700001234', roleId: roles[0]!.roleId, password: 'Initial2026' } as never,
      { token: admin },
    );
    expect(created.code).toBe(200);

    const first = await login('xintongshi', 'Initial2026');
    expect(first.data.passwordMustChange).toBe(true);
    const token = first.data.token;
    expect((await userInfo(token)).data.passwordMustChange).toBe(true);
    expectError(await t.call(homeOverview, {}, { token }), 403, PASSWORD_MUST_CHANGE_MESSAGE);

    expect((await t.call(updatePassword, { oldPassword: 'Initial2026', newPassword: 'Mine2026pass' }, { token })).code).toBe(200);
    expect((await userInfo(token)).data.passwordMustChange).toBe(false);
    expect((await t.call(homeOverview, {}, { token })).code).toBe(200);

    // reset by the administrator: to be replaced again
    expect((await t.call(resetStaffPassword, { id: created.data.id, newPassword: 'Reset2026pass' } as never, { token: admin })).code).toBe(200);
    const again = await login('xintongshi', 'Reset2026pass');
    expect(again.data.passwordMustChange).toBe(true);
    expectError(await t.call(staffList, { pageNum: 1, pageSize: 10 } as never, { token: again.data.token }), 403, PASSWORD_MUST_CHANGE_MESSAGE);
    expect((await t.call(logout, {}, { token: again.data.token })).code).toBe(200);

    // the administrator's own password, reset by themself, is their own
    const adminRow = (await t.db.select().from(staffUser).where(eq(staffUser.loginAccount, 'admin')))[0]!;
    expect((await t.call(resetStaffPassword, { id: adminRow.id, newPassword: 'Zhaokao@2026' } as never, { token: admin })).code).toBe(200);
    expect((await login('admin', 'Zhaokao@2026')).data.passwordMustChange).toBe(false);
  });
});
