// runs on PostgreSQL too: the triggers that keep audit_log append-only are PostgreSQL's, and the list's date bounds are timestamptz arithmetic
import {
  type AuditLogRow, OPERATOR_TOKEN_HEADER, auditLogList, platformAuditLogList, saveOrg, updateMyInfo,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, DEMO_PASSWORD } from '../../seed/seed.js';
import { rowsOf } from '../../shared/sql.js';
import { expectError, useTestApp } from '../../test/app.js';
import { readXlsx } from '../../test/xlsx.js';

const t = useTestApp();
let operator: string;

/** The operator's calls, their token in its header. */
const op = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { [OPERATOR_TOKEN_HEADER]: operator }, payload });

const list = async (token: string, input: Parameters<typeof t.call<typeof auditLogList>>[1] = {}) => {
  const res = await t.call(auditLogList, { pageSize: 200, ...input }, { token });
  expect(res.code, res.msg).toBe(200);
  return res.data;
};

/** Company 1's rows dated in March 2025, far from today's, inserted as the recording side would write them. */
async function insertRow(at: string, fields: { companyId: number | null; actorKind?: 'staff' | 'operator'; actorId: number; kind?: string; call?: string }) {
  await t.db.execute(sql`
    insert into audit_log (at, company_id, actor_kind, actor_id, actor_name, address, kind, call, request_id, target, before, after)
    values (${at}::timestamptz, ${fields.companyId}, ${fields.actorKind ?? 'staff'}, ${fields.actorId}, '测试（测试）', '10.0.0.1',
            ${fields.kind ?? 'write'}, ${fields.call ?? 'POST /company/sysOrg/save'}, 'test', '{"id": 1}'::jsonb, '{"name": "旧"}'::jsonb, '{"id": 1, "name": "新"}'::jsonb)`);
}

let ownDepartment: number;

beforeAll(async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/platform/login', payload: { loginAccount: DEMO_OPERATOR, password: DEMO_PASSWORD } });
  operator = res.json().data.token;

  ownDepartment = (await t.call(saveOrg, { name: '审计测试部', sort: 1 }, { token: t.admin })).data.id;
  await t.call(saveOrg, { id: ownDepartment, name: '审计测试部（改名）', sort: 2 }, { token: t.admin });
  await t.call(saveOrg, { name: '医院审计测试科' }, { token: t.hospital });
  await t.call(updateMyInfo, { name: '李娜', phone: '', email: '' }, { token: t.shenhe });

  // 2025-03-09 23:59:59 and 2025-03-10 00:00 in China, around a day's edge; and one of company 2.
  await insertRow('2025-03-09T15:59:59.999Z', { companyId: t.company1, actorId: t.adminId });
  await insertRow('2025-03-09T16:00:00Z', { companyId: t.company1, actorId: t.shenheId, kind: 'export', call: 'GET /recruitment/bonus/list/export' });
  await insertRow('2025-03-10T15:59:59Z', { companyId: t.company1, actorId: t.adminId });
  await insertRow('2025-03-10T16:00:00Z', { companyId: t.company2, actorId: t.hospitalId });
});

const calls = (rows: AuditLogRow[]) => rows.map((r) => r.call);

