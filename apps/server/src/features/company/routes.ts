import { companyInfoDetail, saveCompanyInfo } from '@zhaokao/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { company, sysDict } from '../../db/tables.js';
import { badRequest, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { companyIndustry } from './industry.js';

export function companyRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, companyInfoDetail, async ({ session }) => {
    const [row] = await db
      .select({ company, industryName: sysDict.label })
      .from(company)
      .leftJoin(sysDict, companyIndustry)
      .where(eq(company.id, session.companyId));
    if (!row) throw notFound('单位不存在');
    // the contract's output keeps only the columns it names
    return { ...row.company, industryName: row.industryName ?? '' };
  });

  defineRoute(
    app,
    saveCompanyInfo,
    async ({ input, session }) => {
      const [industry] = await db
        .select({ value: sysDict.value })
        .from(sysDict)
        .where(and(eq(sysDict.type, 'industry'), eq(sysDict.value, input.industry)));
      if (!industry) throw badRequest('所属行业不存在，请从列表中选择');
      await db.update(company).set(input).where(eq(company.id, session.companyId));
      return null;
    },
    { successMsg: '保存成功' },
  );
}
