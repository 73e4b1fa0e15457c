import * as contracts from '@zhaokao/contracts';
import {
  OPERATOR_TOKEN_HEADER, type Endpoint, exportWaitAuditList, isWriteCall, resetStaffPassword,
  saveCompanyFeedback, saveStaff, setStaffEnabled,
} from '@zhaokao/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/tables.js';
import { DEMO_OPERATOR, DEMO_PASSWORD } from '../../seed/seed.js';
import { rowsOf } from '../../shared/sql.js';
import { expectError, useTestApp } from '../../test/app.js';

const t = useTestApp();
let operator: string;

beforeAll(async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/platform/login', payload: { loginAccount: DEMO_OPERATOR, password: DEMO_PASSWORD } });
  operator = res.json().data.token;
});

const rowsOfRequest = (requestId: string) => t.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
const rowsOfAll = async (answers: { headers: Record<string, unknown> }[]) =>
  (await Promise.all(answers.map((a) => rowsOfRequest(String(a.headers['x-request-id']))))).flat();
const latestRow = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

const endpoints = (Object.values(contracts) as unknown[]).filter(
  (value): value is Endpoint => typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'input' in value,
);
const staffWrites = endpoints.filter((ep) => ep.auth && isWriteCall(ep));

describe('操作日志: what a call leaves', () => {
  it('a staff write: who, from where, what, the ids it named, its input without the password and with the phone masked', async () => {
    const [shenhe] = await rowsOf<{ roleId: number }>(t.db, sql`select role_id as "roleId" from staff_user where id = ${t.shenheId}`);
    const added = await t.call(
      saveStaff,
      { name: '审计测试', loginAccount: 'audit.tester', phone: '13812345678', roleId: shenhe!.roleId, password: 'Secret#2026x' },
      { token: t.admin },
    );
    expect(added.code).toBe(200);
    const row = await latestRow();
    expect(row).toMatchObject({
      companyId: t.company1,
      actorKind: 'staff',
      actorId: t.adminId,
      kind: 'write',
      call: 'POST /company/userInfo/save',
      address: '127.0.0.1',
    });
    expect(row.actorName).toMatch(/^admin（.+）$/);
    expect(row.after).toMatchObject({ name: '审计测试', loginAccount: 'audit.tester', phone: '138****5678', password: '（已隐去）' });
    expect(JSON.stringify(row)).not.toContain('Secret#2026x');
    expect(JSON.stringify(row)).not.toContain('13812345678');

    await t.call(resetStaffPassword, { id: added.data.id, newPassword: 'Another#2026y' }, { token: t.admin });
    const reset = await latestRow();
    expect(reset.target).toEqual({ id: added.data.id });
    expect(JSON.stringify(reset)).not.toContain('Another#2026y');
  });

  it('a refused write leaves no row and changes nothing: another company’s id, a missing permission, bad input', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expectError(await t.call(setStaffEnabled, { id: t.hospitalId, enabled: false }, { token: t.admin }), 404, '工作人员不存在');
    expectError(await t.call(setStaffEnabled, { id: t.adminId, enabled: false }, { token: t.shenhe }), 403, '您没有执行该操作的权限');
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n).toBe(before);
  });

  it.each(staffWrites.map((ep) => [`${ep.method} ${ep.path}`, ep] as const))('%s refused for unstorable input leaves no row', async (_name, ep) => {
    const url = `/api${ep.path.replace(/:([A-Za-z]+)/g, '1')}`;
    const res = await t.app.inject({ method: 'POST', url, headers: { 'x-token': t.admin }, payload: { note: 'a\u0000b' } });
    expect(res.json().code).not.toBe(200);
    expect(await rowsOfRequest(String(res.headers['x-request-id']))).toEqual([]);
  });

  it('an export is recorded with the filters it was given', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/recruitment/recruitmentWaitAuditList/export?type=1&keyword=张', headers: { 'x-token': t.admin } });
    expect(res.statusCode).toBe(200);
    const [row] = await rowsOfRequest(String(res.headers['x-request-id']));
    expect(row).toMatchObject({ kind: 'export', call: `GET ${exportWaitAuditList.path}`, actorId: t.adminId, companyId: t.company1 });
    expect(row!.after).toMatchObject({ type: 1, keyword: '张' });
  });

  it('an operator’s write is recorded as the operator’s, with no company', async () => {
    const feedback = await t.call(saveCompanyFeedback, { type: 'suggestion', title: '操作日志', content: '希望增加操作日志' }, { token: t.admin });
    expect(feedback.code).toBe(200);
    const [{ id }] = (await rowsOf<{ id: number }>(t.db, sql`select id from company_feedback order by id desc limit 1`)) as [{ id: number }];
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/platform/feedback/reply/${id}`,
      headers: { [OPERATOR_TOKEN_HEADER]: operator },
      payload: { reply: '已安排' },
    });
    expect(res.json().code).toBe(200);
    const [row] = await rowsOfRequest(String(res.headers['x-request-id']));
    expect(row).toMatchObject({ actorKind: 'operator', companyId: null, kind: 'write', target: { id } });
    expect(row!.actorName).toContain(DEMO_OPERATOR);
  });

  it('a sign-in and a sign-out, of staff and of operators, each leave one row; a failed sign-in none', async () => {
    const signIn = async (url: string, loginAccount: string, password: string) => {
      const res = await t.app.inject({ method: 'POST', url, payload: { loginAccount, password } });
      return { body: res.json(), rows: await rowsOfRequest(String(res.headers['x-request-id'])) };
    };
    const staff = await signIn('/api/app/company/companyLogin', 'shenhe', DEMO_PASSWORD);
    expect(staff.rows).toHaveLength(1);
    expect(staff.rows[0]).toMatchObject({ companyId: t.company1, actorKind: 'staff', actorId: t.shenheId, kind: 'signIn', after: { password: '（已隐去）' } });
    expect(JSON.stringify(staff.rows)).not.toContain(DEMO_PASSWORD);
    const wrong = await signIn('/api/app/company/companyLogin', 'shenhe', 'Wrong#2026');
    expect(wrong.body.code).toBe(400);
    expect(wrong.rows).toEqual([]);

    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'x-token': staff.body.data.token }, payload: {} });
    expect(await rowsOfRequest(String(out.headers['x-request-id']))).toMatchObject([{ actorKind: 'staff', actorId: t.shenheId, kind: 'signOut', call: 'POST /user/logout' }]);
    const again = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'x-token': staff.body.data.token }, payload: {} });
    expect(again.json().code).toBe(200);
    expect(await rowsOfRequest(String(again.headers['x-request-id']))).toEqual([]);

    const platform = await signIn('/api/platform/login', DEMO_OPERATOR, DEMO_PASSWORD);
    expect(platform.rows).toMatchObject([{ actorKind: 'operator', companyId: null, kind: 'signIn', call: 'POST /platform/login' }]);
    const off = await t.app.inject({ method: 'POST', url: '/api/platform/logout', headers: { [OPERATOR_TOKEN_HEADER]: platform.body.data.token }, payload: {} });
    expect(await rowsOfRequest(String(off.headers['x-request-id']))).toMatchObject([{ actorKind: 'operator', kind: 'signOut' }]);
  });

  it('two sign-outs of one session at once leave one row, of staff and of operators', async () => {
    const token = await t.login('shenhe');
    const staff = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'x-token': token }, payload: {} })));
    expect(await rowsOfAll(staff)).toMatchObject([{ kind: 'signOut', actorId: t.shenheId }]);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/platform/login', payload: { loginAccount: DEMO_OPERATOR, password: DEMO_PASSWORD } });
    const headers = { [OPERATOR_TOKEN_HEADER]: signedIn.json().data.token };
    const operators = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/platform/logout', headers, payload: {} })));
    expect(await rowsOfAll(operators)).toMatchObject([{ kind: 'signOut', actorKind: 'operator' }]);
  });

  it('the table refuses UPDATE, DELETE and TRUNCATE', async () => {
    for (const statement of [sql`update audit_log set actor_name = 'x'`, sql`delete from audit_log`, sql`truncate audit_log`]) {
      await expect(t.db.execute(statement)).rejects.toThrow();
    }
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n).toBeGreaterThan(0);
  });
});
