import type { Db } from '../db/client.js';
import { sysOrg } from '../db/tables.js';

/** Inserts 人事部 and 财务部 of company 1 and 护理部 of company 2, and answers their ids in that order. */
export async function insertDepartments(db: Db, company1: number, company2: number) {
  const departments = await db
    .insert(sysOrg)
    .values([
      { companyId: company1, name: '人事部' },
      { companyId: company1, name: '财务部' },
      { companyId: company2, name: '护理部' },
    ])
    .returning();
  return departments.map((d) => d.id) as [number, number, number];
}
