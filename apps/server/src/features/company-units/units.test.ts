import {
  UNIT_MISSING, addSubordinateCompany, companyInfoDetail, getCompanyUserInfo, planList, resetStaffPassword,
  saveSubordinateCompany, setStaffEnabled, staffList, updatePassword,
} from '@zhaokao/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { company, companyWallet, recruitmentPlan, staffUser, sysRole, userSession } from '../../db/tables.js';
import { DEMO_UNIT } from '../../seed/demo-units.js';
import { DEMO_PASSWORD, expectError, expectRefusedUnchanged, snapshotOf, staffWith, useTestApp } from '../../test/app.js';
import { newUnit, unitCalls } from './units.support.js';

const t = useTestApp();
const snapshot = snapshotOf(t, { company, role: sysRole, staff: staffUser });

/** The demo unit of company 1 (湘江人力资源服务集团株洲分公司) and its own administrator's token. */
let unitId: number;
let unitAdmin: string;

const { list, switchTo } = unitCalls(t);

const day = (n: number) => new Date(Date.now() + n * 86_400_000);

beforeAll(async () => {
  const [unit] = await t.db.select().from(company).where(eq(company.name, DEMO_UNIT.name));
  unitId = unit!.id;
  expect(unit!.parentId).toBe(t.company1);
  unitAdmin = await t.login(DEMO_UNIT.admin.loginAccount);
  // company 1 has a plan; the unit has none
  await t.db.insert(recruitmentPlan).values({
    companyId: t.company1,
    name: '总部的招录计划',
    signUpStartDate: day(1),
    signUpEndDate: day(2),
    writtenStartDate: day(3),
    auditionStartDate: day(4),
  });
});

describe('公司管理: the list', () => {
  it('shows the headquarters first, then its units, with staff and plan counts', async () => {
    const rows = await list(t.admin);
    expect(rows.map((r) => [r.id, r.headquarters, r.current, r.entered])).toEqual([
      [t.company1, true, true, false],
      [unitId, false, false, false],
    ]);
    expect(rows[0]).toMatchObject({ name: '湘江人力资源服务集团有限公司', industryName: '人力资源服务', staffCount: 2, planCount: 1 });
    expect(rows[1]).toMatchObject({ name: DEMO_UNIT.name, address: DEMO_UNIT.address, staffCount: 1, planCount: 0 });
    // without company:edit the list is still shown
    expect((await list(t.shenhe)).map((r) => r.id)).toEqual([t.company1, unitId]);
  });

  it('a unit’s own staff and another company see their own company only', async () => {
    expect((await list(unitAdmin)).map((r) => [r.id, r.headquarters, r.current])).toEqual([[unitId, false, true]]);
    expect((await list(t.hospital)).map((r) => r.id)).toEqual([t.company2]);
  });
});

