import { eq } from 'drizzle-orm';
import { staffUser, sysRole } from '../../db/tables.js';
import type { TestApp } from '../../test/app.js';

export const ENDED = { code: 50012, msg: '您的登录已在别处结束（密码已重置或账号已停用），请重新登录', data: null };
export const LAST_ADMIN = '单位至少需要保留一名启用状态的单位管理员';

/** The staff and role calls and rows that staff.test.ts and staff.concurrency.test.ts both use. */
export function staffCalls(t: TestApp) {
  const staffRow = async (id: number) => (await t.db.select().from(staffUser).where(eq(staffUser.id, id)))[0]!;
  return {
    roleList: (token: string) => t.post('/api/company/sysRole/list', token),
    saveRole: (token: string, payload: object) => t.post('/api/company/sysRole/save', token, payload),
    deleteRole: (token: string, id: number | string) => t.post(`/api/company/sysRole/delete/${id}`, token),
    saveStaff: (token: string, payload: object) => t.post('/api/company/userInfo/save', token, payload),
    setEnabled: (token: string, id: number | string, payload: object) => t.post(`/api/company/userInfo/setEnabled/${id}`, token, payload),
    staffRow,
    roleRow: async (id: number) => {
      const [row] = await t.db.select().from(sysRole).where(eq(sysRole.id, id));
      if (!row) return undefined;
      const { createdAt: _, ...rest } = row;
      return rest;
    },
    /** The editable fields of a staff member as saveStaff takes them. */
    editable: async (id: number) => {
      const row = await staffRow(id);
      return {
        id,
        name: row.name,
        loginAccount: row.loginAccount,
        phone: row.phone,
        email: row.email,
        departmentId: row.departmentId,
        roleId: row.roleId,
        enabled: row.enabled,
      };
    },
  };
}
