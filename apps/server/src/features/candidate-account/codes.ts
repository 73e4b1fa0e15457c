import {
  CANDIDATE_CODE_MAX_ATTEMPTS, CANDIDATE_CODE_RESEND_SECONDS, CANDIDATE_CODE_VALID_MINUTES,
  type CandidateCodePurpose,
} from '@zhaokao/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { candidateAccount, candidateCode } from '../../db/tables.js';
import { sha256, sixDigitCode } from '../../shared/crypto.js';
import { badRequest } from '../../shared/errors.js';
import type { SmsSender } from '../../shared/sms.js';
import { rowsOf } from '../../shared/sql.js';

export const CODE_SPENT = '验证码已失效，请重新获取';
export const CODE_WRONG = '验证码不正确';

const codeHashOf = (phone: string, purpose: CandidateCodePurpose, code: string) => sha256(`${phone}:${purpose}:${code}`);

/** A code that passed its counted try: the row it came from, to be claimed in the transaction that uses it. */
export interface TriedCode {
  id: number;
  codeHash: string;
}

/**
 * Issues a code to `phone` and sends it by SMS when the purpose fits the number: a sign-up code to a number without
 * an account, a reset code to a number with one. Either way the code is written by the same statement and the
 * caller answers the same, so neither the answer nor its timing tells which numbers are registered; the SMS goes out
 * after the answer. The statement inserts the number's row, or replaces a code older than the resend interval: of
 * parallel requests only one passes; the others answer `{ waitSeconds }` and send nothing. A failed SMS is logged
 * and its code removed, so that the next request is not held back.
 */
export async function issueCode(
  db: Db,
  sms: SmsSender,
  input: { phone: string; purpose: CandidateCodePurpose },
  log: FastifyBaseLogger,
): Promise<{ waitSeconds: number } | null> {
  const { phone, purpose } = input;
  const [account] = await db.select({ id: candidateAccount.id }).from(candidateAccount).where(eq(candidateAccount.phone, phone));
  const code = sixDigitCode();
  const codeHash = codeHashOf(phone, purpose, code);
  const [issued] = await db
    .insert(candidateCode)
    .values({ phone, purpose, codeHash, expiresAt: sql`now() + make_interval(mins => ${CANDIDATE_CODE_VALID_MINUTES})` })
    .onConflictDoUpdate({
      target: candidateCode.phone,
      set: {
        purpose,
        codeHash,
        attempts: 0,
        sentAt: sql`now()`,
        expiresAt: sql`now() + make_interval(mins => ${CANDIDATE_CODE_VALID_MINUTES})`,
        usedAt: null,
      },
      setWhere: sql`${candidateCode.sentAt} <= now() - make_interval(secs => ${CANDIDATE_CODE_RESEND_SECONDS})`,
    })
    .returning({ id: candidateCode.id });
  if (!issued) return { waitSeconds: await secondsUntilResend(db, phone) };
  if ((purpose === 'register') === Boolean(account)) return null;
  sms
    .send(phone, code, purpose)
    .catch(async (error: unknown) => {
      log.error({ err: error }, 'candidate SMS code failed');
      // A code nobody received must not hold back the next request for a minute (unless a newer one replaced it).
      await db.delete(candidateCode).where(and(eq(candidateCode.id, issued.id), eq(candidateCode.codeHash, codeHash)));
    })
    .catch((error: unknown) => log.error({ err: error }, 'removing an unsent candidate code failed'));
  return null;
}

/** For the words of a refused resend only: how long until the number's code may be replaced. */
async function secondsUntilResend(db: Db, phone: string) {
  const [row] = await rowsOf<{ seconds: number }>(
    db,
    sql`select ceil(extract(epoch from (sent_at + make_interval(secs => ${CANDIDATE_CODE_RESEND_SECONDS}) - now())))::int as seconds
      from candidate_code where phone = ${phone}`,
  );
  return Math.min(CANDIDATE_CODE_RESEND_SECONDS, Math.max(1, row?.seconds ?? 1));
}

/**
 * Counts a try of the number's live code for `purpose`, then compares it. The try is counted before the comparison,
 * in one statement that passes only while fewer than CANDIDATE_CODE_MAX_ATTEMPTS were made, so parallel guesses
 * cannot exceed them: after that even the right code is refused.
 */
export async function tryCode(db: Db, phone: string, purpose: CandidateCodePurpose, code: string): Promise<TriedCode> {
  const [row] = await db
    .update(candidateCode)
    .set({ attempts: sql`${candidateCode.attempts} + 1` })
    .where(
      and(
        eq(candidateCode.phone, phone),
        eq(candidateCode.purpose, purpose),
        isNull(candidateCode.usedAt),
        gt(candidateCode.expiresAt, sql`now()`),
        lt(candidateCode.attempts, CANDIDATE_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: candidateCode.id, codeHash: candidateCode.codeHash });
  if (!row) throw badRequest(CODE_SPENT);
  if (row.codeHash !== codeHashOf(phone, purpose, code)) throw badRequest(CODE_WRONG);
  return row;
}

/**
 * Uses up a code that passed `tryCode`, in the transaction of what it allows: only if it is still unused and still
 * the number's code, so that of parallel requests with the same code one goes through.
 */
export async function claimCode(db: Db, tried: TriedCode) {
  const claimed = await db
    .update(candidateCode)
    .set({ usedAt: sql`now()` })
    .where(and(eq(candidateCode.id, tried.id), eq(candidateCode.codeHash, tried.codeHash), isNull(candidateCode.usedAt)))
    .returning({ id: candidateCode.id });
  if (claimed.length === 0) throw badRequest(CODE_SPENT);
}
