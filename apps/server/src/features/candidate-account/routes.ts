import {
  CANDIDATE_CODE_SENT_MESSAGE, CANDIDATE_TOKEN_COOKIE, SUCCESS_MESSAGES, candidateCodeWaitMessage,
  candidateInfo, candidateLogin, candidateLogout, registerCandidate, resetCandidatePassword,
  sendCandidateCode,
} from '@zhaokao/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooMany } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { clearSessionCookie, setSessionCookie } from '../../shared/session-cookie.js';
import { candidateSignIn, candidateUserOf, resetWithCode, signUp } from './accounts.js';
import { issueCode } from './codes.js';
import { candidateOf, candidateToken, endCandidateSession } from './sessions.js';

/**
 * The candidate accounts' calls (DESIGN §11). They are `auth: false` for the staff session; every call that needs a
 * signed-in candidate takes `guard`, the candidate session check, as the operator's calls take theirs.
 */
export function candidateAccountRoutes(app: FastifyInstance) {
  const { db, config, sms } = app.deps;
  const guard = (request: FastifyRequest) => candidateOf(db, request);

  defineRoute(
    app,
    sendCandidateCode,
    async ({ input, reply }) => {
      const refused = await issueCode(db, sms, input, app.log);
      if (refused) {
        reply.header('Retry-After', String(refused.waitSeconds));
        throw tooMany(candidateCodeWaitMessage(refused.waitSeconds));
      }
      return null;
    },
    { successMsg: CANDIDATE_CODE_SENT_MESSAGE, rateLimit: 'signIn' },
  );
  defineRoute(
    app,
    registerCandidate,
    async ({ input, reply }) => {
      const candidate = await signUp(db, input, config.sessionTtlHours);
      setSessionCookie(reply, candidate.token, config.sessionTtlHours, CANDIDATE_TOKEN_COOKIE);
      return candidate;
    },
    { successMsg: '注册成功', rateLimit: 'signIn' },
  );
  defineRoute(
    app,
    candidateLogin,
    async ({ input, request, reply }) => {
      const candidate = await candidateSignIn(db, input, request.ip, config.sessionTtlHours);
      setSessionCookie(reply, candidate.token, config.sessionTtlHours, CANDIDATE_TOKEN_COOKIE);
      return candidate;
    },
    { rateLimit: 'signIn' },
  );
  // Like the staff sign-out: needs no live session, and clears the cookie of an ended or expired one too.
  defineRoute(app, candidateLogout, async ({ request, reply }) => {
    const token = candidateToken(request);
    if (token) await endCandidateSession(db, token);
    clearSessionCookie(reply, CANDIDATE_TOKEN_COOKIE);
    return null;
  });
  defineRoute(
    app,
    resetCandidatePassword,
    async ({ input }) => {
      await resetWithCode(db, input);
      return null;
    },
    { successMsg: `${SUCCESS_MESSAGES.passwordReset}，请使用新密码登录`, rateLimit: 'signIn' },
  );
  defineRoute(app, candidateInfo, async ({ request }) => candidateUserOf(await candidateOf(db, request)), { guard });
}
