import { ResultCode } from '@zhaokao/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { staffUser, sysRole, userSession } from '../db/schema.js';
import { sha256 } from './crypto.js';
import { tokenError } from './errors.js';

export interface Session {
  sessionId: number;
  userId: number;
  companyId: number;
  roleId: number;
  permissions: string[];
}

export const TOKEN_HEADER = 'x-token';
/** The web app keeps the token in this cookie (SPEC §9); only file downloads read it from there. */
export const TOKEN_COOKIE = 'Admin-Token';

/** The session a token belongs to, or the token error SPEC §8 names. */
export async function sessionFromToken(db: Db, token: string | undefined): Promise<Session> {
  if (!token) throw tokenError(ResultCode.TOKEN_ILLEGAL, '未登录或登录状态无效，请重新登录');
  const [row] = await db
    .select({
      sessionId: userSession.id,
      userId: userSession.userId,
      companyId: userSession.companyId,
      expiresAt: userSession.expiresAt,
      endReason: userSession.endReason,
      enabled: staffUser.enabled,
      roleId: staffUser.roleId,
      permissions: sysRole.permissions,
    })
    .from(userSession)
    .innerJoin(staffUser, eq(staffUser.id, userSession.userId))
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .where(eq(userSession.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.endReason === 'logout') {
    throw tokenError(ResultCode.TOKEN_ILLEGAL, '登录状态无效，请重新登录');
  }
  if (row.endReason || !row.enabled) {
    throw tokenError(ResultCode.TOKEN_ELSEWHERE, '您的登录已在别处结束（密码已重置或账号已停用），请重新登录');
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    throw tokenError(ResultCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    companyId: row.companyId,
    roleId: row.roleId,
    permissions: row.permissions,
  };
}

/** Ends every open session of a user, e.g. after a password reset or when the account is disabled. */
export async function endSessionsOfUser(db: Db, userId: number, reason: 'elsewhere' | 'logout') {
  await db
    .update(userSession)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(userSession.userId, userId), isNull(userSession.endedAt)));
}
