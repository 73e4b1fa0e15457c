import { DICT_TYPES } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffUser, sysRole } from '../../db/tables.js';
import { expectError, expectNoSession, useTestApp } from '../../test/app.js';

const t = useTestApp();

const byType = (type: string, token: string = t.admin) =>
  t.get(`/api/admin/sys/listSysDictByType?type=${encodeURIComponent(type)}`, token);
const byTable = (table: string, field: string, text: string, token: string = t.admin) =>
  t.get(`/api/admin/sys/listSysDictByTable/${table}/${field}/${encodeURIComponent(text)}`, token);

/** SPEC §9's dictionaries: every type the product reads but the industries. */
const SPEC_TYPES = DICT_TYPES.filter((type) => type !== 'industry');

describe('listSysDictByType', () => {
  it.each(SPEC_TYPES)('answers %s as a non-empty list of {label, value}', async (type) => {
    const res = await byType(type);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    for (const entry of body.data) {
      expect(Object.keys(entry).sort()).toEqual(['label', 'value']);
      expect(typeof entry.label).toBe('string');
      expect(typeof entry.value).toBe('string');
      expect(entry.label.length).toBeGreaterThan(0);
      expect(entry.value.length).toBeGreaterThan(0);
    }
    expect(new Set(body.data.map((e: { value: string }) => e.value)).size).toBe(body.data.length);
  });

  it('holds exactly the application states of DESIGN §5 with the gate stages, in order', async () => {
    const res = await byType('candidate_app_status');
    expect(res.json().data).toEqual([
      { value: '10', label: '待审核' },
      { value: '11', label: '审核中' },
      { value: '12', label: '审核不通过（可修改）' },
      { value: '13', label: '审核不通过（不可修改）' },
      { value: '20', label: '待笔试' },
      { value: '21', label: '待录入笔试成绩' },
      { value: '22', label: '笔试成绩待审核' },
      { value: '23', label: '笔试未通过' },
      { value: '24', label: '笔试通过' },
      { value: '25', label: '待资格复审' },
      { value: '26', label: '资格复审合格' },
      { value: '27', label: '资格复审不合格' },
      { value: '28', label: '放弃（资格复审）' },
      { value: '30', label: '待面试' },
      { value: '31', label: '待录入面试成绩' },
      { value: '32', label: '面试成绩待审核' },
      { value: '33', label: '面试未通过' },
      { value: '34', label: '面试通过（拟录用）' },
      { value: '35', label: '待体检' },
      { value: '36', label: '体检合格' },
      { value: '37', label: '体检不合格' },
      { value: '38', label: '放弃（体检）' },
      { value: '40', label: '待考察' },
      { value: '41', label: '考察合格' },
      { value: '42', label: '考察不合格' },
      { value: '43', label: '放弃（考察）' },
      { value: '45', label: '公示中' },
      { value: '46', label: '聘用' },
      { value: '47', label: '公示异议成立' },
      { value: '48', label: '放弃（公示）' },
    ]);
  });

  it("offers 'other' among the sign-up rejection reasons", async () => {
    const data = (await byType('sign_up_rejection_reason')).json().data as { label: string; value: string }[];
    expect(data).toContainEqual({ label: '其他', value: 'other' });
  });

  it('lists the two payment channels of DESIGN §6 and never the wallet', async () => {
    expect((await byType('sys_pay_type')).json().data).toEqual([
      { label: '微信支付', value: '1' },
      { label: '支付宝', value: '2' },
    ]);
  });

  it('holds the footer lines 6, 7 and 8 in basis_config', async () => {
    const values = ((await byType('basis_config')).json().data as { value: string }[]).map((e) => e.value);
    expect(values).toEqual(expect.arrayContaining(['6', '7', '8']));
  });

  it("refuses an unknown type with '字典类型不存在'", async () => {
    for (const url of [
      '/api/admin/sys/listSysDictByType?type=no_such_type',
      '/api/admin/sys/listSysDictByType?type=constructor',
      '/api/admin/sys/listSysDictByType',
    ]) {
      const res = await t.get(url, t.admin);
      expectError(res, 400, '字典类型不存在');
    }
  });

  it('needs a session', async () => {
    const res = await t.get('/api/admin/sys/listSysDictByType?type=sex');
    expectNoSession(res);
  });
});

describe('public listDictByType', () => {
  it('answers basis_config without a token, the same as the signed-in call', async () => {
    const res = await t.get('/api/sys/sysDict/listDictByType?type=basis_config');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    const values = (body.data as { value: string }[]).map((e) => e.value);
    expect(values).toEqual(expect.arrayContaining(['6', '7', '8']));
    expect(body.data).toEqual((await byType('basis_config')).json().data);
  });

  it('refuses any other type, with or without a token', async () => {
    for (const type of ['sex', 'candidate_app_status', 'industry', 'no_such_type']) {
      for (const token of [undefined, t.admin]) {
        const res = await t.get(`/api/sys/sysDict/listDictByType?type=${type}`, token);
        expectError(res, 400, '只能查询 basis_config');
      }
    }
    const missing = await t.get('/api/sys/sysDict/listDictByType');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('只能查询 basis_config');
  });
});

