import { type Permission, ResultCode } from '@zhaokao/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staffUser, sysRole, userSession } from '../../db/tables.js';
import { sha256 } from '../../shared/crypto.js';
import { tokenError } from '../../shared/errors.js';
import type { Session, Sessions } from '../../shared/session.js';

interface SessionRow {
  sessionId: number;
  userId: number;
  companyId: number;
  expiresAt: Date;
  endReason: string | null;
  enabled: boolean;
  roleId: number;
  permissions: Permission[];
  passwordMustChange: boolean;
}

async function readSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      sessionId: userSession.id,
      userId: userSession.userId,
      companyId: userSession.companyId,
      expiresAt: userSession.expiresAt,
      endReason: userSession.endReason,
      // A linked account (issue 12) lasts only while the headquarters' staff member it belongs to is enabled.
      enabled: sql<boolean>`(${staffUser.enabled} and coalesce((select hq.enabled from ${staffUser} hq where hq.id = ${staffUser.linkedStaffId}), true))`,
      roleId: staffUser.roleId,
      permissions: sysRole.permissions,
      passwordMustChange: staffUser.passwordMustChange,
    })
    .from(userSession)
    .innerJoin(staffUser, eq(staffUser.id, userSession.userId))
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .where(eq(userSession.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** The session of a row read for a token, or the token error SPEC §8 names. */
function sessionOf(row: SessionRow | undefined): Session {
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
    passwordMustChange: row.passwordMustChange,
  };
}

const MAX_CACHED_SESSIONS = 10_000;

/**
 * Sessions by token. Every call checks a session, so the rows read are kept for `cacheSeconds`
 * (one database round trip less per call). Whatever ends a session or changes what it may do — sign-out,
 * a password change or reset, a staff member disabled or given another role, a role's permissions —
 * calls `forget()` once it has committed; `generation` keeps a read that started before that from
 * being cached after it. With more than one server process, another process's change is seen only
 * when the cached row expires: set SESSION_CACHE_SECONDS to 0 there (see README).
 */
export class SessionStore implements Sessions {
  private readonly cache = new Map<string, { row: SessionRow; until: number }>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly cacheSeconds: number,
  ) {}

  async fromToken(token: string | undefined): Promise<Session> {
    if (!token) throw tokenError(ResultCode.TOKEN_ILLEGAL, '未登录或登录状态无效，请重新登录');
    const tokenHash = sha256(token);
    const cached = this.cache.get(tokenHash);
    if (cached && cached.until > Date.now()) return sessionOf(cached.row);
    const generation = this.generation;
    const row = await readSession(this.db, tokenHash);
    if (row && this.cacheSeconds > 0 && generation === this.generation) {
      this.cache.delete(tokenHash);
      if (this.cache.size >= MAX_CACHED_SESSIONS) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(tokenHash, { row, until: Date.now() + this.cacheSeconds * 1000 });
    }
    return sessionOf(row);
  }

  forget() {
    this.generation += 1;
    this.cache.clear();
  }
}

/** Ends every open session of a user, e.g. after a password reset or when the account is disabled. */
export async function endSessionsOfUser(db: Db, userId: number, reason: 'elsewhere' | 'logout') {
  await db
    .update(userSession)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(userSession.userId, userId), isNull(userSession.endedAt)));
}
