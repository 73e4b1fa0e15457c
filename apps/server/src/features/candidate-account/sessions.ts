import { CANDIDATE_TOKEN_COOKIE, CANDIDATE_TOKEN_HEADER, type CandidateUser, ResultCode } from '@zhaokao/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { candidateAccount, candidateSession } from '../../db/tables.js';
import { newToken, sha256 } from '../../shared/crypto.js';
import { tokenError } from '../../shared/errors.js';
import { maskPhone } from '../../shared/masks.js';

/** A signed-in candidate, as the candidate calls' guard reads it. */
export interface CandidateSession {
  sessionId: number;
  candidateId: number;
  phone: string;
}

/** The candidate token of a request: the `X-Candidate-Token` header of API clients, else the browser's cookie. */
export function candidateToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CANDIDATE_TOKEN_HEADER];
  return (Array.isArray(header) ? header[0] : header) || request.cookies[CANDIDATE_TOKEN_COOKIE] || undefined;
}

const checked = new WeakMap<FastifyRequest, CandidateSession>();

/**
 * The candidate session of the request (read once per request), or the token error staff get for the same state:
 * a staff or operator token is no candidate's, as a candidate's token is refused by their calls (other tables).
 */
export async function candidateOf(db: Db, request: FastifyRequest): Promise<CandidateSession> {
  const known = checked.get(request);
  if (known) return known;
  const token = candidateToken(request);
  if (!token) throw tokenError(ResultCode.TOKEN_ILLEGAL, '未登录或登录状态无效，请重新登录');
  const [row] = await db
    .select({
      sessionId: candidateSession.id,
      candidateId: candidateSession.candidateId,
      phone: candidateAccount.phone,
      expiresAt: candidateSession.expiresAt,
      endReason: candidateSession.endReason,
    })
    .from(candidateSession)
    .innerJoin(candidateAccount, eq(candidateAccount.id, candidateSession.candidateId))
    .where(eq(candidateSession.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.endReason === 'logout') throw tokenError(ResultCode.TOKEN_ILLEGAL, '登录状态无效，请重新登录');
  if (row.endReason) throw tokenError(ResultCode.TOKEN_ELSEWHERE, '您的登录已在别处结束（密码已重置），请重新登录');
  if (row.expiresAt.getTime() <= Date.now()) throw tokenError(ResultCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  const session = { sessionId: row.sessionId, candidateId: row.candidateId, phone: row.phone };
  checked.set(request, session);
  return session;
}

/** Opens a session for a candidate and answers what a sign-in answers (the number masked). */
export async function startCandidateSession(db: Db, account: { id: number; phone: string }, ttlHours: number): Promise<CandidateUser & { token: string }> {
  const token = newToken();
  await db.insert(candidateSession).values({
    tokenHash: sha256(token),
    candidateId: account.id,
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
  return { id: account.id, phone: maskPhone(account.phone), token };
}

/** Ends the session of `token` if it still lives: one statement, whatever state the session is in. */
export async function endCandidateSession(db: Db, token: string) {
  await db
    .update(candidateSession)
    .set({ endedAt: new Date(), endReason: 'logout' })
    .where(and(eq(candidateSession.tokenHash, sha256(token)), isNull(candidateSession.endedAt)));
}

/** Ends every open session of a candidate (after a password reset): they answer 50012 from then on. */
export async function endSessionsOfCandidate(db: Db, candidateId: number) {
  await db
    .update(candidateSession)
    .set({ endedAt: new Date(), endReason: 'elsewhere' })
    .where(and(eq(candidateSession.candidateId, candidateId), isNull(candidateSession.endedAt)));
}
