import {
  ResultCode, UNIT_MISSING, addSubordinateCompany, companyUnitList, saveSubordinateCompany, switchCompany,
} from '@zhaokao/contracts';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { company, recruitmentPlan, staffUser, sysDict, sysRole, userSession } from '../../db/tables.js';
import { hashPassword } from '../../shared/crypto.js';
import { isUniqueViolation } from '../../shared/db-errors.js';
import { badRequest, conflict, forbidden, notFound, tokenError } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import type { Session } from '../../shared/session.js';
import { setSessionCookie } from '../../shared/session-cookie.js';
import { startSession } from '../auth/index.js';
import { companyIndustry, createCompany } from '../company/index.js';

/**
 * Who acts behind a session (issue 12): the staff member signed in, or — for a linked account in a subordinate
 * unit — the headquarters' staff member it belongs to. `headquartersId` is the company whose units they may see:
 * null for a unit's own staff, who see their own company only.
 */
interface Acting {
  person: typeof staffUser.$inferSelect;
  personPermissions: string[];
  headquartersId: number | null;
  /** The signed-in account is a linked one. */
  linked: boolean;
}

async function actingOf(db: Db, session: Session): Promise<Acting> {
  const [me] = await db
    .select()
    .from(staffUser)
    .where(and(eq(staffUser.id, session.userId), eq(staffUser.companyId, session.companyId)));
  if (!me) throw tokenError(ResultCode.TOKEN_ILLEGAL, '登录状态无效，请重新登录');
  const personId = me.linkedStaffId ?? me.id;
  const [row] = await db
    .select({ person: staffUser, permissions: sysRole.permissions, parentId: company.parentId })
    .from(staffUser)
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .innerJoin(company, eq(company.id, staffUser.companyId))
    .where(eq(staffUser.id, personId));
  if (!row) throw tokenError(ResultCode.TOKEN_ILLEGAL, '登录状态无效，请重新登录');
  return {
    person: row.person,
    personPermissions: row.permissions,
    headquartersId: row.parentId === null ? row.person.companyId : null,
    linked: me.linkedStaffId !== null,
  };
}

/** The name of the unique index a write broke, where the driver says it (pg and PGlite both do). */
function violatedIndex(error: unknown): string | undefined {
  for (let e = error as { constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.constraint) return e.constraint;
  }
  return undefined;
}

async function assertIndustry(db: Db, industry: string) {
  const [row] = await db
    .select({ value: sysDict.value })
    .from(sysDict)
    .where(and(eq(sysDict.type, 'industry'), eq(sysDict.value, industry)));
  if (!row) throw badRequest('所属行业不存在，请从列表中选择');
}

const sameNameMessage = (name: string) => `已有名为“${name}”的单位，请换一个名称`;

/** A unit's name must differ from its headquarters' too (the unique index keeps the units' names apart). */
async function assertNotHeadquartersName(db: Db, headquartersId: number, name: string) {
  const [hq] = await db.select({ name: company.name }).from(company).where(eq(company.id, headquartersId));
  if (hq?.name === name) throw conflict(sameNameMessage(name));
}

