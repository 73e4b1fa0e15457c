import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { company } from '../db/tables.js';
import { createCompany } from '../features/company/index.js';

/** The demo headquarters' subordinate unit (公司管理, issue 12), with its own administrator and no plans. */
export const DEMO_UNIT = {
  name: '湘江人力资源服务集团株洲分公司',
  industry: 'hr_service',
  address: '湖南省株洲市天元区株洲大道 898 号湘江大厦 12 楼',
  admin: { loginAccount: 'zhuzhou', name: '周婷', phone: '13973312345', email: 'zhouting@xiangjiang-hr.example.cn' },
};

/** The demo unit's administrator, for the list of demo accounts. */
export const DEMO_UNIT_ACCOUNTS = [DEMO_UNIT.admin.loginAccount];

/** Adds the demo unit under the company named `headquartersName`, as 新增下属单位 adds one. */
export async function seedDemoUnits(db: Db, headquartersName: string, passwordHash: string) {
  const [hq] = await db.select({ id: company.id }).from(company).where(eq(company.name, headquartersName)).limit(1);
  if (!hq) return;
  await db.transaction((tx) =>
    createCompany(
      tx,
      { parentId: hq.id, name: DEMO_UNIT.name, industry: DEMO_UNIT.industry, address: DEMO_UNIT.address },
      { passwordHash, nickName: DEMO_UNIT.admin.name, ...DEMO_UNIT.admin },
    ),
  );
}
