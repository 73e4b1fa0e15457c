import type { CandidateUser } from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { candidateAccount } from '../../db/tables.js';
import { hashPassword } from '../../shared/crypto.js';
import { badRequest, conflict } from '../../shared/errors.js';
import { maskPhone } from '../../shared/masks.js';
import { checkSignIn, clearLoginAttempts } from '../auth/index.js';
import { CODE_SPENT, claimCode, tryCode } from './codes.js';
import { type CandidateSession, endSessionsOfCandidate, startCandidateSession } from './sessions.js';

/**
 * The sign-in lock is the staff one (features/auth: 5 failures from one address lock that address out for 15 minutes);
 * a candidate's tries are counted apart from any staff or operator account by the prefix.
 */
const lockKeyOf = (phone: string) => `candidate:${phone}`;

/** Signs up the number whose sign-up code this is, and signs the new candidate in. */
export async function signUp(db: Db, input: { phone: string; code: string; password: string }, ttlHours: number) {
  const tried = await tryCode(db, input.phone, 'register', input.code);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await claimCode(tx, tried);
    // The unique number decides between parallel sign-ups that got this far; a refusal rolls the code's use back.
    const [account] = await tx
      .insert(candidateAccount)
      .values({ phone: input.phone, passwordHash })
      .onConflictDoNothing({ target: candidateAccount.phone })
      .returning({ id: candidateAccount.id, phone: candidateAccount.phone });
    if (!account) throw conflict('该手机号已注册，请直接登录');
    return startCandidateSession(tx, account, ttlHours);
  });
}

/** Signs a candidate in under the staff sign-in lock; an unknown number answers and takes as a wrong password does. */
export async function candidateSignIn(db: Db, input: { phone: string; password: string }, client: string, ttlHours: number) {
  const [account] = await db.select().from(candidateAccount).where(eq(candidateAccount.phone, input.phone)).limit(1);
  await checkSignIn(db, lockKeyOf(input.phone), client, account?.passwordHash, input.password);
  if (!account) throw new Error('unreachable: checkSignIn refuses an unknown account');
  return db.transaction(async (tx) => {
    await clearLoginAttempts(tx, lockKeyOf(account.phone), client);
    return startCandidateSession(tx, account, ttlHours);
  });
}

/**
 * Sets a new password with the number's reset code: the sign-in lock is lifted from every address and every session
 * of the candidate ends. A number without an account answers as a spent code does (nobody was sent one).
 */
export async function resetWithCode(db: Db, input: { phone: string; code: string; newPassword: string }) {
  const tried = await tryCode(db, input.phone, 'reset', input.code);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await claimCode(tx, tried);
    const [account] = await tx
      .update(candidateAccount)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(candidateAccount.phone, input.phone))
      .returning({ id: candidateAccount.id });
    if (!account) throw badRequest(CODE_SPENT);
    await clearLoginAttempts(tx, lockKeyOf(input.phone));
    await endSessionsOfCandidate(tx, account.id);
  });
}

export const candidateUserOf = (session: CandidateSession): CandidateUser => ({ id: session.candidateId, phone: maskPhone(session.phone) });