export function companyUnitRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  defineRoute(app, companyUnitList, async ({ session }) => {
    const acting = await actingOf(db, session);
    const visible =
      acting.headquartersId === null
        ? eq(company.id, session.companyId)
        : or(eq(company.id, acting.headquartersId), eq(company.parentId, acting.headquartersId));
    const rows = await db
      .select({
        id: company.id,
        name: company.name,
        address: company.address,
        industry: company.industry,
        industryName: sysDict.label,
        parentId: company.parentId,
        createdAt: company.createdAt,
        staffCount: sql<number>`(select count(*)::int from ${staffUser} where ${staffUser.companyId} = ${company.id} and ${staffUser.linkedStaffId} is null)`,
        planCount: sql<number>`(select count(*)::int from ${recruitmentPlan} where ${recruitmentPlan.companyId} = ${company.id})`,
        entered: sql<boolean>`exists (select 1 from ${staffUser} where ${staffUser.companyId} = ${company.id} and ${staffUser.linkedStaffId} = ${acting.person.id})`,
      })
      .from(company)
      .leftJoin(sysDict, companyIndustry)
      .where(visible)
      // the headquarters (no parent) first, then the units as they were added
      .orderBy(sql`${company.parentId} is not null`, asc(company.createdAt), asc(company.id));
    return rows.map((r) => ({
      ...r,
      industryName: r.industryName ?? '',
      createdAt: r.createdAt.toISOString(),
      headquarters: r.parentId === null && acting.headquartersId !== null,
      current: r.id === session.companyId,
    }));
  });

  defineRoute(
    app,
    addSubordinateCompany,
    async ({ input, session }) => {
      const [mine] = await db.select({ parentId: company.parentId }).from(company).where(eq(company.id, session.companyId));
      if (!mine || mine.parentId !== null) throw forbidden('下属单位不能再新增下属单位，请返回总部操作');
      await assertIndustry(db, input.industry);
      await assertNotHeadquartersName(db, session.companyId, input.name);
      const passwordHash = await hashPassword(input.adminPassword);
      try {
        return await db.transaction(async (tx) => {
          const companyId = await createCompany(
            tx,
            { parentId: session.companyId, name: input.name, industry: input.industry, address: input.address },
            { loginAccount: input.adminLoginAccount, passwordHash, name: input.adminName, nickName: input.adminName, phone: input.adminPhone },
          );
          return { id: companyId };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          if (violatedIndex(error) === 'staff_user_login_account') {
            throw conflict(`登录账号“${input.adminLoginAccount}”已被使用，请换一个`);
          }
          throw conflict(sameNameMessage(input.name));
        }
        throw error;
      }
    },
    { successMsg: '下属单位已新增' },
  );

  defineRoute(
    app,
    saveSubordinateCompany,
    async ({ input, session }) => {
      await assertIndustry(db, input.industry);
      await assertNotHeadquartersName(db, session.companyId, input.name);
      try {
        // One statement: only a unit of the caller's company is changed (a unit's parent is never a unit).
        const [updated] = await db
          .update(company)
          .set({ name: input.name, industry: input.industry, address: input.address })
          .where(and(eq(company.id, input.id), eq(company.parentId, session.companyId)))
          .returning({ id: company.id });
        if (!updated) throw notFound(UNIT_MISSING);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(sameNameMessage(input.name));
        throw error;
      }
      return null;
    },
    { successMsg: '保存成功' },
  );

  defineRoute(
    app,
    switchCompany,
    async ({ input, session, reply }) => {
      const acting = await actingOf(db, session);
      // A unit's own staff know no other company.
      if (acting.headquartersId === null) {
        if (input.companyId === session.companyId) throw badRequest('您当前已在该单位');
        throw notFound(UNIT_MISSING);
      }
      // Entering units is the headquarters' staff's: their role there decides, not a linked account's role.
      if (!acting.personPermissions.includes('company:edit')) throw forbidden();
      const [target] = await db
        .select({ id: company.id, parentId: company.parentId })
        .from(company)
        .where(
          and(
            eq(company.id, input.companyId),
            or(eq(company.id, acting.headquartersId), eq(company.parentId, acting.headquartersId)),
          ),
        );
      if (!target) throw notFound(UNIT_MISSING);
      if (target.id === session.companyId) throw badRequest('您当前已在该单位');
      const user = await db.transaction(async (tx) => {
        // This session ends, and no other (the same person may be signed in elsewhere); a second switch racing
        // this one with the same token finds it ended.
        const [ended] = await tx
          .update(userSession)
          .set({ endedAt: new Date(), endReason: 'logout' })
          .where(and(eq(userSession.id, session.sessionId), isNull(userSession.endedAt)))
          .returning({ id: userSession.id });
        if (!ended) throw tokenError(ResultCode.TOKEN_ILLEGAL, '登录状态无效，请重新登录');
        if (target.parentId === null) {
          // back to the headquarters, as its staff member
          if (!acting.person.enabled) throw badRequest('该账号已停用，请联系单位管理员');
          return startSession(tx, acting.person, config.sessionTtlHours);
        }
        const linked = await linkedAccount(tx, target.id, acting.person);
        if (!linked.enabled) throw badRequest('您在该单位的账号已停用，请联系该单位管理员');
        return startSession(tx, linked, config.sessionTtlHours);
      });
      setSessionCookie(reply, user.token, config.sessionTtlHours);
      return user;
    },
    { successMsg: '已切换单位', changesSessions: true },
  );
}

/**
 * The headquarters' staff member's linked account in a unit, made on the first entry with the unit's administrator
 * role. Its login account is never one a person could choose ('@' is not allowed in one) and its password hash is
 * empty: sign-in refuses it. Parallel first entries make one account (the unique index on company and linked staff).
 */
async function linkedAccount(tx: Db, unitId: number, person: typeof staffUser.$inferSelect) {
  const find = async () =>
    (
      await tx
        .select()
        .from(staffUser)
        .where(and(eq(staffUser.companyId, unitId), eq(staffUser.linkedStaffId, person.id)))
    )[0];
  const existing = await find();
  if (existing) return existing;
  const [adminRole] = await tx
    .select({ id: sysRole.id })
    .from(sysRole)
    .where(and(eq(sysRole.companyId, unitId), eq(sysRole.isAdmin, true)))
    .orderBy(asc(sysRole.id))
    .limit(1);
  if (!adminRole) throw conflict('该单位没有单位管理员角色，无法进入');
  await tx
    .insert(staffUser)
    .values({
      companyId: unitId,
      roleId: adminRole.id,
      loginAccount: `${person.loginAccount}@${unitId}-${person.id}`,
      passwordHash: '',
      name: person.name,
      nickName: person.nickName || person.name,
      userHead: person.userHead,
      phone: person.phone,
      linkedStaffId: person.id,
    })
    .onConflictDoNothing({ target: [staffUser.companyId, staffUser.linkedStaffId] });
  return (await find())!;
}