describe('listSysDictByTable', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const [role1] = await t.db.select().from(sysRole).where(eq(sysRole.companyId, t.company1)).limit(1);
    const [role2] = await t.db.select().from(sysRole).where(eq(sysRole.companyId, t.company2)).limit(1);
    const extra = [
      { companyId: t.company1, roleId: role1!.id, loginAccount: 'pct_user', name: '张%三' },
      { companyId: t.company1, roleId: role1!.id, loginAccount: 'under_user', name: '李_四' },
      { companyId: t.company1, roleId: role1!.id, loginAccount: 'slash_user', name: '王\\五' },
      { companyId: t.company2, roleId: role2!.id, loginAccount: 'hosp_pct', name: '周%医生' },
    ];
    await t.db.insert(staffUser).values(extra.map((e) => ({ ...e, passwordHash: 'not-a-hash' })));
    const rows = await t.db.select({ id: staffUser.id, loginAccount: staffUser.loginAccount }).from(staffUser);
    ids = Object.fromEntries(rows.map((r) => [r.loginAccount, r.id]));
  });
  const entry = (name: string, account: string) => ({ label: name, value: String(ids[account]) });

  it("answers the caller's own company's staff only", async () => {
    expect((await byTable('staff_user', 'name', '王')).json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: [entry('王敏', 'admin'), entry('王\\五', 'slash_user')],
    });
    expect((await byTable('staff_user', 'name', '王', t.hospital)).json().data).toEqual([]);
    expect((await byTable('staff_user', 'name', '李', t.hospital)).json().data).toEqual([]);
    expect((await byTable('staff_user', 'name', '陈', t.hospital)).json().data).toEqual([entry('陈静', 'hospital')]);
    expect((await byTable('staff_user', 'name', '陈')).json().data).toEqual([]);

    expect((await byTable('staff_user', 'login_account', 'ADMIN')).json().data).toEqual([{ label: 'admin', value: String(ids.admin) }]);
    expect((await byTable('staff_user', 'login_account', 'admin', t.hospital)).json().data).toEqual([]);
    expect((await byTable('staff_user', 'login_account', 'hospital')).json().data).toEqual([]);
  });

  it("answers the caller's own roles only", async () => {
    const own = await t.db.select().from(sysRole).where(eq(sysRole.companyId, t.company1)).orderBy(sysRole.id);
    const theirs = await t.db.select().from(sysRole).where(eq(sysRole.companyId, t.company2)).orderBy(sysRole.id);
    expect((await byTable('sys_role', 'name', '员')).json().data).toEqual(
      own.map((r) => ({ label: r.name, value: String(r.id) })),
    );
    expect((await byTable('sys_role', 'name', '员', t.hospital)).json().data).toEqual(
      theirs.map((r) => ({ label: r.name, value: String(r.id) })),
    );
  });

  it('treats % and _ (and \\) in the text literally', async () => {
    expect((await byTable('staff_user', 'name', '%')).json().data).toEqual([entry('张%三', 'pct_user')]);
    expect((await byTable('staff_user', 'name', '%', t.hospital)).json().data).toEqual([entry('周%医生', 'hosp_pct')]);
    expect((await byTable('staff_user', 'name', '_')).json().data).toEqual([entry('李_四', 'under_user')]);
    expect((await byTable('staff_user', 'name', '李_')).json().data).toEqual([entry('李_四', 'under_user')]);
    expect((await byTable('staff_user', 'name', '李%')).json().data).toEqual([]);
    expect((await byTable('staff_user', 'name', '王%')).json().data).toEqual([]);
    expect((await byTable('staff_user', 'name', '\\')).json().data).toEqual([entry('王\\五', 'slash_user')]);
    expect((await byTable('staff_user', 'login_account', '_user')).json().data).toEqual([
      { label: 'pct_user', value: String(ids.pct_user) },
      { label: 'under_user', value: String(ids.under_user) },
      { label: 'slash_user', value: String(ids.slash_user) },
    ]);
  });

  it("refuses tables and fields outside the whitelist with '不支持查询该表或字段'", async () => {
    for (const [table, field] of [
      ['staff_user', 'password_hash'],
      ['staff_user', 'email'],
      ['company', 'name'],
      ['user_session', 'token_hash'],
      ['constructor', 'name'],
      ['__proto__', 'name'],
      ['toString', 'name'],
      ['staff_user', 'constructor'],
    ]) {
      const res = await byTable(table!, field!, 'a');
      expect(res.statusCode, `${table}/${field}`).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: '不支持查询该表或字段', data: null });
    }
  });

  it('answers staff and roles only to those who may manage staff (a reviewer may not list login accounts)', async () => {
    for (const [table, field, text] of [
      ['staff_user', 'login_account', 'a'],
      ['staff_user', 'login_account', ''],
      ['staff_user', 'name', '王'],
      ['sys_role', 'name', '员'],
    ]) {
      const res = await byTable(table!, field!, text!, t.shenhe);
      expect(res.statusCode, `${table}/${field}`).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: '您没有执行该操作的权限', data: null });
    }
    // An unknown pair is still bad input, whoever asks.
    expect((await byTable('staff_user', 'password_hash', 'a', t.shenhe)).json()).toEqual({
      code: 400,
      msg: '不支持查询该表或字段',
      data: null,
    });
    // The admin (staff:manage) still gets what the staff page needs.
    expect((await byTable('staff_user', 'login_account', 'shenhe')).json().data).toEqual([
      { label: 'shenhe', value: String(ids.shenhe) },
    ]);
  });

  it('refuses a text longer than 50 characters', async () => {
    const res = await byTable('staff_user', 'name', 'a'.repeat(51));
    expectError(res, 400, '查询内容最长 50 个字符');
  });

  it('needs a session', async () => {
    const res = await t.get('/api/admin/sys/listSysDictByTable/staff_user/name/a');
    expectNoSession(res);
  });
});
