import { ALL_PERMISSIONS } from '@zhaokao/contracts';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAttempt, staffUser, sysOrg, sysRole, userSession } from '../../db/tables.js';
import { DEMO_PASSWORD, expectRefusedUnchanged, savedId, snapshotOf, useTestApp } from '../../test/app.js';
import { insertDepartments } from '../../test/org.js';
import { ENDED, LAST_ADMIN, staffCalls } from './staff.support.js';

const t = useTestApp();
/** Roles by company and name. */
let adminRole1: number;
let reviewRole1: number;
let adminRole2: number;
let reviewRole2: number;
/** Departments: two of company 1, one of company 2. */
let deptA: number;
let deptB: number;
let deptTheirs: number;

beforeAll(async () => {
  const roles = await t.db.select().from(sysRole);
  const role = (companyId: number, name: string) => roles.find((r) => r.companyId === companyId && r.name === name)!.id;
  adminRole1 = role(t.company1, '单位管理员');
  reviewRole1 = role(t.company1, '审核员');
  adminRole2 = role(t.company2, '单位管理员');
  reviewRole2 = role(t.company2, '审核员');
  [deptA, deptB, deptTheirs] = await insertDepartments(t.db, t.company1, t.company2);
});

const { roleList, saveRole, deleteRole, saveStaff, setEnabled, staffRow, roleRow, editable } = staffCalls(t);
const staffList = (token: string, payload: object = {}) => t.post('/api/company/userInfo/list', token, payload);
const resetPassword = (token: string, id: number | string, payload: object) =>
  t.post(`/api/company/userInfo/resetPassword/${id}`, token, payload);
const userInfo = (token: string) => t.post('/api/admin/company/getCompanyUserInfo', token);
const login = (loginAccount: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/app/company/companyLogin', payload: { loginAccount, password } });

/** Everything these calls could change, to prove a refused call changed nothing. */
const snapshot = snapshotOf(t, { staff: staffUser, roles: sysRole, sessions: userSession, departments: sysOrg });
/** Makes the call and expects it refused with exactly this status and message, changing nothing. */
const expectRefused = (call: () => ReturnType<typeof t.post>, status: number, msg: string) =>
  expectRefusedUnchanged(snapshot, call, status, msg);
const FORBIDDEN = '您没有执行该操作的权限';

/** Adds a staff member through the API and answers the id. */
async function addStaff(payload: Record<string, unknown>) {
  const res = await saveStaff(t.admin, { password: 'Passw0rd2026', roleId: reviewRole1, ...payload });
  return savedId(res);
}
/** A page of the staff list, expected to succeed. */
const list = async (token: string, payload: object = {}) => {
  const res = await staffList(token, payload);
  expect(res.json()).toMatchObject({ code: 200, msg: '操作成功' });
  return res.json().data as { list: { id: number; loginAccount: string }[]; total: number };
};
/** The login accounts company 1's administrator finds with these filters. */
const accounts = async (payload: object) => (await list(t.admin, payload)).list.map((r) => r.loginAccount);

let managerRole: number; // 人事主管: staff:manage only

describe('sysRole/list', () => {
  it('answers the roles of the own company with how many staff hold each', async () => {
    const res = await roleList(t.admin);
    expect(res.json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: [
        { id: adminRole1, name: '单位管理员', permissions: ALL_PERMISSIONS, isAdmin: true, staffCount: 1 },
        {
          id: reviewRole1,
          name: '审核员',
          permissions: ['review:signup', 'review:written', 'review:audition', 'score:entry', 'talent:view'],
          isAdmin: false,
          staffCount: 1,
        },
      ],
    });
    expect((await roleList(t.shenhe)).json().data).toEqual(res.json().data);
    expect((await roleList(t.hospital)).json().data).toEqual([
      { id: adminRole2, name: '单位管理员', permissions: ALL_PERMISSIONS, isAdmin: true, staffCount: 1 },
      expect.objectContaining({ id: reviewRole2, name: '审核员', staffCount: 0 }),
    ]);
  });
});

