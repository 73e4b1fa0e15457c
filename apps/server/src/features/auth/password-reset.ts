import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { loginAttempt, passwordResetCode, staffUser } from '../../db/tables.js';
import { hashPassword, sha256, sixDigitCode } from '../../shared/crypto.js';
import { badRequest } from '../../shared/errors.js';
import type { Mailer } from '../../shared/mailer.js';
import { endSessionsOfUser } from './sessions.js';

export const CODE_VALID_MINUTES = 10;
export const RESEND_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;

/** The account a reset is for, or null when there is none or it is disabled: callers answer both alike. */
async function findUser(db: Db, loginAccount: string) {
  const [user] = await db.select().from(staffUser).where(eq(staffUser.loginAccount, loginAccount)).limit(1);
  return user?.enabled ? user : null;
}

/**
 * Mails a code to the account's address. The caller answers the same whatever happens here — no such account,
 * a disabled one, no e-mail address, a code sent less than a minute ago — and the mail goes out after the answer,
 * so neither the answer nor its timing tells which accounts exist. A mail that fails is logged and its code removed,
 * so the next request is not held back.
 */
export async function requestResetCode(db: Db, mailer: Mailer, loginAccount: string, log: FastifyBaseLogger) {
  const user = await findUser(db, loginAccount);
  if (!user?.email) return;
  const email = user.email;
  const code = sixDigitCode();
  // The user's row is locked while the last minute's codes are looked at, so parallel requests send one code.
  const issued = await db.transaction(async (tx) => {
    await tx.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.id, user.id)).for('update');
    const [recent] = await tx
      .select({ id: passwordResetCode.id })
      .from(passwordResetCode)
      .where(
        and(
          eq(passwordResetCode.userId, user.id),
          gt(passwordResetCode.createdAt, new Date(Date.now() - RESEND_SECONDS * 1000)),
        ),
      )
      .limit(1);
    if (recent) return null;
    const [row] = await tx
      .insert(passwordResetCode)
      .values({
        userId: user.id,
        codeHash: sha256(`${user.id}:${code}`),
        expiresAt: new Date(Date.now() + CODE_VALID_MINUTES * 60_000),
      })
      .returning({ id: passwordResetCode.id });
    return row!;
  });
  if (!issued) return;
  mailer
    .send({
      to: email,
      subject: '【招考】找回密码验证码',
      text: `${user.name}，您好：\n\n您正在找回招考管理系统账号 ${user.loginAccount} 的密码，验证码为 ${code}，${CODE_VALID_MINUTES} 分钟内有效。\n如非本人操作，请忽略本邮件。`,
    })
    .catch(async (error: unknown) => {
      log.error({ err: error, userId: user.id }, 'password reset mail failed');
      // A code nobody received must not hold back the next request for a minute.
      await db.delete(passwordResetCode).where(eq(passwordResetCode.id, issued.id));
    })
    .catch((error: unknown) => log.error({ err: error }, 'removing an unsent reset code failed'));
}

export async function resetWithCode(db: Db, input: { loginAccount: string; code: string; newPassword: string }) {
  const user = await findUser(db, input.loginAccount);
  // No such account (or a disabled one) has no code to use: the same answer as an account whose code is spent.
  if (!user) throw badRequest('验证码已失效，请重新获取');
  // Only the latest code issued counts: a newer code or a completed reset retires every earlier one. Each try is
  // counted before the code is compared, in one statement, so parallel tries cannot exceed MAX_CODE_ATTEMPTS.
  const latestId = db
    .select({ id: passwordResetCode.id })
    .from(passwordResetCode)
    .where(eq(passwordResetCode.userId, user.id))
    .orderBy(desc(passwordResetCode.createdAt), desc(passwordResetCode.id))
    .limit(1);
  const [latest] = await db
    .update(passwordResetCode)
    .set({ attempts: sql`${passwordResetCode.attempts} + 1` })
    .where(
      and(
        sql`${passwordResetCode.id} = (${latestId})`,
        isNull(passwordResetCode.usedAt),
        gt(passwordResetCode.expiresAt, sql`now()`),
        lt(passwordResetCode.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning();
  if (!latest) throw badRequest('验证码已失效，请重新获取');
  if (latest.codeHash !== sha256(`${user.id}:${input.code}`)) throw badRequest('验证码不正确');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // Marked used only if still unused, so two requests with the same code cannot both succeed.
    const claimed = await tx
      .update(passwordResetCode)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetCode.id, latest.id), isNull(passwordResetCode.usedAt)))
      .returning({ id: passwordResetCode.id });
    if (claimed.length === 0) throw badRequest('验证码已失效，请重新获取');
    await tx
      .update(staffUser)
      .set({ passwordHash, passwordMustChange: false, updatedAt: new Date() })
      .where(eq(staffUser.id, user.id));
    // A new password lifts the sign-in lock from every address.
    await tx.delete(loginAttempt).where(eq(loginAttempt.loginAccount, user.loginAccount));
    await endSessionsOfUser(tx, user.id, 'elsewhere');
  });
}
