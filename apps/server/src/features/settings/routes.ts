import { buyTalentFunction, companyLoginPage, loginPageDetail, saveLoginPage } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { company, loginPageSetting } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { heldRights } from '../rights/index.js';

async function loginPageOf(db: Db, companyId: number) {
  const [row] = await db
    .select({ company, setting: loginPageSetting })
    .from(company)
    .leftJoin(loginPageSetting, eq(loginPageSetting.companyId, company.id))
    .where(eq(company.id, companyId));
  if (!row) return null;
  return {
    companyId: row.company.id,
    companyName: row.company.name,
    logo: row.setting?.logo || row.company.logo,
    loginLogo: row.setting?.logo ?? '',
    companyLogo: row.company.logo,
    title: row.setting?.title ?? '',
    subtitle: row.setting?.subtitle ?? '',
    background: row.setting?.background ?? '',
  };
}

export function settingsRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  defineRoute(app, companyLoginPage, async ({ input }) => {
    const page = await loginPageOf(db, input.companyId);
    return page && page.title ? page : null;
  });
  defineRoute(app, loginPageDetail, async ({ session }) => {
    const page = await loginPageOf(db, session.companyId);
    if (!page) throw notFound('单位不存在');
    return page;
  });
  defineRoute(app, saveLoginPage, async ({ input: { loginLogo, ...rest }, session }) => {
    const values = { ...rest, logo: loginLogo };
    await db
      .insert(loginPageSetting)
      .values({ companyId: session.companyId, ...values })
      .onConflictDoUpdate({ target: loginPageSetting.companyId, set: { ...values, updatedAt: new Date() } });
    return null;
  }, { successMsg: '保存成功' });
  defineRoute(app, buyTalentFunction, async ({ input, session }) => {
    // The company id is in the path for SPEC's sake, but only the caller's own company can be asked about.
    if (input.companyId !== session.companyId) throw notFound('单位不存在');
    return heldRights(db, session.companyId, input.functionName);
  });
}