describe('sysRole/save and delete', () => {
  it('adds a role with its name trimmed and permissions without repeats', async () => {
    const res = await saveRole(t.admin, { name: ' 人事主管 ', permissions: ['staff:manage', 'plan:edit', 'staff:manage'] });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: { id: expect.any(Number) } });
    managerRole = res.json().data.id;
    expect(await roleRow(managerRole)).toEqual({
      id: managerRole,
      companyId: t.company1,
      name: '人事主管',
      permissions: ['staff:manage', 'plan:edit'],
      isAdmin: false,
    });
    expect((await roleList(t.admin)).json().data[2]).toEqual({
      id: managerRole,
      name: '人事主管',
      permissions: ['staff:manage', 'plan:edit'],
      isAdmin: false,
      staffCount: 0,
    });
  });

  it('renames a role and replaces its permissions', async () => {
    const res = await saveRole(t.admin, { id: managerRole, name: '人事主管2', permissions: ['staff:manage'] });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: { id: managerRole } });
    expect(await roleRow(managerRole)).toEqual({
      id: managerRole,
      companyId: t.company1,
      name: '人事主管2',
      permissions: ['staff:manage'],
      isAdmin: false,
    });
    expect((await saveRole(t.admin, { id: managerRole, name: '人事主管', permissions: ['staff:manage'] })).json().code).toBe(200);
  });

  const badInputs: [string, object, string][] = [
    ['no name', { permissions: ['plan:edit'] }, '请输入角色名称'],
    ['a blank name', { name: '  ', permissions: ['plan:edit'] }, '请输入角色名称'],
    ['a name of 21 characters', { name: '角'.repeat(21), permissions: ['plan:edit'] }, '角色名称最长 20 个字'],
    ['no permissions', { name: '新角色' }, '请选择权限'],
    ['permissions that are not a list', { name: '新角色', permissions: 'plan:edit' }, '请选择权限'],
    ['an empty permission list', { name: '新角色', permissions: [] }, '请至少选择一项权限'],
    ['an unknown permission', { name: '新角色', permissions: ['plan:edit', 'root:all'] }, '权限不存在'],
    ['a permission that is not text', { name: '新角色', permissions: [7] }, '权限不存在'],
    ['an id that is not a number', { id: 'abc', name: '新角色', permissions: ['plan:edit'] }, '角色编号必须是数字'],
    ['an id of 0', { id: 0, name: '新角色', permissions: ['plan:edit'] }, '角色编号必须是正数'],
  ];
  for (const [what, payload, msg] of badInputs) {
    it(`refuses ${what} with “${msg}” and changes nothing`, async () => {
      await expectRefused(() => saveRole(t.admin, payload), 400, msg);
    });
  }

  it('refuses an unknown permission when editing too', async () => {
    await expectRefused(() => saveRole(t.admin, { id: managerRole, name: '人事主管', permissions: ['staff:all'] }), 400, '权限不存在');
  });

  it('refuses a duplicate role name with 409 and changes nothing', async () => {
    await expectRefused(() => saveRole(t.admin, { name: ' 审核员 ', permissions: ['plan:edit'] }), 409, '已有名为“审核员”的角色');
    await expectRefused(
      () => saveRole(t.admin, { id: managerRole, name: '审核员', permissions: ['staff:manage'] }),
      409,
      '已有名为“审核员”的角色',
    );
    // Another company may use the same name.
    const res = await saveRole(t.hospital, { name: '人事主管', permissions: ['plan:edit'] });
    expect(res.json().code).toBe(200);
    expect((await deleteRole(t.hospital, res.json().data.id)).json().code).toBe(200);
  });

  it('never edits or deletes the administrator role', async () => {
    await expectRefused(
      () => saveRole(t.admin, { id: adminRole1, name: '单位管理员', permissions: ['plan:edit'] }),
      409,
      '单位管理员角色拥有全部权限，不能修改',
    );
    await expectRefused(() => deleteRole(t.admin, adminRole1), 409, '单位管理员角色不能删除');
    await expectRefused(() => deleteRole(t.hospital, adminRole2), 409, '单位管理员角色不能删除');
  });

  it("answers 404 for another company's role or an unknown one, and leaves it unchanged", async () => {
    for (const [token, id] of [
      [t.admin, reviewRole2],
      [t.admin, adminRole2],
      [t.hospital, managerRole],
      [t.admin, 999999],
    ] as const) {
      await expectRefused(() => saveRole(token, { id, name: '改名了', permissions: ['plan:edit'] }), 404, '角色不存在');
      await expectRefused(() => deleteRole(token, id), 404, '角色不存在');
    }
  });

  it('refuses a user without staff:manage with 403 and changes nothing', async () => {
    await expectRefused(() => saveRole(t.shenhe, { name: '审核员的角色', permissions: ['plan:edit'] }), 403, FORBIDDEN);
    await expectRefused(
      () => saveRole(t.shenhe, { id: reviewRole1, name: '审核员', permissions: ALL_PERMISSIONS }),
      403,
      FORBIDDEN,
    );
    await expectRefused(() => deleteRole(t.shenhe, managerRole), 403, FORBIDDEN);
  });

  it('refuses to delete a role still in use, and deletes one nobody holds', async () => {
    await expectRefused(() => deleteRole(t.admin, reviewRole1), 409, '还有 1 名工作人员使用“审核员”角色，请先调整他们的角色');
    const spare = (await saveRole(t.admin, { name: '临时角色', permissions: ['talent:view'] })).json().data.id;
    const res = await deleteRole(t.admin, spare);
    expect(res.json()).toEqual({ code: 200, msg: '删除成功', data: null });
    expect(await roleRow(spare)).toBeUndefined();
    await expectRefused(() => deleteRole(t.admin, spare), 404, '角色不存在');
  });

  it('refuses a bad id when deleting', async () => {
    await expectRefused(() => deleteRole(t.admin, 'abc'), 400, '角色编号必须是数字');
    await expectRefused(() => deleteRole(t.admin, '-2'), 400, '角色编号必须是正数');
    await expectRefused(() => deleteRole(t.admin, '2147483648'), 400, '角色编号不正确');
  });
});

let zhangwei: number;

