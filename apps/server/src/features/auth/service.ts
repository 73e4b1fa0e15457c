import type { LoginUser, SessionUser } from '@zhaokao/contracts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { company, staffUser, sysDict, sysRole, userSession } from '../../db/schema.js';
import { hashPassword, newToken, sha256, verifyPassword } from '../../shared/crypto.js';
import { badRequest, forbidden, notFound } from '../../shared/errors.js';
import type { Session } from '../../shared/session.js';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

export async function login(
  db: Db,
  input: { loginAccount: string; password: string },
  ttlHours: number,
): Promise<LoginUser> {
  const [user] = await db.select().from(staffUser).where(eq(staffUser.loginAccount, input.loginAccount)).limit(1);
  if (!user) throw badRequest('账号不存在，请检查后重新输入');
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    const minutes = Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000);
    throw badRequest(`密码错误次数过多，账号已锁定，请 ${minutes} 分钟后再试`);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const failed = user.failedLoginCount + 1;
    const locked = failed >= MAX_FAILED_LOGINS;
    await db
      .update(staffUser)
      .set({
        failedLoginCount: locked ? 0 : failed,
        lockedUntil: locked ? new Date(Date.now() + LOCK_MINUTES * 60_000) : null,
      })
      .where(eq(staffUser.id, user.id));
    throw badRequest(
      locked
        ? `密码错误次数过多，账号已锁定，请 ${LOCK_MINUTES} 分钟后再试`
        : `密码错误，再错 ${MAX_FAILED_LOGINS - failed} 次账号将锁定 ${LOCK_MINUTES} 分钟`,
    );
  }
  if (!user.enabled) throw badRequest('该账号已停用，请联系单位管理员');

  const token = newToken();
  const [role] = await db.select().from(sysRole).where(eq(sysRole.id, user.roleId));
  const [comp] = await db.select().from(company).where(eq(company.id, user.companyId));
  await db.transaction(async (tx) => {
    await tx.update(staffUser).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(staffUser.id, user.id));
    await tx.insert(userSession).values({
      tokenHash: sha256(token),
      companyId: user.companyId,
      userId: user.id,
      expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
    });
  });
  return {
    token,
    id: user.id,
    nickName: user.nickName || user.name,
    userHead: user.userHead,
    company: { id: comp!.id, name: comp!.name, logo: comp!.logo },
    permissions: role!.permissions,
  };
}

export async function userInfo(db: Db, session: Session, roleId?: number): Promise<SessionUser> {
  if (roleId !== undefined && roleId !== session.roleId) throw forbidden('您不属于该角色');
  const [row] = await db
    .select({ user: staffUser, role: sysRole, company, industryName: sysDict.label })
    .from(staffUser)
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .innerJoin(company, eq(company.id, staffUser.companyId))
    .leftJoin(sysDict, and(eq(sysDict.type, 'industry'), eq(sysDict.value, company.industry)))
    .where(and(eq(staffUser.id, session.userId), eq(staffUser.companyId, session.companyId)));
  if (!row) throw notFound('用户信息不存在');
  return {
    id: row.user.id,
    name: row.user.name,
    nickName: row.user.nickName || row.user.name,
    userHead: row.user.userHead,
    loginAccount: row.user.loginAccount,
    phone: row.user.phone,
    email: row.user.email,
    roleId: row.role.id,
    roleName: row.role.name,
    company: {
      id: row.company.id,
      name: row.company.name,
      logo: row.company.logo,
      industryName: row.industryName ?? '',
      address: row.company.address,
    },
    permissions: row.role.permissions,
  };
}

export async function logoutSession(db: Db, session: Session) {
  await db
    .update(userSession)
    .set({ endedAt: new Date(), endReason: 'logout' })
    .where(eq(userSession.id, session.sessionId));
}

export async function saveMyInfo(
  db: Db,
  session: Session,
  input: { name: string; userHead: string; phone: string; email: string },
) {
  await db
    .update(staffUser)
    .set({ ...input, nickName: input.name, updatedAt: new Date() })
    .where(and(eq(staffUser.id, session.userId), eq(staffUser.companyId, session.companyId)));
}

export async function changePassword(db: Db, session: Session, oldPassword: string, newPassword: string) {
  const [user] = await db.select().from(staffUser).where(eq(staffUser.id, session.userId));
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) throw badRequest('原密码不正确');
  if (oldPassword === newPassword) throw badRequest('新密码不能与原密码相同');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(staffUser).set({ passwordHash, updatedAt: new Date() }).where(eq(staffUser.id, user.id));
    // Other devices signed in with the old password are signed out; this one stays.
    await tx
      .update(userSession)
      .set({ endedAt: new Date(), endReason: 'elsewhere' })
      .where(and(eq(userSession.userId, user.id), ne(userSession.id, session.sessionId), isNull(userSession.endedAt)));
  });
}
