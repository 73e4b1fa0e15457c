import { ALL_PERMISSIONS } from '@zhaokao/contracts';
import type { Db } from '../../db/client.js';
import { companyWallet } from '../wallet/tables.js';
import { staffUser, sysRole } from '../staff/tables.js';
import { company } from './tables.js';

/**
 * A new company as every company starts (DESIGN §4): an administrator role holding every permission, its
 * administrator and an empty wallet, in the caller's transaction. Answers the company's id.
 */
export async function createCompany(
  tx: Db,
  values: typeof company.$inferInsert,
  admin: Omit<typeof staffUser.$inferInsert, 'companyId' | 'roleId'>,
): Promise<number> {
  const [created] = await tx.insert(company).values(values).returning({ id: company.id });
  const companyId = created!.id;
  const [role] = await tx
    .insert(sysRole)
    .values({ companyId, name: '单位管理员', permissions: [...ALL_PERMISSIONS], isAdmin: true })
    .returning({ id: sysRole.id });
  await tx.insert(staffUser).values({ ...admin, companyId, roleId: role!.id });
  await tx.insert(companyWallet).values({ companyId, totalBalance: 0 });
  return companyId;
}