describe('userInfo/save', () => {
  it('adds a staff member who can then sign in with the given password', async () => {
    const res = await saveStaff(t.admin, {
      name: ' 张伟 ',
      loginAccount: 'zhangwei',
      phone: ' 13812345678 ',
      email: 'zhangwei@example.cn',
      departmentId: deptA,
      roleId: reviewRole1,
      password: 'Zhangwei2026',
    });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: { id: expect.any(Number) } });
    zhangwei = res.json().data.id;
    const { passwordHash, createdAt, updatedAt, ...row } = await staffRow(zhangwei);
    expect(row).toEqual({
      id: zhangwei,
      companyId: t.company1,
      roleId: reviewRole1,
      departmentId: deptA,
      loginAccount: 'zhangwei',
      name: '张伟',
      nickName: '张伟',
      userHead: '',
      phone: '13812345678',
      email: 'zhangwei@example.cn',
      enabled: true,
      passwordMustChange: true,
      linkedStaffId: null,
    });
    expect(passwordHash).not.toContain('Zhangwei2026');
    expect(createdAt).toBeInstanceOf(Date);
    expect(updatedAt).toBeInstanceOf(Date);

    const token = await t.login('zhangwei', 'Zhangwei2026');
    expect((await userInfo(token)).json().data).toMatchObject({
      id: zhangwei,
      name: '张伟',
      loginAccount: 'zhangwei',
      roleName: '审核员',
      company: { id: t.company1 },
    });
  });

  it('fills in defaults: no e-mail, no department, enabled', async () => {
    const id = await addStaff({ name: '默认值', loginAccount: 'defaults', phone: '19912345678' });
    expect(await staffRow(id)).toMatchObject({ email: '', departmentId: null, enabled: true, roleId: reviewRole1 });
    const disabled = await addStaff({ name: '停用的', loginAccount: 'disabled1', phone: '19912345679', enabled: false });
    expect(await staffRow(disabled)).toMatchObject({ enabled: false });
    expect((await login('disabled1', 'Passw0rd2026')).json()).toMatchObject({ code: 400, msg: '该账号已停用，请联系单位管理员' });
  });

  const newStaff = { name: '王五', loginAccount: 'wangwu', phone: '13512345678', roleId: 0, password: 'Passw0rd2026' };
  const passwordCases: [string, object, string][] = [
    ['no password', { password: undefined }, '请输入初始密码'],
    ['an empty password', { password: '' }, '密码至少 8 位'],
    ['a password of 7 characters', { password: 'abc1234' }, '密码至少 8 位'],
    ['a password without digits', { password: 'abcdefgh' }, '密码需同时包含字母和数字'],
    ['a password without letters', { password: '12345678' }, '密码需同时包含字母和数字'],
    ['a password of 65 characters', { password: `a${'1'.repeat(64)}` }, '密码最长 64 位'],
    ['a password that is not text', { password: 12345678 }, '请输入密码'],
  ];
  for (const [what, change, msg] of passwordCases) {
    it(`refuses to add a member with ${what} (“${msg}”) and changes nothing`, async () => {
      await expectRefused(() => saveStaff(t.admin, { ...newStaff, roleId: reviewRole1, ...change }), 400, msg);
    });
  }

  const fieldCases: [string, object, string][] = [
    ['no name', { name: undefined }, '请输入姓名'],
    ['a blank name', { name: '  ' }, '请输入姓名'],
    ['a name of 31 characters', { name: '名'.repeat(31) }, '姓名最长 30 个字'],
    ['no login account', { loginAccount: undefined }, '请输入登录账号'],
    ['a login account starting with a digit', { loginAccount: '1wangwu' }, '登录账号为 4 到 30 位字母、数字、下划线、点或短横线，以字母开头'],
    ['a login account of 3 characters', { loginAccount: 'wan' }, '登录账号为 4 到 30 位字母、数字、下划线、点或短横线，以字母开头'],
    ['a login account of 31 characters', { loginAccount: `w${'a'.repeat(30)}` }, '登录账号为 4 到 30 位字母、数字、下划线、点或短横线，以字母开头'],
    ['a login account with a space', { loginAccount: 'wang wu' }, '登录账号为 4 到 30 位字母、数字、下划线、点或短横线，以字母开头'],
    ['no phone', { phone: undefined }, '请输入手机号码'],
    ['a phone starting with 12', { phone: '12812345678' }, '请输入正确的手机号码'],
    ['a phone of 10 digits', { phone: '1381234567' }, '请输入正确的手机号码'],
    ['a phone of 12 digits', { phone: '138123456789' }, '请输入正确的手机号码'],
    ['a phone with a country code', { phone: '+8613812345678' }, '请输入正确的手机号码'],
    ['a bad e-mail', { email: 'wangwu@' }, '请输入正确的邮箱地址'],
    ['an e-mail of 101 characters', { email: `${'a'.repeat(90)}@example.cn` }, '邮箱最长 100 个字符'],
    ['an e-mail that is not text', { email: 5 }, '请输入正确的邮箱地址'],
    ['a department id that is not a number', { departmentId: 'abc' }, '部门编号必须是数字'],
    ['a department id of 0', { departmentId: 0 }, '部门编号必须是正数'],
    ['no role', { roleId: undefined }, '角色编号必须是数字'],
    ['a role id that is not a number', { roleId: 'abc' }, '角色编号必须是数字'],
    ['a fractional role id', { roleId: 1.5 }, '角色编号必须是整数'],
    ['an enabled flag that is not true or false', { enabled: 'yes' }, '状态不正确'],
    ['an id that is not a number', { id: 'abc' }, '工作人员编号必须是数字'],
    ['an id of 0', { id: 0 }, '工作人员编号必须是正数'],
    ['an id beyond the integer range', { id: 2147483648 }, '工作人员编号不正确'],
  ];
  for (const [what, change, msg] of fieldCases) {
    it(`refuses ${what} (“${msg}”) when adding and when editing, and changes nothing`, async () => {
      await expectRefused(() => saveStaff(t.admin, { ...newStaff, roleId: reviewRole1, ...change }), 400, msg);
      await expectRefused(async () => saveStaff(t.admin, { ...(await editable(zhangwei)), ...change }), 400, msg);
    });
  }

  it('refuses a login account already used, in this or another company, with 409', async () => {
    for (const account of ['shenhe', 'hospital']) {
      const msg = `登录账号“${account}”已被使用，请换一个`;
      await expectRefused(() => saveStaff(t.admin, { ...newStaff, roleId: reviewRole1, loginAccount: account }), 409, msg);
      await expectRefused(async () => saveStaff(t.admin, { ...(await editable(zhangwei)), loginAccount: account }), 409, msg);
    }
  });

  it('refuses a department or role of another company, or an unknown one', async () => {
    for (const departmentId of [deptTheirs, 999999]) {
      await expectRefused(() => saveStaff(t.admin, { ...newStaff, roleId: reviewRole1, departmentId }), 400, '部门不存在');
      await expectRefused(async () => saveStaff(t.admin, { ...(await editable(zhangwei)), departmentId }), 400, '部门不存在');
    }
    for (const roleId of [reviewRole2, adminRole2, 999999]) {
      await expectRefused(() => saveStaff(t.admin, { ...newStaff, roleId }), 400, '角色不存在');
      await expectRefused(async () => saveStaff(t.admin, { ...(await editable(zhangwei)), roleId }), 400, '角色不存在');
    }
  });

  it('edits every field, keeping the password and the open sessions', async () => {
    const token = await t.login('zhangwei', 'Zhangwei2026');
    const before = await staffRow(zhangwei);
    const res = await saveStaff(t.admin, {
      id: zhangwei,
      name: '张伟伟',
      loginAccount: 'zhang.weiwei',
      phone: '15012345678',
      email: '',
      departmentId: deptB,
      roleId: managerRole,
      enabled: true,
      // Only used when adding; editing never changes the password.
      password: 'Ignored2026',
    });
    expect(res.json()).toEqual({ code: 200, msg: '保存成功', data: { id: zhangwei } });
    const { updatedAt, ...row } = await staffRow(zhangwei);
    expect(row).toEqual({
      ...before,
      updatedAt: undefined,
      name: '张伟伟',
      nickName: '张伟伟',
      loginAccount: 'zhang.weiwei',
      phone: '15012345678',
      email: '',
      departmentId: deptB,
      roleId: managerRole,
    } as typeof row);
    expect(updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect((await userInfo(token)).json().data).toMatchObject({ name: '张伟伟', roleName: '人事主管', permissions: ['staff:manage'] });
    expect((await login('zhang.weiwei', 'Zhangwei2026')).json().code).toBe(200);
    expect((await login('zhang.weiwei', 'Ignored2026')).json().code).toBe(400);
  });

  it("answers 404 for another company's staff member or an unknown one, and leaves it unchanged", async () => {
    const theirs = { ...(await editable(t.hospitalId)), roleId: reviewRole1, departmentId: deptA, name: '被改了' };
    await expectRefused(() => saveStaff(t.admin, theirs), 404, '工作人员不存在');
    await expectRefused(async () => saveStaff(t.hospital, { ...(await editable(zhangwei)), roleId: reviewRole2, departmentId: null }), 404, '工作人员不存在');
    await expectRefused(async () => saveStaff(t.admin, { ...(await editable(zhangwei)), id: 999999 }), 404, '工作人员不存在');
    expect((await userInfo(t.hospital)).json().data.name).toBe('陈静');
  });

  it('refuses a user without staff:manage with 403 and changes nothing', async () => {
    await expectRefused(() => saveStaff(t.shenhe, { ...newStaff, roleId: reviewRole1 }), 403, FORBIDDEN);
    await expectRefused(async () => saveStaff(t.shenhe, { ...(await editable(t.shenheId)), roleId: adminRole1 }), 403, FORBIDDEN);
  });
});