describe('公司管理: adding a unit', () => {
  it('adds a unit with its administrator, who signs in to it', async () => {
    const res = await t.call(addSubordinateCompany, { ...newUnit('岳阳', 'yueyang'), name: '  湘江人力资源服务集团岳阳分公司 ' }, { token: t.admin });
    expect(res).toMatchObject({ status: 200, msg: '下属单位已新增' });
    const id = res.data.id;
    const [row] = await t.db.select().from(company).where(eq(company.id, id));
    expect(row).toMatchObject({ parentId: t.company1, name: '湘江人力资源服务集团岳阳分公司', industry: 'hr_service' });
    expect(await t.db.select().from(companyWallet).where(eq(companyWallet.companyId, id))).toHaveLength(1);
    const own = await t.login('yueyang', 'Unit2026pass');
    expect((await t.call(getCompanyUserInfo, {}, { token: own })).data).toMatchObject({
      name: '刘洋',
      roleName: '单位管理员',
      company: { id, name: '湘江人力资源服务集团岳阳分公司' },
    });
    expect((await list(own)).map((r) => r.id)).toEqual([id]);
  });

  it('refuses bad input with its Chinese message and adds nothing', async () => {
    const ok = newUnit('错误');
    for (const [input, code, msg] of [
      [{ ...ok, name: ' ' }, 400, '单位名称至少 2 个字'],
      [{ ...ok, name: undefined }, 400, '请输入单位名称'],
      [{ ...ok, name: '长'.repeat(61) }, 400, '单位名称最长 60 个字'],
      [{ ...ok, industry: '' }, 400, '请选择所属行业'],
      [{ ...ok, industry: 'no_such' }, 400, '所属行业不存在，请从列表中选择'],
      [{ ...ok, address: '' }, 400, '请输入单位地址'],
      [{ ...ok, adminLoginAccount: '1abc' }, 400, '登录账号为 4 到 30 位字母、数字、下划线、点或短横线，以字母开头'],
      [{ ...ok, adminName: '' }, 400, '请输入姓名'],
      [{ ...ok, adminPhone: '123' }, 400, '请输入正确的手机号码'],
      [{ ...ok, adminPassword: 'short1' }, 400, '密码至少 8 位'],
      [{ ...ok, adminPassword: undefined }, 400, '请输入密码'],
      [{ ...ok, adminLoginAccount: 'shenhe' }, 409, '登录账号“shenhe”已被使用，请换一个'],
      [{ ...ok, name: DEMO_UNIT.name }, 409, `已有名为“${DEMO_UNIT.name}”的单位，请换一个名称`],
      [{ ...ok, name: '湘江人力资源服务集团有限公司' }, 409, '已有名为“湘江人力资源服务集团有限公司”的单位，请换一个名称'],
    ] as const) {
      await expectRefusedUnchanged(snapshot, () => t.post('/api/admin/company/addSubordinateCompany', t.admin, input), code, msg);
    }
  });

  it('the same name under another headquarters is fine; a unit cannot add units', async () => {
    const res = await t.call(addSubordinateCompany, { ...newUnit('同名'), adminLoginAccount: 'hospital_unit' }, { token: t.hospital });
    expect(res.status).toBe(200);
    await expectRefusedUnchanged(
      snapshot,
      () => t.call(addSubordinateCompany, newUnit('孙'), { token: unitAdmin }),
      403,
      '下属单位不能再新增下属单位，请返回总部操作',
    );
  });

  it('without company:edit: 403', async () => {
    await expectRefusedUnchanged(snapshot, () => t.call(addSubordinateCompany, newUnit('无权'), { token: t.shenhe }), 403, '您没有执行该操作的权限');
  });
});

describe('公司管理: editing a unit', () => {
  it('edits a unit of mine; another company’s unit or company answers 404', async () => {
    const added = (await t.call(addSubordinateCompany, newUnit('衡阳'), { token: t.admin })).data.id;
    const edit = { id: added, name: '湘江人力资源服务集团衡阳分公司（新）', industry: 'hr_service', address: '湖南省衡阳市' };
    expect(await t.call(saveSubordinateCompany, edit, { token: t.admin })).toMatchObject({ status: 200, msg: '保存成功' });
    expect((await list(t.admin)).find((r) => r.id === added)).toMatchObject({ name: edit.name, address: '湖南省衡阳市' });
    for (const [token, id] of [
      [t.hospital, added],
      [unitAdmin, added],
      [t.admin, t.company2],
      [t.admin, t.company1],
      [t.admin, 999999],
    ] as const) {
      await expectRefusedUnchanged(snapshot, () => t.call(saveSubordinateCompany, { ...edit, id }, { token }), 404, UNIT_MISSING);
    }
    await expectRefusedUnchanged(
      snapshot,
      () => t.call(saveSubordinateCompany, { ...edit, name: DEMO_UNIT.name }, { token: t.admin }),
      409,
      `已有名为“${DEMO_UNIT.name}”的单位，请换一个名称`,
    );
    expectError(await t.post('/api/admin/company/unit/save/abc', t.admin, edit), 400, '单位编号必须是数字');
  });
});

