import {
  deleteRole,
  resetStaffPassword,
  roleList,
  saveRole,
  saveStaff,
  setStaffEnabled,
  staffList,
} from '@zhaokao/contracts';
import { type SQL, and, asc, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { loginAttempt, staffUser, sysOrg, sysRole } from '../../db/schema.js';
import { hashPassword } from '../../shared/crypto.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../shared/db-errors.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { lockCompany } from '../../shared/locks.js';
import { defineRoute } from '../../shared/route.js';
import { endSessionsOfUser } from '../../shared/session.js';
import { escapeLike } from '../../shared/sql.js';


async function roleOf(db: Db, companyId: number, roleId: number) {
  const [role] = await db.select().from(sysRole).where(and(eq(sysRole.id, roleId), eq(sysRole.companyId, companyId)));
  return role;
}

/**
 * The company must keep at least one enabled administrator, or nobody could manage it any more.
 * Called in the transaction that disables or demotes `exceptUserId`, after `lockCompany`: two
 * administrators disabling each other at the same moment are then checked one after the other.
 */
async function assertAdminRemains(tx: Db, companyId: number, exceptUserId: number) {
  const [left] = await tx
    .select({ n: count() })
    .from(staffUser)
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .where(
      and(
        eq(staffUser.companyId, companyId),
        eq(staffUser.enabled, true),
        eq(sysRole.isAdmin, true),
        ne(staffUser.id, exceptUserId),
      ),
    );
  if (left!.n === 0) throw conflict('单位至少需要保留一名启用状态的单位管理员');
}

export function staffRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, roleList, async ({ session }) => {
    const rows = await db
      .select({
        id: sysRole.id,
        name: sysRole.name,
        permissions: sysRole.permissions,
        isAdmin: sysRole.isAdmin,
        staffCount: count(staffUser.id),
      })
      .from(sysRole)
      .leftJoin(staffUser, and(eq(staffUser.roleId, sysRole.id), eq(staffUser.companyId, sysRole.companyId)))
      .where(eq(sysRole.companyId, session.companyId))
      .groupBy(sysRole.id)
      .orderBy(asc(sysRole.id));
    return rows;
  });

  defineRoute(
    app,
    saveRole,
    async ({ input, session }) => {
      const permissions = [...new Set(input.permissions)];
      try {
        if (input.id !== undefined) {
          const role = await roleOf(db, session.companyId, input.id);
          if (!role) throw notFound('角色不存在');
          if (role.isAdmin) throw conflict('单位管理员角色拥有全部权限，不能修改');
          const [updated] = await db
            .update(sysRole)
            .set({ name: input.name, permissions })
            .where(eq(sysRole.id, role.id))
            .returning({ id: sysRole.id });
          // deleted in the meantime
          if (!updated) throw notFound('角色不存在');
          return { id: role.id };
        }
        const [row] = await db
          .insert(sysRole)
          .values({ companyId: session.companyId, name: input.name, permissions })
          .returning({ id: sysRole.id });
        return { id: row!.id };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`已有名为“${input.name}”的角色`);
        throw error;
      }
    },
    { successMsg: '保存成功', changesSessions: true },
  );

  defineRoute(
    app,
    deleteRole,
    async ({ input, session }) => {
      await db.transaction(async (tx) => {
        // Locked first: a delete of the same role at the same moment then finds nothing (404), and a
        // staff member being given this role is either counted below or refused by the foreign key.
        const [role] = await tx
          .select()
          .from(sysRole)
          .where(and(eq(sysRole.id, input.id), eq(sysRole.companyId, session.companyId)))
          .for('update');
        if (!role) throw notFound('角色不存在');
        if (role.isAdmin) throw conflict('单位管理员角色不能删除');
        const [used] = await tx.select({ n: count() }).from(staffUser).where(eq(staffUser.roleId, role.id));
        if (used!.n > 0) throw conflict(`还有 ${used!.n} 名工作人员使用“${role.name}”角色，请先调整他们的角色`);
        await tx.delete(sysRole).where(eq(sysRole.id, role.id));
      });
      return null;
    },
    { successMsg: '删除成功' },
  );

  defineRoute(app, staffList, async ({ input, session }) => {
    const filters: (SQL | undefined)[] = [eq(staffUser.companyId, session.companyId)];
    if (input.keyword) {
      const like = `%${escapeLike(input.keyword)}%`;
      filters.push(or(ilike(staffUser.name, like), ilike(staffUser.loginAccount, like), ilike(staffUser.phone, like)));
    }
    if (input.departmentId !== undefined) filters.push(eq(staffUser.departmentId, input.departmentId));
    if (input.roleId !== undefined) filters.push(eq(staffUser.roleId, input.roleId));
    if (input.enabled !== undefined) filters.push(eq(staffUser.enabled, input.enabled));
    const where = and(...filters);
    const [total] = await db.select({ n: count() }).from(staffUser).where(where);
    const rows = await db
      .select({
        id: staffUser.id,
        name: staffUser.name,
        loginAccount: staffUser.loginAccount,
        phone: staffUser.phone,
        email: staffUser.email,
        departmentId: staffUser.departmentId,
        departmentName: sysOrg.name,
        roleId: staffUser.roleId,
        roleName: sysRole.name,
        enabled: staffUser.enabled,
        createdAt: staffUser.createdAt,
      })
      .from(staffUser)
      .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
      .leftJoin(sysOrg, and(eq(sysOrg.id, staffUser.departmentId), eq(sysOrg.companyId, staffUser.companyId)))
      .where(where)
      .orderBy(desc(staffUser.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize);
    return {
      total: total!.n,
      list: rows.map((r) => ({ ...r, departmentName: r.departmentName ?? '', createdAt: r.createdAt.toISOString() })),
    };
  });

  defineRoute(
    app,
    saveStaff,
    async ({ input, session }) => {
      const role = await roleOf(db, session.companyId, input.roleId);
      if (!role) throw badRequest('角色不存在');
      if (input.departmentId !== null) {
        const [department] = await db
          .select({ id: sysOrg.id })
          .from(sysOrg)
          .where(and(eq(sysOrg.id, input.departmentId), eq(sysOrg.companyId, session.companyId)));
        if (!department) throw badRequest('部门不存在');
      }
      const values = {
        name: input.name,
        nickName: input.name,
        loginAccount: input.loginAccount,
        phone: input.phone,
        email: input.email,
        departmentId: input.departmentId,
        roleId: input.roleId,
        enabled: input.enabled,
        updatedAt: new Date(),
      };
      try {
        if (input.id !== undefined) {
          const id = input.id;
          await db.transaction(async (tx) => {
            await lockCompany(tx as unknown as Db, session.companyId);
            const [existing] = await tx
              .select({ id: staffUser.id, enabled: staffUser.enabled })
              .from(staffUser)
              .where(and(eq(staffUser.id, id), eq(staffUser.companyId, session.companyId)));
            if (!existing) throw notFound('工作人员不存在');
            if (!input.enabled && existing.id === session.userId) throw conflict('不能停用自己的账号');
            if (!input.enabled || !role.isAdmin) await assertAdminRemains(tx as unknown as Db, session.companyId, existing.id);
            await tx.update(staffUser).set(values).where(eq(staffUser.id, existing.id));
            if (existing.enabled && !input.enabled) await endSessionsOfUser(tx as unknown as Db, existing.id, 'elsewhere');
          });
          return { id };
        }
        if (input.password === undefined) throw badRequest('请输入初始密码');
        const passwordHash = await hashPassword(input.password);
        const [row] = await db
          .insert(staffUser)
          .values({ ...values, companyId: session.companyId, passwordHash })
          .returning({ id: staffUser.id });
        return { id: row!.id };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`登录账号“${input.loginAccount}”已被使用，请换一个`);
        if (isForeignKeyViolation(error)) throw conflict('所选角色或部门刚被删除，请刷新后重新选择');
        throw error;
      }
    },
    { successMsg: '保存成功', changesSessions: true },
  );

  defineRoute(
    app,
    resetStaffPassword,
    async ({ input, session }) => {
      const [user] = await db
        .select({ id: staffUser.id, loginAccount: staffUser.loginAccount })
        .from(staffUser)
        .where(and(eq(staffUser.id, input.id), eq(staffUser.companyId, session.companyId)));
      if (!user) throw notFound('工作人员不存在');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(staffUser).set({ passwordHash, updatedAt: new Date() }).where(eq(staffUser.id, user.id));
        // A new password lifts the sign-in lock from every address.
        await tx.delete(loginAttempt).where(eq(loginAttempt.loginAccount, user.loginAccount));
        await endSessionsOfUser(tx as unknown as Db, user.id, 'elsewhere');
      });
      return null;
    },
    { successMsg: '密码已重置', changesSessions: true },
  );

  defineRoute(
    app,
    setStaffEnabled,
    async ({ input, session }) => {
      await db.transaction(async (tx) => {
        await lockCompany(tx as unknown as Db, session.companyId);
        const [user] = await tx
          .select({ id: staffUser.id })
          .from(staffUser)
          .where(and(eq(staffUser.id, input.id), eq(staffUser.companyId, session.companyId)));
        if (!user) throw notFound('工作人员不存在');
        if (!input.enabled) {
          if (user.id === session.userId) throw conflict('不能停用自己的账号');
          await assertAdminRemains(tx as unknown as Db, session.companyId, user.id);
        }
        await tx.update(staffUser).set({ enabled: input.enabled, updatedAt: new Date() }).where(eq(staffUser.id, user.id));
        // A disabled account's sessions end at once.
        if (!input.enabled) await endSessionsOfUser(tx as unknown as Db, user.id, 'elsewhere');
      });
      return null;
    },
    { changesSessions: true },
  );
}