describe('userInfo/list', () => {
  /** Company 1's staff added for the list, newest last. */
  const people: Record<string, number> = {};
  const add = async (loginAccount: string, payload: Record<string, unknown>) => {
    people[loginAccount] = await addStaff({ loginAccount, ...payload });
  };
  beforeAll(async () => {
    // Start from the two seeded members only.
    const added = (
      await t.db
        .select({ id: staffUser.id })
        .from(staffUser)
        .where(and(eq(staffUser.companyId, t.company1), notInArray(staffUser.id, [t.adminId, t.shenheId])))
    ).map((r) => r.id);
    if (added.length > 0) {
      await t.db.delete(userSession).where(inArray(userSession.userId, added));
      await t.db.delete(staffUser).where(inArray(staffUser.id, added));
    }
    await add('li_na', { name: '李娜娜', phone: '13900000001', departmentId: deptA });
    await add('lixiaolong', { name: '李小龙', phone: '13900000002', departmentId: deptB, enabled: false });
    await add('wang.fang', { name: '王芳', phone: '13700000003', departmentId: deptA, roleId: managerRole, email: 'wf@example.cn' });
    await add('zhao-lei', { name: '赵磊%', phone: '13600000004' });
    await add('liuyang', { name: '刘洋', phone: '15800000005' });
  });

  it('is only for users with staff:manage, since it shows colleagues’ phones and e-mails', async () => {
    const res = await staffList(t.shenhe);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: '您没有执行该操作的权限' });
  });

  it('answers the own company’s staff, newest first, with department and role names', async () => {
    const page = await list(t.admin);
    expect(page.total).toBe(7);
    expect(page.list.map((r) => r.loginAccount)).toEqual(['liuyang', 'zhao-lei', 'wang.fang', 'lixiaolong', 'li_na', 'shenhe', 'admin']);
    const rows = await t.db.select().from(staffUser).where(eq(staffUser.companyId, t.company1));
    const created = (id: number) => rows.find((r) => r.id === id)!.createdAt.toISOString();
    expect(page.list[2]).toEqual({
      id: people['wang.fang'],
      name: '王芳',
      loginAccount: 'wang.fang',
      phone: '13700000003',
      email: 'wf@example.cn',
      departmentId: deptA,
      departmentName: '人事部',
      roleId: managerRole,
      roleName: '人事主管',
      enabled: true,
      createdAt: created(people['wang.fang']!),
    });
    expect(page.list[6]).toEqual({
      id: t.adminId,
      name: '王敏',
      loginAccount: 'admin',
      phone: '13874851234',
      email: 'wangmin@xiangjiang-hr.example.cn',
      departmentId: null,
      departmentName: '',
      roleId: adminRole1,
      roleName: '单位管理员',
      enabled: true,
      createdAt: created(t.adminId),
    });
    expect(page.list[3]).toMatchObject({ loginAccount: 'lixiaolong', departmentName: '财务部', roleName: '审核员', enabled: false });

    const theirs = await list(t.hospital);
    expect(theirs).toEqual({ total: 1, list: [expect.objectContaining({ id: t.hospitalId, loginAccount: 'hospital' })] });
  });

  it('pages with pageNum and pageSize, keeping the total', async () => {
    const all = (await list(t.admin)).list.map((r) => r.id);
    expect(await list(t.admin, { pageNum: 1, pageSize: 3 })).toMatchObject({ total: 7, list: all.slice(0, 3).map((id) => ({ id })) });
    expect(await list(t.admin, { pageNum: 2, pageSize: 3 })).toMatchObject({ total: 7, list: all.slice(3, 6).map((id) => ({ id })) });
    expect(await list(t.admin, { pageNum: 3, pageSize: 3 })).toMatchObject({ total: 7, list: all.slice(6).map((id) => ({ id })) });
    expect(await list(t.admin, { pageNum: 4, pageSize: 3 })).toEqual({ total: 7, list: [] });
    expect((await list(t.admin, { pageNum: '2', pageSize: '5' })).list.map((r) => r.id)).toEqual(all.slice(5));
  });

  it('searches name, account and phone, case-insensitively, with % and _ taken literally', async () => {
    expect(await accounts({ keyword: '李' })).toEqual(['lixiaolong', 'li_na', 'shenhe']);
    expect(await accounts({ keyword: 'LI' })).toEqual(['liuyang', 'lixiaolong', 'li_na']);
    expect(await accounts({ keyword: '139000000' })).toEqual(['lixiaolong', 'li_na']);
    expect(await accounts({ keyword: '13907314567' })).toEqual(['shenhe']);
    expect(await accounts({ keyword: '  王芳 ' })).toEqual(['wang.fang']);
    expect(await accounts({ keyword: '%' })).toEqual(['zhao-lei']);
    expect(await accounts({ keyword: '_' })).toEqual(['li_na']);
    expect(await accounts({ keyword: 'i_n' })).toEqual(['li_na']);
    expect(await accounts({ keyword: '\\' })).toEqual([]);
    expect(await list(t.admin, { keyword: '0000000', pageSize: 2 })).toMatchObject({ total: 5, list: [{}, {}] });
    // Another company's staff never match.
    expect(await accounts({ keyword: 'hospital' })).toEqual([]);
  });

  it('filters by department, role and enabled, alone and together', async () => {
    expect(await accounts({ departmentId: deptA })).toEqual(['wang.fang', 'li_na']);
    expect(await accounts({ departmentId: deptB })).toEqual(['lixiaolong']);
    expect(await accounts({ roleId: managerRole })).toEqual(['wang.fang']);
    expect(await accounts({ roleId: adminRole1 })).toEqual(['admin']);
    expect(await accounts({ enabled: false })).toEqual(['lixiaolong']);
    expect((await list(t.admin, { enabled: true })).total).toBe(6);
    expect(await accounts({ departmentId: deptA, roleId: reviewRole1 })).toEqual(['li_na']);
    expect(await accounts({ keyword: '李', enabled: true })).toEqual(['li_na', 'shenhe']);
    expect(await list(t.admin, { departmentId: deptTheirs })).toEqual({ total: 0, list: [] });
    expect(await list(t.admin, { roleId: reviewRole2 })).toEqual({ total: 0, list: [] });
  });

  const badInputs: [string, object, string][] = [
    ['a page number of 0', { pageNum: 0 }, '页码最小为 1'],
    ['a page number that is not a number', { pageNum: 'abc' }, '页码必须是数字'],
    ['a fractional page number', { pageNum: 1.5 }, '页码必须是整数'],
    ['a page size of 0', { pageSize: 0 }, '每页条数最小为 1'],
    ['a page size of 201', { pageSize: 201 }, '每页最多 200 条'],
    ['a page size that is not a number', { pageSize: 'abc' }, '每页条数必须是数字'],
    ['a keyword of 51 characters', { keyword: '关'.repeat(51) }, '关键词最长 50 个字'],
    ['a keyword that is not text', { keyword: 5 }, '关键词必须是文字'],
    ['a department id that is not a number', { departmentId: 'abc' }, '部门编号必须是数字'],
    ['a role id below 1', { roleId: -1 }, '角色编号必须是正数'],
    ['an enabled flag given as text', { enabled: 'true' }, '状态不正确'],
  ];
  for (const [what, payload, msg] of badInputs) {
    it(`refuses ${what} with “${msg}”`, async () => {
      await expectRefused(() => staffList(t.admin, payload), 400, msg);
    });
  }

  it('counts the staff of each role in the role list', async () => {
    const roles = (await roleList(t.admin)).json().data as { id: number; staffCount: number }[];
    expect(roles.map((r) => [r.id, r.staffCount])).toEqual([
      [adminRole1, 1],
      [reviewRole1, 5],
      [managerRole, 1],
    ]);
  });
});