describe('the company administrator’s 操作日志', () => {
  it('lists the company’s own rows, newest first, with who, where, what and the change', async () => {
    const { list: rows, total } = await list(t.admin);
    expect(total).toBeGreaterThanOrEqual(7);
    const times = rows.map((r) => r.at);
    expect([...times].sort((a, b) => b.localeCompare(a))).toEqual(times);
    expect(rows.every((r) => r.companyId === t.company1 && r.actorKind === 'staff')).toBe(true);

    const renamed = rows.find((r) => r.call === 'POST /company/sysOrg/save' && r.target.id === ownDepartment);
    expect(renamed).toMatchObject({ actorId: t.adminId, actorName: 'admin（王敏）', kind: 'write', after: { id: ownDepartment, name: '审计测试部（改名）', sort: 2 } });
    expect(renamed!.address).not.toBe('');
    expect(rows.find((r) => r.call === 'POST /admin/company/updateMyInfo')).toMatchObject({ actorId: t.shenheId, actorName: 'shenhe（李娜）' });
  });

  it('never shows another company’s rows, nor the operator’s', async () => {
    const own = await list(t.admin);
    expect(own.list.some((r) => r.after?.name === '医院审计测试科')).toBe(false);
    const hospital = await list(t.hospital, { startDate: '2025-01-01' });
    expect(hospital.list.every((r) => r.companyId === t.company2)).toBe(true);
    expect(hospital.list.some((r) => r.after?.name === '医院审计测试科')).toBe(true);
    expect(hospital.list.some((r) => r.after?.name === '审计测试部（改名）')).toBe(false);
    // An operator's id equal to a staff member's finds that staff member's rows only.
    await t.db.execute(sql`insert into audit_log (company_id, actor_kind, actor_id, actor_name, address, kind, call, request_id, target, after)
      values (null, 'operator', ${t.adminId}, 'yunying（平台运营）', '10.0.0.2', 'write', 'POST /platform/meal/save', 'op', '{}', '{}')`);
    expect((await list(t.admin, { actorId: t.adminId })).list.some((r) => r.actorKind === 'operator')).toBe(false);
  });

  it('filters by person, kind and China’s calendar days, both ends included', async () => {
    const byShenhe = await list(t.admin, { actorId: t.shenheId });
    expect(byShenhe.list.length).toBeGreaterThan(0);
    expect(byShenhe.list.every((r) => r.actorId === t.shenheId)).toBe(true);

    const tenth = await list(t.admin, { startDate: '2025-03-10', endDate: '2025-03-10' });
    expect(tenth.list.map((r) => r.at)).toEqual(['2025-03-10T15:59:59.000Z', '2025-03-09T16:00:00.000Z']);
    const ninth = await list(t.admin, { startDate: '2025-03-09', endDate: '2025-03-09' });
    expect(ninth.list.map((r) => r.at)).toEqual(['2025-03-09T15:59:59.999Z']);
    const exports = await list(t.admin, { kind: 'export', startDate: '2025-03-01', endDate: '2025-03-31' });
    expect(calls(exports.list)).toEqual(['GET /recruitment/bonus/list/export']);
    const adminInMarch = await list(t.admin, { actorId: t.adminId, startDate: '2025-03-01', endDate: '2025-03-31', kind: 'write' });
    expect(adminInMarch.total).toBe(2);
  });

  it('pages the list', async () => {
    const first = await list(t.admin, { pageNum: 1, pageSize: 2 });
    const second = await list(t.admin, { pageNum: 2, pageSize: 2 });
    expect(first.list).toHaveLength(2);
    expect(second.total).toBe(first.total);
    expect(second.list[0]!.id).not.toBe(first.list[1]!.id);
  });

  it('refuses dates out of order, in Chinese', async () => {
    expectError(await t.call(auditLogList, { startDate: '2025-03-11', endDate: '2025-03-10' }, { token: t.admin }), 400, '开始日期不能晚于结束日期');
    expectError(await t.call(auditLogList, { startDate: '2025/03/10' }, { token: t.admin }), 400, '开始日期格式应为 YYYY-MM-DD');
  });

  it('exports what the filters find, with each call’s Chinese name, and the export is logged too', async () => {
    const res = await t.get('/api/admin/auditLog/export?startDate=2025-03-01&endDate=2025-03-31', t.admin);
    const [sheet] = await readXlsx(res);
    expect(sheet!.name).toBe('操作日志');
    expect(sheet!.rows).toHaveLength(3);
    expect(sheet!.rows[0]).toMatchObject({
      时间: '2025-03-10 23:59:59',
      操作人: '测试（测试）',
      地址: '10.0.0.1',
      类型: '修改',
      操作: '招录部门：保存',
      调用: 'POST /company/sysOrg/save',
      对象: 'id 1',
      变更: 'name：旧 → 新',
    });
    expect(sheet!.rows[1]).toMatchObject({ 时间: '2025-03-10 00:00:00', 类型: '导出', 操作: '加分管理：导出' });

    const logged = (await list(t.admin, { kind: 'export' })).list[0]!;
    expect(logged).toMatchObject({ call: 'GET /admin/auditLog/export', actorId: t.adminId, after: { startDate: '2025-03-01', endDate: '2025-03-31' } });
  });

  it('is the administrator’s: a reviewer who cannot manage the staff is refused', async () => {
    expectError(await t.call(auditLogList, {}, { token: t.shenhe }), 403, '您没有执行该操作的权限');
  });
});

