import { homeOverview } from '@zhaokao/contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { company, companyWallet, staffUser, storedFile, sysDict, sysRole } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { countRows } from '../../shared/rows.js';
import { heldRights } from '../rights/held-rights.js';
import { companyIndustry } from '../company/industry.js';

export function homeRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  defineRoute(app, homeOverview, async ({ session }) => {
    const companyId = session.companyId;
    const [row] = await db
      .select({ company, industryName: sysDict.label, balance: companyWallet.totalBalance })
      .from(company)
      .leftJoin(sysDict, companyIndustry)
      .leftJoin(companyWallet, eq(companyWallet.companyId, company.id))
      .where(eq(company.id, companyId));
    if (!row) throw notFound('单位不存在');
    const staff = await db
      .select({ enabled: staffUser.enabled, n: count() })
      .from(staffUser)
      .where(eq(staffUser.companyId, companyId))
      .groupBy(staffUser.enabled);
    const roles = await countRows(db, sysRole, eq(sysRole.companyId, companyId));
    const files = await countRows(db, storedFile, eq(storedFile.companyId, companyId));
    return {
      // the contract's output keeps only the company's id, name, logo, industry name and address
      company: { ...row.company, industryName: row.industryName ?? '' },
      wallet: session.permissions.includes('wallet:view') ? { totalBalance: row.balance ?? 0 } : null,
      staffCount: staff.reduce((sum, s) => sum + s.n, 0),
      enabledStaffCount: staff.find((s) => s.enabled)?.n ?? 0,
      roleCount: roles,
      fileCount: files,
      rights: await heldRights(db, companyId),
    };
  });
}