describe('disabling and enabling', () => {
  let liuyang: number;
  beforeAll(async () => {
    [{ id: liuyang }] = (await t.db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.loginAccount, 'liuyang'))) as [
      { id: number },
    ];
  });

  it("setEnabled false ends the member's sessions at once and refuses their login; true lets them in again", async () => {
    const token = await t.login('liuyang', 'Passw0rd2026');
    const second = await t.login('liuyang', 'Passw0rd2026');
    expect((await userInfo(token)).json().code).toBe(200);

    const res = await setEnabled(t.admin, liuyang, { enabled: false });
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: null });
    expect(await staffRow(liuyang)).toMatchObject({ enabled: false });
    for (const tk of [token, second]) {
      const info = await userInfo(tk);
      expect(info.statusCode).toBe(401);
      expect(info.json()).toEqual(ENDED);
    }
    expect((await t.post('/api/company/sysOrg/treeList', token)).json().code).toBe(50012);
    const sessions = await t.db.select().from(userSession).where(eq(userSession.userId, liuyang));
    expect(sessions.map((s) => [s.endReason, s.endedAt instanceof Date])).toEqual([
      ['elsewhere', true],
      ['elsewhere', true],
    ]);
    expect((await login('liuyang', 'Passw0rd2026')).json()).toEqual({ code: 400, msg: '该账号已停用，请联系单位管理员', data: null });
    // Nobody else was signed out.
    expect((await userInfo(t.admin)).json().code).toBe(200);
    expect((await userInfo(t.shenhe)).json().code).toBe(200);

    expect((await setEnabled(t.admin, liuyang, { enabled: true })).json()).toEqual({ code: 200, msg: '操作成功', data: null });
    expect(await staffRow(liuyang)).toMatchObject({ enabled: true });
    const again = await t.login('liuyang', 'Passw0rd2026');
    expect((await userInfo(again)).json().code).toBe(200);
    // The ended sessions stay ended.
    expect((await userInfo(token)).json()).toEqual(ENDED);
  });

  it('save with enabled:false does the same, and save with enabled:true re-enables', async () => {
    const token = await t.login('liuyang', 'Passw0rd2026');
    const res = await saveStaff(t.admin, { ...(await editable(liuyang)), enabled: false });
    expect(res.json().code).toBe(200);
    expect(await staffRow(liuyang)).toMatchObject({ enabled: false });
    expect((await userInfo(token)).json()).toEqual(ENDED);
    expect((await login('liuyang', 'Passw0rd2026')).json().msg).toBe('该账号已停用，请联系单位管理员');

    expect((await saveStaff(t.admin, { ...(await editable(liuyang)), enabled: true })).json().code).toBe(200);
    const again = await t.login('liuyang', 'Passw0rd2026');
    expect((await userInfo(again)).json().code).toBe(200);
    expect((await userInfo(token)).json()).toEqual(ENDED);
  });

  it('refuses to disable oneself, by setEnabled or by save', async () => {
    await expectRefused(() => setEnabled(t.admin, t.adminId, { enabled: false }), 409, '不能停用自己的账号');
    await expectRefused(async () => saveStaff(t.admin, { ...(await editable(t.adminId)), enabled: false }), 409, '不能停用自己的账号');
    await expectRefused(() => setEnabled(t.hospital, t.hospitalId, { enabled: false }), 409, '不能停用自己的账号');
    expect((await userInfo(t.admin)).json().code).toBe(200);
  });

  it('refuses bad input with its Chinese message and changes nothing', async () => {
    await expectRefused(() => setEnabled(t.admin, liuyang, {}), 400, '状态不正确');
    await expectRefused(() => setEnabled(t.admin, liuyang, { enabled: 'false' }), 400, '状态不正确');
    await expectRefused(() => setEnabled(t.admin, liuyang, { enabled: 0 }), 400, '状态不正确');
    await expectRefused(() => setEnabled(t.admin, 'abc', { enabled: false }), 400, '工作人员编号必须是数字');
    await expectRefused(() => setEnabled(t.admin, '0', { enabled: false }), 400, '工作人员编号必须是正数');
    await expectRefused(() => setEnabled(t.admin, '2147483648', { enabled: false }), 400, '工作人员编号不正确');
  });

  it('refuses a user without staff:manage with 403 and changes nothing', async () => {
    const token = await t.login('liuyang', 'Passw0rd2026');
    await expectRefused(() => setEnabled(t.shenhe, liuyang, { enabled: false }), 403, FORBIDDEN);
    await expectRefused(() => setEnabled(t.shenhe, t.adminId, { enabled: false }), 403, FORBIDDEN);
    expect((await userInfo(token)).json().code).toBe(200);
  });

  it("answers 404 for another company's staff member or an unknown one, and leaves it enabled", async () => {
    await expectRefused(() => setEnabled(t.admin, t.hospitalId, { enabled: false }), 404, '工作人员不存在');
    await expectRefused(() => setEnabled(t.hospital, t.shenheId, { enabled: false }), 404, '工作人员不存在');
    await expectRefused(() => setEnabled(t.admin, 999999, { enabled: false }), 404, '工作人员不存在');
    expect((await userInfo(t.hospital)).json().code).toBe(200);
    expect((await userInfo(t.shenhe)).json().code).toBe(200);
  });
});

