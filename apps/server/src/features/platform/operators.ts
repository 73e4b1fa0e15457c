import { OPERATOR_TOKEN_COOKIE, OPERATOR_TOKEN_HEADER, ResultCode } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { newToken, sha256 } from '../../shared/crypto.js';
import { badRequest, tokenError } from '../../shared/errors.js';
import { rowsOf } from '../../shared/sql.js';
import { checkSignIn, clearLoginAttempts } from '../auth/index.js';

/** An operator's session lasts a working day. */
const OPERATOR_SESSION_HOURS = 8;
/** The sign-in lock counts an operator's tries apart from any staff account of the same name. */
const lockKeyOf = (loginAccount: string) => `platform:${loginAccount}`;
const cookieOptions = { httpOnly: true, sameSite: 'strict', path: '/api/platform', secure: 'auto' } as const;

export interface OperatorSession {
  sessionId: number;
  operatorId: number;
  loginAccount: string;
  name: string;
}

/** Signs an operator in; `signedIn` runs in the transaction that opens the session (its 操作日志 row). */
export async function operatorSignIn(
  db: Db,
  reply: FastifyReply,
  input: { loginAccount: string; password: string },
  client: string,
  signedIn: (tx: Db, operator: { id: number; loginAccount: string; name: string }) => Promise<void> = async () => {},
) {
  const [operator] = await rowsOf<{ id: number; loginAccount: string; name: string; passwordHash: string; enabled: boolean }>(
    db,
    sql`select id, login_account as "loginAccount", name, password_hash as "passwordHash", enabled from platform_operator
      where login_account = ${input.loginAccount}`,
  );
  await checkSignIn(db, lockKeyOf(input.loginAccount), client, operator?.passwordHash, input.password);
  if (!operator) throw new Error('unreachable: checkSignIn refuses an unknown account');
  if (!operator.enabled) throw badRequest('该运营账号已停用');
  const token = newToken();
  await db.transaction(async (tx) => {
    await clearLoginAttempts(tx, lockKeyOf(operator.loginAccount), client);
    await tx.execute(sql`
      insert into operator_session (token_hash, operator_id, expires_at)
      values (${sha256(token)}, ${operator.id}, now() + make_interval(hours => ${OPERATOR_SESSION_HOURS}))`);
    await signedIn(tx, operator);
  });
  reply.setCookie(OPERATOR_TOKEN_COOKIE, token, { ...cookieOptions, maxAge: OPERATOR_SESSION_HOURS * 3600 });
  return { id: operator.id, loginAccount: operator.loginAccount, name: operator.name, token };
}

export function operatorToken(request: FastifyRequest): string | undefined {
  const header = request.headers[OPERATOR_TOKEN_HEADER];
  return (Array.isArray(header) ? header[0] : header) || request.cookies[OPERATOR_TOKEN_COOKIE] || undefined;
}

const checked = new WeakMap<FastifyRequest, OperatorSession>();

/** The operator's session of the request (read once per request), or 401 (a staff session is no operator's). */
export async function operatorOf(db: Db, request: FastifyRequest): Promise<OperatorSession> {
  const known = checked.get(request);
  if (known) return known;
  const token = operatorToken(request);
  const [session] = token
    ? await rowsOf<OperatorSession>(
        db,
        sql`select s.id as "sessionId", o.id as "operatorId", o.login_account as "loginAccount", o.name
          from operator_session s join platform_operator o on o.id = s.operator_id
          where s.token_hash = ${sha256(token)} and s.ended_at is null and s.expires_at > now() and o.enabled`,
      )
    : [];
  if (!session) throw tokenError(ResultCode.TOKEN_ILLEGAL, '运营后台登录状态无效，请重新登录');
  checked.set(request, session);
  return session;
}

/** Ends the operator's session; of two sign-outs at once the second finds it ended, as any later call would. */
export async function operatorSignOut(db: Db, reply: FastifyReply, session: OperatorSession) {
  reply.clearCookie(OPERATOR_TOKEN_COOKIE, cookieOptions);
  const ended = await rowsOf(db, sql`update operator_session set ended_at = now() where id = ${session.sessionId} and ended_at is null returning id`);
  if (ended.length === 0) throw tokenError(ResultCode.TOKEN_ILLEGAL, '运营后台登录状态无效，请重新登录');
}
