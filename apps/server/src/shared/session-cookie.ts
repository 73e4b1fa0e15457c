import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { TOKEN_COOKIE } from './session.js';

/**
 * The browser's session cookie: page scripts cannot read it (HttpOnly), other sites' POSTs do not carry it
 * (SameSite=Lax, and `checkSameOrigin` in route.ts), and it is Secure when the request came over HTTPS
 * (behind a TLS proxy only with TRUST_PROXY set, see README).
 */
const cookieOptions: CookieSerializeOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure: 'auto' };

/** `name`: the staff session's cookie unless given (a candidate's session has its own, with the same options). */
export function setSessionCookie(reply: FastifyReply, token: string, ttlHours: number, name = TOKEN_COOKIE) {
  // Whole seconds, rounded down: the cookie never outlives the session.
  reply.setCookie(name, token, { ...cookieOptions, maxAge: Math.floor(ttlHours * 3600) });
}

export function clearSessionCookie(reply: FastifyReply, name = TOKEN_COOKIE) {
  reply.clearCookie(name, cookieOptions);
}