describe('the last enabled administrator', () => {
  let manager: string; // 人事主管 wang.fang, who holds staff:manage but is no administrator
  let deputy: number; // li_na, made a second administrator below
  beforeAll(async () => {
    // 人事主管 has replaced the initial password with her own (the same words, for the test)
    await t.db.update(staffUser).set({ passwordMustChange: false }).where(eq(staffUser.loginAccount, 'wang.fang'));
    manager = await t.login('wang.fang', 'Passw0rd2026');
    const [row] = await t.db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.loginAccount, 'li_na'));
    deputy = row!.id;
  });

  it('cannot be disabled or moved to a non-admin role', async () => {
    await expectRefused(() => setEnabled(manager, t.adminId, { enabled: false }), 409, LAST_ADMIN);
    await expectRefused(async () => saveStaff(manager, { ...(await editable(t.adminId)), enabled: false }), 409, LAST_ADMIN);
    await expectRefused(async () => saveStaff(manager, { ...(await editable(t.adminId)), roleId: reviewRole1 }), 409, LAST_ADMIN);
    await expectRefused(async () => saveStaff(t.admin, { ...(await editable(t.adminId)), roleId: managerRole }), 409, LAST_ADMIN);
    await expectRefused(async () => saveStaff(t.hospital, { ...(await editable(t.hospitalId)), roleId: reviewRole2 }), 409, LAST_ADMIN);
    expect((await userInfo(t.admin)).json().data).toMatchObject({ roleId: adminRole1 });
  });

  it('can be disabled once another administrator is enabled, who then becomes the last one', async () => {
    expect((await saveStaff(t.admin, { ...(await editable(deputy)), roleId: adminRole1 })).json().code).toBe(200);
    // Even with another administrator left, nobody disables their own account.
    await expectRefused(() => setEnabled(t.admin, t.adminId, { enabled: false }), 409, '不能停用自己的账号');
    await expectRefused(async () => saveStaff(t.admin, { ...(await editable(t.adminId)), enabled: false }), 409, '不能停用自己的账号');
    const res = await setEnabled(manager, t.adminId, { enabled: false });
    expect(res.json().code).toBe(200);
    expect((await userInfo(t.admin)).json()).toEqual(ENDED);

    // A disabled administrator does not count.
    await expectRefused(() => setEnabled(manager, deputy, { enabled: false }), 409, LAST_ADMIN);
    await expectRefused(async () => saveStaff(manager, { ...(await editable(deputy)), roleId: reviewRole1 }), 409, LAST_ADMIN);

    expect((await setEnabled(manager, t.adminId, { enabled: true })).json().code).toBe(200);
    t.admin = await t.login('admin');
    expect((await saveStaff(t.admin, { ...(await editable(deputy)), roleId: reviewRole1 })).json().code).toBe(200);
    expect(await staffRow(deputy)).toMatchObject({ roleId: reviewRole1, enabled: true });
  });

  const addDepartment = () => t.post('/api/company/sysOrg/save', manager, { name: '主管建的部门' });

  it("applies a role's new permissions to its holders at once", async () => {
    expect((await addDepartment()).json().code).toBe(403);
    expect((await saveRole(t.admin, { id: managerRole, name: '人事主管', permissions: ['staff:manage', 'org:manage'] })).json().code).toBe(200);
    const res = await addDepartment();
    expect(res.json().code).toBe(200);
    await t.db.delete(sysOrg).where(and(eq(sysOrg.id, res.json().data.id), eq(sysOrg.companyId, t.company1)));
  });

  it("applies a member's new role at once", async () => {
    await t.db.update(staffUser).set({ passwordMustChange: false }).where(eq(staffUser.loginAccount, 'li_na'));
    const token = await t.login('li_na', 'Passw0rd2026');
    const addAs = () => t.post('/api/company/sysOrg/save', token, { name: '李娜建的部门' });
    expect((await addAs()).json()).toMatchObject({ code: 403, msg: '您没有执行该操作的权限' });
    expect((await saveStaff(t.admin, { ...(await editable(deputy)), roleId: managerRole })).json().code).toBe(200);
    const res = await addAs();
    expect(res.json().code).toBe(200);
    await t.db.delete(sysOrg).where(and(eq(sysOrg.id, res.json().data.id), eq(sysOrg.companyId, t.company1)));
    expect((await saveStaff(t.admin, { ...(await editable(deputy)), roleId: reviewRole1 })).json().code).toBe(200);
    expect((await addAs()).json()).toMatchObject({ code: 403, msg: '您没有执行该操作的权限' });
  });
});

