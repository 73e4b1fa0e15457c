import {
  type Endpoint,
  type OutputOf,
  type ParsedInputOf,
  ResultCode,
  firstIssueMessage,
  holdsAny,
} from '@zhaokao/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden } from './errors.js';
import { type Session, TOKEN_HEADER } from './session.js';

export interface HandlerContext<E extends Endpoint> {
  input: ParsedInputOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface AuthedContext<E extends Endpoint> extends HandlerContext<E> {
  session: Session;
}

type Handler<E extends Endpoint> = E['auth'] extends false
  ? (ctx: HandlerContext<E>) => Promise<OutputOf<E>>
  : (ctx: AuthedContext<E>) => Promise<OutputOf<E>>;

export function rawInputOf(request: FastifyRequest, method: string): Record<string, unknown> {
  const fromBody = method === 'POST' && !request.isMultipart() ? (request.body ?? {}) : request.query;
  return { ...(fromBody as object), ...(request.params as object) };
}

/**
 * Registers a contract endpoint: the input is parsed by its schema and the session and permissions
 * are checked before the handler runs; the handler's result becomes `data` of `{ code, msg, data }`.
 */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  handler: Handler<E>,
  options: {
    successMsg?: string;
    /** The call can end sessions or change what they may do: cached sessions are dropped after it. */
    changesSessions?: boolean;
  } = {},
) {
  app.route({
    method: ep.method,
    url: `/api${ep.path}`,
    handler: async (request, reply) => {
      let session: Session | undefined;
      if (ep.auth) {
        session = await app.deps.sessions.fromToken(headerToken(request));
        if (ep.permissions.length > 0 && !holdsAny(session.permissions, ep.permissions)) throw forbidden();
      }
      const parsed = ep.input.safeParse(rawInputOf(request, ep.method));
      if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
      const ctx = { input: parsed.data, request, reply, session };
      let data: unknown;
      try {
        data = await (handler as (c: typeof ctx) => Promise<unknown>)(ctx);
      } finally {
        if (options.changesSessions) app.deps.sessions.forget();
      }
      return { code: ResultCode.OK, msg: options.successMsg ?? '操作成功', data: data ?? null };
    },
  });
}

export function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers[TOKEN_HEADER];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}