describe('the operator’s 操作日志', () => {
  it('lists every company’s rows and the operators’ own, filtered by company and actor kind', async () => {
    const all = (await op('POST', '/platform/auditLog/list', { pageSize: 200, startDate: '2025-03-01', endDate: '2025-03-31' })).json().data;
    expect(all.list.map((r: AuditLogRow) => r.companyId)).toEqual([t.company2, t.company1, t.company1, t.company1]);

    const hospital = (await op('POST', '/platform/auditLog/list', { pageSize: 200, companyId: t.company2 })).json().data;
    expect(hospital.list.length).toBeGreaterThan(0);
    expect(hospital.list.every((r: AuditLogRow) => r.companyId === t.company2)).toBe(true);

    const operators = (await op('POST', '/platform/auditLog/list', { pageSize: 200, actorKind: 'operator' })).json().data;
    expect(operators.list.length).toBeGreaterThan(0);
    expect(operators.list.every((r: AuditLogRow) => r.actorKind === 'operator' && r.companyId === null)).toBe(true);
  });

  it('names the companies for its filter, and exports with each row’s company', async () => {
    const companies = (await op('GET', '/platform/auditLog/companies')).json().data;
    expect(companies).toEqual(expect.arrayContaining([{ id: t.company1, name: '湘江人力资源服务集团有限公司' }, { id: t.company2, name: '江城市第一人民医院' }]));

    const res = await op('GET', '/platform/auditLog/export?startDate=2025-03-01&endDate=2025-03-31');
    const [sheet] = await readXlsx(res);
    expect(sheet!.rows.map((r) => r['单位'])).toEqual(['江城市第一人民医院', '湘江人力资源服务集团有限公司', '湘江人力资源服务集团有限公司', '湘江人力资源服务集团有限公司']);
    expect(sheet!.rows[0]).toMatchObject({ 操作人类型: '单位工作人员', 操作: '招录部门：保存' });

    const logged = (await op('POST', '/platform/auditLog/list', { actorKind: 'operator', kind: 'export' })).json().data.list[0];
    expect(logged).toMatchObject({ call: 'GET /platform/auditLog/export', actorName: 'yunying（平台运营）', companyId: null });
  });

  it('is refused to a staff session', async () => {
    const res = await t.call(platformAuditLogList, {}, { token: t.admin });
    expect(res).toMatchObject({ status: 401, code: 50008 });
  });
});

/** Runs a statement the database must refuse; Drizzle wraps the database's error, whose message is the cause's. */
async function refused(statement: SQL) {
  const error: unknown = await t.db.execute(statement).then(() => undefined, (e: unknown) => e);
  expect(String((error as { cause?: Error } | undefined)?.cause?.message)).toMatch(/audit_log is append-only: (UPDATE|DELETE|TRUNCATE) refused/);
}

const count = async (where = sql`true`) => (await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log where ${where}`))[0]!.n;

describe('the table audit_log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const before = await count();
    await refused(sql`update audit_log set address = '0.0.0.0'`);
    await refused(sql`update audit_log set actor_name = 'someone else' where id = (select max(id) from audit_log)`);
    await refused(sql`delete from audit_log where kind = 'export'`);
    await refused(sql`truncate audit_log`);
    expect(await count()).toBe(before);
    expect(await count(sql`address = '0.0.0.0'`)).toBe(0);
  });
});
