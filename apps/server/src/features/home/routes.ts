import { homeOverview } from '@zhaokao/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { company, companyWallet, staffUser, storedFile, sysDict, sysRole } from '../../db/schema.js';
import { notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { heldRights } from '../../shared/rights.js';

export function homeRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  defineRoute(app, homeOverview, async ({ session }) => {
    const companyId = session.companyId;
    const [row] = await db
      .select({ company, industryName: sysDict.label, balance: companyWallet.totalBalance })
      .from(company)
      .leftJoin(sysDict, and(eq(sysDict.type, 'industry'), eq(sysDict.value, company.industry)))
      .leftJoin(companyWallet, eq(companyWallet.companyId, company.id))
      .where(eq(company.id, companyId));
    if (!row) throw notFound('单位不存在');
    const staff = await db
      .select({ enabled: staffUser.enabled, n: count() })
      .from(staffUser)
      .where(eq(staffUser.companyId, companyId))
      .groupBy(staffUser.enabled);
    const [roles] = await db.select({ n: count() }).from(sysRole).where(eq(sysRole.companyId, companyId));
    const [files] = await db.select({ n: count() }).from(storedFile).where(eq(storedFile.companyId, companyId));
    return {
      company: {
        id: row.company.id,
        name: row.company.name,
        logo: row.company.logo,
        industryName: row.industryName ?? '',
        address: row.company.address,
      },
      wallet: session.permissions.includes('wallet:view') ? { totalBalance: row.balance ?? 0 } : null,
      staffCount: staff.reduce((sum, s) => sum + s.n, 0),
      enabledStaffCount: staff.find((s) => s.enabled)?.n ?? 0,
      roleCount: roles?.n ?? 0,
      fileCount: files?.n ?? 0,
      rights: await heldRights(db, companyId),
    };
  });
}
