// runs on PostgreSQL too: staff changes and role deletes at once that must leave an administrator
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffUser, sysRole } from '../../db/tables.js';
import { atOnce, expectOneSucceeded, useTestApp } from '../../test/app.js';
import { ENDED, LAST_ADMIN, staffCalls } from './staff.support.js';

const t = useTestApp();
const { roleList, saveRole, deleteRole, saveStaff, setEnabled, roleRow, editable } = staffCalls(t);
/** The administrators' role of company 2. */
let adminRole2: number;

beforeAll(async () => {
  const [role] = await t.db.select().from(sysRole).where(and(eq(sysRole.companyId, t.company2), eq(sysRole.name, '单位管理员')));
  adminRole2 = role!.id;
});

describe('at the same moment', () => {
  it('two administrators disabling each other leave exactly one enabled, and the other is refused', async () => {
    const added = await saveStaff(t.hospital, { name: '周医', loginAccount: 'zhouyi', phone: '13600001111', roleId: adminRole2, password: 'Passw0rd2026' });
    const deputyId = added.json().data.id as number;
    // the deputy has already replaced the initial password with an own one (the same words, for the test)
    await t.db.update(staffUser).set({ passwordMustChange: false }).where(eq(staffUser.id, deputyId));
    const deputy = await t.login('zhouyi', 'Passw0rd2026');
    const disableDeputy = () => setEnabled(t.hospital, deputyId, { enabled: false });
    const disableHospital = { ...(await editable(t.hospitalId)), enabled: false };
    // open enough database connections first, so that the calls really run side by side
    await atOnce(20, () => roleList(t.hospital));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? disableDeputy() : saveStaff(deputy, disableHospital))),
    );
    const enabledAdmins = await t.db
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(and(eq(staffUser.companyId, t.company2), eq(staffUser.roleId, adminRole2), eq(staffUser.enabled, true)));
    expect(enabledAdmins).toHaveLength(1);
    const hospitalWon = enabledAdmins[0]!.id === t.hospitalId;
    const won = answers.filter((_, i) => (i % 2 === 0) === hospitalWon);
    const lost = answers.filter((_, i) => (i % 2 === 0) !== hospitalWon);
    for (const res of won) expect(res.json().code).toBe(200);
    // the loser's calls are refused, or find their session already ended by the winner's
    for (const res of lost) expect([{ code: 409, msg: LAST_ADMIN, data: null }, ENDED]).toContainEqual(res.json());

    await t.db.update(staffUser).set({ enabled: true }).where(inArray(staffUser.id, [t.hospitalId, deputyId]));
    t.hospital = await t.login('hospital');
  });

  it('deletes a role once when asked many times at once; the other calls answer 404', async () => {
    const added = await saveRole(t.hospital, { name: '临时角色', permissions: ['plan:edit'] });
    const roleId = added.json().data.id as number;
    // open enough database connections first, so that the deletes really run side by side
    await atOnce(20, () => roleList(t.hospital));
    const answers = await atOnce(20, () => deleteRole(t.hospital, roleId));
    expectOneSucceeded(answers, 404, '角色不存在');
    expect(await roleRow(roleId)).toBeUndefined();
  });
});