describe('userInfo/resetPassword', () => {
  let liuyang: number;
  beforeAll(async () => {
    const [row] = await t.db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.loginAccount, 'liuyang'));
    liuyang = row!.id;
  });

  it('sets the new password, unlocks the account and ends its sessions', async () => {
    const token = await t.login('liuyang', 'Passw0rd2026');
    const second = await t.login('liuyang', 'Passw0rd2026');
    for (const tk of [token, second]) expect((await userInfo(tk)).json().code).toBe(200);
    const lockedUntil = new Date(Date.now() + 10 * 60_000);
    await t.db.insert(loginAttempt).values([
      { loginAccount: 'liuyang', client: '127.0.0.1', attempts: 5, lockedUntil },
      { loginAccount: 'liuyang', client: '203.0.113.9', attempts: 3 },
    ]);
    const before = await staffRow(liuyang);

    const res = await resetPassword(t.admin, liuyang, { newPassword: 'Reset2026x' });
    expect(res.json()).toEqual({ code: 200, msg: '密码已重置', data: null });
    const after = await staffRow(liuyang);
    expect(after).toMatchObject({ enabled: true });
    expect(await t.db.select().from(loginAttempt).where(eq(loginAttempt.loginAccount, 'liuyang'))).toEqual([]);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    for (const tk of [token, second]) expect((await userInfo(tk)).json()).toEqual(ENDED);
    expect((await userInfo(t.admin)).json().code).toBe(200);

    expect((await login('liuyang', 'Passw0rd2026')).json()).toMatchObject({ code: 400, msg: '账号或密码错误，再错 4 次账号将锁定 15 分钟' });
    const fresh = await t.login('liuyang', 'Reset2026x');
    expect((await userInfo(fresh)).json().data).toMatchObject({ id: liuyang, loginAccount: 'liuyang' });
  });

  const badInputs: [string, object, string][] = [
    ['no new password', {}, '请输入密码'],
    ['a password of 7 characters', { newPassword: 'abc1234' }, '密码至少 8 位'],
    ['a password without digits', { newPassword: 'abcdefgh' }, '密码需同时包含字母和数字'],
    ['a password of 65 characters', { newPassword: `a${'1'.repeat(64)}` }, '密码最长 64 位'],
    ['a password that is not text', { newPassword: 12345678 }, '请输入密码'],
  ];
  for (const [what, payload, msg] of badInputs) {
    it(`refuses ${what} with “${msg}” and changes nothing`, async () => {
      const token = await t.login('liuyang', 'Reset2026x');
      await expectRefused(() => resetPassword(t.admin, liuyang, payload), 400, msg);
      expect((await userInfo(token)).json().code).toBe(200);
    });
  }

  it('refuses a bad id with its Chinese message', async () => {
    await expectRefused(() => resetPassword(t.admin, 'abc', { newPassword: 'Reset2026y' }), 400, '工作人员编号必须是数字');
    await expectRefused(() => resetPassword(t.admin, '0', { newPassword: 'Reset2026y' }), 400, '工作人员编号必须是正数');
  });

  it('refuses a user without staff:manage with 403 and changes nothing', async () => {
    await expectRefused(() => resetPassword(t.shenhe, liuyang, { newPassword: 'Reset2026y' }), 403, FORBIDDEN);
    await expectRefused(() => resetPassword(t.shenhe, t.adminId, { newPassword: 'Reset2026y' }), 403, FORBIDDEN);
    expect((await login('liuyang', 'Reset2026x')).json().code).toBe(200);
  });

  it("answers 404 for another company's staff member or an unknown one, and leaves its password and sessions", async () => {
    await expectRefused(() => resetPassword(t.admin, t.hospitalId, { newPassword: 'Reset2026y' }), 404, '工作人员不存在');
    await expectRefused(() => resetPassword(t.hospital, liuyang, { newPassword: 'Reset2026y' }), 404, '工作人员不存在');
    await expectRefused(() => resetPassword(t.admin, 999999, { newPassword: 'Reset2026y' }), 404, '工作人员不存在');
    expect((await userInfo(t.hospital)).json().code).toBe(200);
    expect((await login('hospital', DEMO_PASSWORD)).json().code).toBe(200);
    expect((await login('liuyang', 'Reset2026x')).json().code).toBe(200);
  });
});