describe('公司管理: entering a unit and returning', () => {
  it('enters the unit as a linked account, sees the unit’s data only, and returns to the headquarters', async () => {
    const hqToken = await t.login('admin');
    const entered = await switchTo(hqToken, unitId);
    expect(entered).toMatchObject({ status: 200, msg: '已切换单位', data: { company: { id: unitId, name: DEMO_UNIT.name } } });
    const unitToken = entered.data.token;
    // the old session is over; the demo admin's other sessions are not
    expect((await t.call(companyInfoDetail, {}, { token: hqToken })).code).toBe(50008);
    expect((await t.call(companyInfoDetail, {}, { token: t.admin })).data.id).toBe(t.company1);

    const me = (await t.call(getCompanyUserInfo, {}, { token: unitToken })).data;
    expect(me).toMatchObject({ name: '王敏', company: { id: unitId, name: DEMO_UNIT.name }, roleName: '单位管理员' });
    expect((await t.call(companyInfoDetail, {}, { token: unitToken })).data.name).toBe(DEMO_UNIT.name);
    expect((await t.call(planList, {}, { token: unitToken })).data.total).toBe(0);
    expect((await t.call(planList, {}, { token: t.admin })).data.total).toBe(1);
    const unitStaff = (await t.call(staffList, {}, { token: unitToken })).data.list.map((r) => r.name);
    expect(unitStaff.sort()).toEqual(['周婷', '王敏'].sort());

    // the list, as the linked account sees it
    const rows = await list(unitToken);
    expect(rows.map((r) => [r.id, r.current, r.entered])).toEqual(
      expect.arrayContaining([
        [t.company1, false, false],
        [unitId, true, true],
      ]),
    );
    expect(rows[0]!.id).toBe(t.company1);

    const back = await switchTo(unitToken, t.company1);
    expect(back).toMatchObject({ status: 200, data: { id: t.adminId, company: { id: t.company1 } } });
    expect((await t.call(companyInfoDetail, {}, { token: unitToken })).code).toBe(50008);
    expect((await t.call(planList, {}, { token: back.data.token })).data.total).toBe(1);

    // the second entry uses the same linked account
    const again = await switchTo(back.data.token, unitId);
    expect(again.data.id).toBe(me.id);
    expect(await t.db.select().from(staffUser).where(isNotNull(staffUser.linkedStaffId))).toHaveLength(1);
    expect((await list(t.admin)).find((r) => r.id === unitId)).toMatchObject({ entered: true, staffCount: 1 });
  });

  it('a linked account cannot sign in with a password, even one its unit gave it', async () => {
    const [linked] = await t.db
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.companyId, unitId), eq(staffUser.linkedStaffId, t.adminId)));
    expect(linked!.loginAccount).not.toMatch(/^[A-Za-z][A-Za-z0-9_.-]{3,29}$/);
    expect(await t.call(resetStaffPassword, { id: linked!.id, newPassword: 'Linked2026pass' }, { token: unitAdmin })).toMatchObject({ status: 200 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/company/companyLogin',
      payload: { loginAccount: linked!.loginAccount, password: 'Linked2026pass' },
    });
    expect(res.json()).toMatchObject({ code: 400, msg: expect.stringContaining('账号或密码错误') });
    // nor change a password it does not have
    const unitToken = (await switchTo(await t.login('admin'), unitId)).data.token;
    expectError(
      await t.call(updatePassword, { oldPassword: DEMO_PASSWORD, newPassword: 'Other2026pass' }, { token: unitToken }),
      400,
      '您是从总部进入本单位的，请返回总部后修改密码',
    );
  });

  it('a unit’s own staff and other companies cannot enter: 404', async () => {
    const sessions = async () => t.db.select().from(userSession).where(isNotNull(userSession.endedAt));
    const before = await sessions();
    for (const [token, id] of [
      [unitAdmin, t.company1],
      [unitAdmin, t.company2],
      [t.hospital, t.company1],
      [t.hospital, unitId],
      [t.admin, t.company2],
      [t.admin, 999999],
    ] as const) {
      await expectRefusedUnchanged(snapshot, () => switchTo(token, id), 404, UNIT_MISSING);
    }
    const sibling = (await list(t.admin)).find((r) => !r.headquarters && r.id !== unitId)!.id;
    await expectRefusedUnchanged(snapshot, () => switchTo(unitAdmin, sibling), 404, UNIT_MISSING);
    expectError(await switchTo(t.admin, t.company1), 400, '您当前已在该单位');
    expectError(await t.post('/api/admin/company/switchCompany/abc', t.admin), 400, '单位编号必须是数字');
    expect(await sessions()).toEqual(before);
    // the callers are still signed in
    expect((await t.call(companyInfoDetail, {}, { token: unitAdmin })).data.id).toBe(unitId);
  });

  it('a headquarters staff member disabled there is signed out of the units too', async () => {
    const token = await staffWith(t, '单位巡查员', 'xuncha', ['company:edit']);
    const entered = await switchTo(token, unitId);
    expect(entered.status).toBe(200);
    expect((await t.call(companyInfoDetail, {}, { token: entered.data.token })).data.id).toBe(unitId);
    const [person] = await t.db.select().from(staffUser).where(eq(staffUser.loginAccount, 'xuncha'));
    expect(await t.call(setStaffEnabled, { id: person!.id, enabled: false }, { token: t.admin })).toMatchObject({ status: 200 });
    expect((await t.call(companyInfoDetail, {}, { token: entered.data.token })).code).toBe(50012);
  });

  it('without company:edit in the headquarters: 403', async () => {
    await expectRefusedUnchanged(snapshot, () => switchTo(t.shenhe, unitId), 403, '您没有执行该操作的权限');
    expect((await t.call(companyInfoDetail, {}, { token: t.shenhe })).code).toBe(200);
  });
});
