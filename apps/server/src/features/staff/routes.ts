import {
  deleteRole, resetStaffPassword, roleList, saveRole, saveStaff, setStaffEnabled, staffList, staffRow,
} from '@zhaokao/contracts';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { loginAttempt, staffUser, sysOrg, sysRole } from '../../db/tables.js';
import { deleteOwned } from '../../db/in-use.js';
import { hashPassword } from '../../shared/crypto.js';
import { refusingViolations } from '../../shared/db-errors.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { lockCompany } from '../company/index.js';
import { defineRoute } from '../../shared/route.js';
import { endSessionsOfUser } from '../auth/index.js';
import { emptyIfNull, findOwned, loadOwned, pagedRows, timestampText } from '../../shared/rows.js';
import { listWhere } from '../../shared/sql.js';


const STAFF_MISSING = '工作人员不存在';

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
    return db
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
  });

  defineRoute(
    app,
    saveRole,
    async ({ input, session }) => {
      const permissions = [...new Set(input.permissions)];
      return refusingViolations(async () => {
        if (input.id !== undefined) {
          const role = await loadOwned(db, sysRole, input.id, session.companyId, '角色不存在');
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
      }, {
        unique: conflict(`已有名为“${input.name}”的角色`),
      });
    },
    { successMsg: '保存成功', changesSessions: true },
  );

  defineRoute(
    app,
    deleteRole,
    async ({ input, session }) => {
      await deleteOwned(db, sysRole, input.id, session.companyId, {
        missing: '角色不存在',
        name: (role) => role.name,
        before: (_, role) => {
          if (role.isAdmin) throw conflict('单位管理员角色不能删除');
        },
      });
      return null;
    },
    { successMsg: '删除成功' },
  );

  defineRoute(app, staffList, async ({ input, session }) => {
    const where = listWhere(staffUser, session.companyId, input, {
      equal: ['departmentId', 'roleId', 'enabled'],
      keywordIn: [staffUser.name, staffUser.loginAccount, staffUser.phone],
    });
    const query = db
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
      .orderBy(desc(staffUser.id));
    const row = staffRow.extend({ departmentName: emptyIfNull, createdAt: timestampText });
    return pagedRows(db, { table: staffUser, where, select: query.$dynamic() }, row, input);
  });

  defineRoute(
    app,
    saveStaff,
    async ({ input, session }) => {
      const role = await findOwned(db, sysRole, input.roleId, session.companyId);
      if (!role) throw badRequest('角色不存在');
      if (input.departmentId !== null && !(await findOwned(db, sysOrg, input.departmentId, session.companyId))) {
        throw badRequest('部门不存在');
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
      return refusingViolations(async () => {
        if (input.id !== undefined) {
          const id = input.id;
          await db.transaction(async (tx) => {
            await lockCompany(tx, session.companyId);
            const existing = await loadOwned(tx, staffUser, id, session.companyId, STAFF_MISSING);
            if (!input.enabled && existing.id === session.userId) throw conflict('不能停用自己的账号');
            if (!input.enabled || !role.isAdmin) await assertAdminRemains(tx, session.companyId, existing.id);
            await tx.update(staffUser).set(values).where(eq(staffUser.id, existing.id));
            if (existing.enabled && !input.enabled) await endSessionsOfUser(tx, existing.id, 'elsewhere');
          });
          return { id };
        }
        if (input.password === undefined) throw badRequest('请输入初始密码');
        const passwordHash = await hashPassword(input.password);
        const [row] = await db
          .insert(staffUser)
          .values({ ...values, companyId: session.companyId, passwordHash, passwordMustChange: true })
          .returning({ id: staffUser.id });
        return { id: row!.id };
      }, {
        unique: conflict(`登录账号“${input.loginAccount}”已被使用，请换一个`),
        foreignKey: conflict('所选角色或部门刚被删除，请刷新后重新选择'),
      });
    },
    { successMsg: '保存成功', changesSessions: true },
  );

  defineRoute(
    app,
    resetStaffPassword,
    async ({ input, session }) => {
      const user = await loadOwned(db, staffUser, input.id, session.companyId, STAFF_MISSING);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        // Someone else's password: its holder chooses their own at the next sign-in (not so for one's own).
        await tx
          .update(staffUser)
          .set({ passwordHash, passwordMustChange: user.id !== session.userId, updatedAt: new Date() })
          .where(eq(staffUser.id, user.id));
        // A new password lifts the sign-in lock from every address.
        await tx.delete(loginAttempt).where(eq(loginAttempt.loginAccount, user.loginAccount));
        await endSessionsOfUser(tx, user.id, 'elsewhere');
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
        await lockCompany(tx, session.companyId);
        const user = await loadOwned(tx, staffUser, input.id, session.companyId, STAFF_MISSING);
        if (!input.enabled) {
          if (user.id === session.userId) throw conflict('不能停用自己的账号');
          await assertAdminRemains(tx, session.companyId, user.id);
        }
        await tx.update(staffUser).set({ enabled: input.enabled, updatedAt: new Date() }).where(eq(staffUser.id, user.id));
        // A disabled account's sessions end at once.
        if (!input.enabled) await endSessionsOfUser(tx, user.id, 'elsewhere');
      });
      return null;
    },
    { changesSessions: true },
  );
}
