import type { LoginUser, SessionUser } from '@zhaokao/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { company, loginAttempt, staffUser, sysDict, sysRole, userSession } from '../../db/tables.js';
import { hashPassword, newToken, sha256, verifyPassword } from '../../shared/crypto.js';
import { badRequest, forbidden, notFound } from '../../shared/errors.js';
import type { Session } from '../../shared/session.js';
import { companyIndustry } from '../company/index.js';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

const WRONG_CREDENTIALS = '账号或密码错误';
const lockedMessage = (minutes: number) => `密码错误次数过多，账号已锁定，请 ${minutes} 分钟后再试`;

/** Checked for unknown accounts, so that they take as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-password-0'));

/**
 * Claims one password check for this account name from this client, in one statement: concurrent requests each get
 * their own number, so no more than MAX_FAILED_LOGINS checks run before the lock. A lock that has run out, or tries
 * older than LOCK_MINUTES, start over at 1.
 */
async function claimAttempt(db: Db, loginAccount: string, client: string) {
  const stale = sql`(${loginAttempt.lockedUntil} <= now() OR (${loginAttempt.lockedUntil} IS NULL AND ${loginAttempt.updatedAt} <= now() - make_interval(mins => ${LOCK_MINUTES})))`;
  const [row] = await db
    .insert(loginAttempt)
    .values({ loginAccount, client, attempts: 1 })
    .onConflictDoUpdate({
      target: [loginAttempt.loginAccount, loginAttempt.client],
      set: {
        attempts: sql`CASE WHEN ${stale} THEN 1 ELSE ${loginAttempt.attempts} + 1 END`,
        lockedUntil: sql`CASE WHEN ${stale} THEN NULL ELSE ${loginAttempt.lockedUntil} END`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ attempts: loginAttempt.attempts, lockedUntil: loginAttempt.lockedUntil });
  return row!;
}

const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

/**
 * The password check under the sign-in lock, for staff and platform operators alike (`lockKey` names the account;
 * an operator's is prefixed so that it never shares a staff account's count). Unknown accounts (no `passwordHash`)
 * and wrong passwords answer alike and take alike, and both count towards the lock.
 */
export async function checkSignIn(db: Db, lockKey: string, client: string, passwordHash: string | undefined, password: string) {
  const attempt = await claimAttempt(db, lockKey, client);
  if (attempt.lockedUntil) throw badRequest(lockedMessage(minutesUntil(attempt.lockedUntil)));
  if (attempt.attempts > MAX_FAILED_LOGINS) throw badRequest(lockedMessage(LOCK_MINUTES));
  const passwordOk = await verifyPassword(passwordHash ?? (await dummyPasswordHash()), password);
  if (!passwordHash || !passwordOk) {
    if (attempt.attempts >= MAX_FAILED_LOGINS) {
      await db
        .update(loginAttempt)
        .set({ lockedUntil: sql`now() + make_interval(mins => ${LOCK_MINUTES})` })
        .where(and(eq(loginAttempt.loginAccount, lockKey), eq(loginAttempt.client, client)));
      throw badRequest(lockedMessage(LOCK_MINUTES));
    }
    throw badRequest(`${WRONG_CREDENTIALS}，再错 ${MAX_FAILED_LOGINS - attempt.attempts} 次账号将锁定 ${LOCK_MINUTES} 分钟`);
  }
}

/**
 * Signs a staff member in. The lock holds for one account name from one client address: a stranger elsewhere
 * cannot keep the owner out (see README). `signedIn` runs in the transaction that opens the session (its 操作日志 row).
 */
export async function login(
  db: Db,
  input: { loginAccount: string; password: string },
  client: string,
  ttlHours: number,
  signedIn: (tx: Db, user: { id: number; companyId: number }) => Promise<void> = async () => {},
): Promise<LoginUser> {
  const [user] = await db.select().from(staffUser).where(eq(staffUser.loginAccount, input.loginAccount)).limit(1);
  // A linked account (a headquarters' staff member in a subordinate unit, issue 12) has no password: it is reached
  // by switching only, and answers like an unknown account here, whatever password it may have been given.
  const passwordHash = user && user.linkedStaffId === null ? user.passwordHash : undefined;
  await checkSignIn(db, input.loginAccount, client, passwordHash, input.password);
  if (!user) throw new Error('unreachable: checkSignIn refuses an unknown account');
  if (!user.enabled) throw badRequest('该账号已停用，请联系单位管理员');
  return db.transaction(async (tx) => {
    await clearLoginAttempts(tx, user.loginAccount, client);
    const session = await startSession(tx, user, ttlHours);
    await signedIn(tx, user);
    return session;
  });
}

/**
 * Opens a session for a staff member and answers what a sign-in answers: by `login`, and by switching between a
 * headquarters and its units (features/company-units), which ends the caller's session in the same transaction.
 */
export async function startSession(
  db: Db,
  user: { id: number; companyId: number; roleId: number; name: string; nickName: string; userHead: string; passwordMustChange: boolean },
  ttlHours: number,
): Promise<LoginUser> {
  const token = newToken();
  const [role] = await db.select().from(sysRole).where(eq(sysRole.id, user.roleId));
  const [comp] = await db.select().from(company).where(eq(company.id, user.companyId));
  await db.insert(userSession).values({
    tokenHash: sha256(token),
    companyId: user.companyId,
    userId: user.id,
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
  return {
    token,
    id: user.id,
    nickName: user.nickName || user.name,
    userHead: user.userHead,
    company: { id: comp!.id, name: comp!.name, logo: comp!.logo },
    permissions: role!.permissions,
    passwordMustChange: user.passwordMustChange,
  };
}

/** Forgets failed sign-ins of an account: from one client after its success, from all after a password reset. */
export async function clearLoginAttempts(db: Db, loginAccount: string, client?: string) {
  await db
    .delete(loginAttempt)
    .where(
      client === undefined
        ? eq(loginAttempt.loginAccount, loginAccount)
        : and(eq(loginAttempt.loginAccount, loginAccount), eq(loginAttempt.client, client)),
    );
}

export async function userInfo(db: Db, session: Session, roleId?: number): Promise<SessionUser> {
  if (roleId !== undefined && roleId !== session.roleId) throw forbidden('您不属于该角色');
  const [row] = await db
    .select({ user: staffUser, role: sysRole, company, industryName: sysDict.label })
    .from(staffUser)
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .innerJoin(company, eq(company.id, staffUser.companyId))
    .leftJoin(sysDict, companyIndustry)
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
    // the contract's output keeps only the company's id, name, logo, industry name and address
    company: { ...row.company, industryName: row.industryName ?? '' },
    permissions: row.role.permissions,
    passwordMustChange: row.user.passwordMustChange,
  };
}

/** Ends a session; answers whether this call ended it (of two sign-outs at once, one does). */
export async function logoutSession(db: Db, session: Session): Promise<boolean> {
  const ended = await db
    .update(userSession)
    .set({ endedAt: new Date(), endReason: 'logout' })
    .where(and(eq(userSession.id, session.sessionId), isNull(userSession.endedAt)))
    .returning({ id: userSession.id });
  return ended.length > 0;
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
  if (user?.linkedStaffId != null) throw badRequest('您是从总部进入本单位的，请返回总部后修改密码');
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) throw badRequest('原密码不正确');
  if (oldPassword === newPassword) throw badRequest('新密码不能与原密码相同');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(staffUser).set({ passwordHash, passwordMustChange: false, updatedAt: new Date() }).where(eq(staffUser.id, user.id));
    // Other devices signed in with the old password are signed out; this one stays.
    await tx
      .update(userSession)
      .set({ endedAt: new Date(), endReason: 'elsewhere' })
      .where(and(eq(userSession.userId, user.id), ne(userSession.id, session.sessionId), isNull(userSession.endedAt)));
  });
}
