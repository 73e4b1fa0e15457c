import {
  EXPORT_IN_BACKGROUND_PARAM, type Endpoint, PASSWORD_MUST_CHANGE_MESSAGE, auditCallName, isWriteCall,
  type OutputOf, type ParsedInputOf, ResultCode, firstIssueMessage, holdsAny,
} from '@zhaokao/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type RateLimitGroup, checkPersonLimit, rateLimitFor } from '../plugins/rate-limit.js';
import { auditActorOf, recordAudit } from './audit.js';
import { badRequest, forbidden, notFound } from './errors.js';
import { auditBeforeOfRequest, inRequestTransaction } from './request-transaction.js';
import { type Session, TOKEN_COOKIE, TOKEN_HEADER } from './session.js';

export const RIGHT_MISSING = '本单位未购买该功能或已过期';
export const EXPORT_STARTED_MESSAGE = '数据较多，已转为后台任务导出，完成后可在右上角“任务”中下载';

export interface HandlerContext<E extends Endpoint> {
  input: ParsedInputOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface AuthedContext<E extends Endpoint> extends HandlerContext<E> {
  session: Session;
}

/** A file route's context: with the staff session unless the endpoint is one of the operator's (auth: false, a guard). */
type FileContext<E extends Endpoint> = E['auth'] extends false ? HandlerContext<E> : AuthedContext<E>;

type Handler<E extends Endpoint> = E['auth'] extends false
  ? (ctx: HandlerContext<E>) => Promise<OutputOf<E>>
  : (ctx: AuthedContext<E>) => Promise<OutputOf<E>>;

export function rawInputOf(request: FastifyRequest, method: string): Record<string, unknown> {
  // A POST may carry its input in the query too (SPEC's update/close?id=…); the body wins where both say something.
  const fromBody = method === 'POST' && !request.isMultipart() ? { ...(request.query as object), ...(request.body as object) } : request.query;
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
    /** How often one client may call it; calls made before login are limited as `public` unless said otherwise. */
    rateLimit?: RateLimitGroup;
    /** A check of its own session kind (the platform operator's), made before the input is read; it throws to refuse. */
    guard?: (request: FastifyRequest) => Promise<unknown>;
    /**
     * The handler keeps its own transactions instead of running in the call's one: it keeps work done before it
     * refuses (a payment found made elsewhere), or waits on a payment provider that calls back in the meantime.
     * Its 操作日志 row is written right after it succeeds.
     */
    ownTransactions?: boolean;
    /** What the call's 操作日志 row records it as: a change unless said otherwise (a sign-out). */
    auditKind?: 'write' | 'signOut';
  } = {},
) {
  if (ep.right && !ep.auth) throw new Error(`${ep.path}: a right is checked for the caller's company, so it needs auth`);
  const rateLimit = options.rateLimit ?? (ep.auth ? undefined : 'public');
  const write = isWriteCall(ep);
  const auditKind = options.auditKind ?? 'write';
  app.route({
    method: ep.method,
    url: `/api${ep.path}`,
    config: rateLimit ? rateLimitFor(rateLimit, app.deps.config.rateLimits) : undefined,
    handler: async (request, reply) => {
      const { input, session, guarded } = await checkedInput(app, ep, request, options.guard);
      // Besides the address's allowance, each person named in an apply call has their own (shared networks).
      if (rateLimit === 'apply') await checkPersonLimit(app.deps.db, app.deps.config.rateLimits, input);
      const ctx = { input, request, reply, session };
      const run = () => (handler as (c: typeof ctx) => Promise<unknown>)(ctx);
      const actor = auditActorOf(session, guarded);
      const root = app.deps.rootDb;
      let data: unknown;
      try {
        if (actor && write && options.ownTransactions) {
          data = await run();
          await recordAudit(root, { actor, kind: auditKind, ep, input, request });
        } else if (actor && write) {
          // The call's changes and its 操作日志 row commit together, or neither does.
          data = await inRequestTransaction(root, async (tx) => {
            const answer = await run();
            await recordAudit(tx, { actor, kind: auditKind, ep, input, request, before: auditBeforeOfRequest() });
            return answer;
          });
        } else {
          data = await run();
          if (actor && ep.auditsView) await recordAudit(root, { actor, kind: 'view', ep, input, request });
        }
      } finally {
        if (options.changesSessions) app.deps.sessions.forget();
      }
      return { code: ResultCode.OK, msg: options.successMsg ?? '操作成功', data: answerOf(ep, data ?? null) };
    },
  });
}

/**
 * The checks of every route before its handler: a cookie POST's page, the session with its permissions and the
 * company's right, the route's own guard, then the input by the endpoint's schema. Answers the parsed input.
 */
async function checkedInput<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  request: FastifyRequest,
  guard: ((request: FastifyRequest) => Promise<unknown>) | undefined,
): Promise<{ input: ParsedInputOf<E>; session: Session | undefined; guarded: unknown }> {
  if ((ep.method === 'POST' || isWriteCall(ep)) && !headerToken(request)) checkSameOrigin(request);
  let session: Session | undefined;
  if (ep.auth) {
    session = await app.deps.sessions.fromToken(requestToken(request));
    if (session.passwordMustChange && !ep.beforeOwnPassword) throw forbidden(PASSWORD_MUST_CHANGE_MESSAGE);
    if (ep.permissions.length > 0 && !holdsAny(session.permissions, ep.permissions)) throw forbidden();
    if (ep.right && !(await app.deps.holdsRight(session.companyId, ep.right))) throw forbidden(RIGHT_MISSING);
  }
  const guarded = await guard?.(request);
  const parsed = ep.input.safeParse(rawInputOf(request, ep.method));
  if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
  return { input: parsed.data as ParsedInputOf<E>, session, guarded };
}

/** What a file-answering handler gives: the bytes (or a stream of them), their type and the name to save them as. */
export interface FileAnswer {
  fileName: string;
  contentType: string;
  body: Buffer | NodeJS.ReadableStream;
  /** `inline` for a PDF a phone should open rather than save (WeChat's in-app browser opens it, and saves nothing). */
  disposition?: 'attachment' | 'inline';
}

/** RFC 8187 (5987) ext-value: encodeURIComponent leaves ' ( ) * unescaped, which a filename* value may not hold. */
export const encodeRfc8187 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Registers a contract endpoint that answers a file (an .xlsx export, a PDF) instead of `{ code, msg, data }`:
 * the same session, permission and input checks as `defineRoute`, then the file (an attachment unless it says inline). Refusals
 * still answer `{ code, msg, data }` JSON.
 */
export function defineFileRoute<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  handler: (ctx: FileContext<E>) => Promise<FileAnswer>,
  options: { guard?: (request: FastifyRequest) => Promise<unknown> } = {},
) {
  if (!ep.auth && !options.guard) throw new Error(`${ep.path}: a file route needs auth or a guard of its own`);
  if (ep.exportsList) listExportsOf(app).set(ep.path, { ep, handler: (ctx) => handler(ctx as FileContext<E>) });
  app.route({
    method: ep.method,
    url: `/api${ep.path}`,
    handler: async (request, reply) => {
      const { input, session, guarded } = await checkedInput(app, ep, request, options.guard);
      const actor = auditActorOf(session, guarded);
      if (ep.exportsList && session && actor && (request.query as Record<string, unknown>)[EXPORT_IN_BACKGROUND_PARAM] === '1') {
        // A GET that makes a job: like a write, not to be sent by another site's page (a link or an image on it).
        if (!headerToken(request)) checkSameSite(request);
        // The job reads the list when it runs: its input is kept as sent, and read again by the schema then.
        const { [EXPORT_IN_BACKGROUND_PARAM]: _asked, ...sent } = rawInputOf(request, ep.method);
        const jobId = await inRequestTransaction(app.deps.rootDb, async (tx) => {
          const id = await app.deps.jobs.create(tx, {
            companyId: session.companyId,
            createdBy: session.userId,
            kind: 'export',
            title: auditCallName(`${ep.method} ${ep.path}`),
            params: { path: ep.path, input: sent },
          });
          await recordAudit(tx, { actor, kind: 'export', ep, input, request });
          return id;
        });
        return { code: ResultCode.OK, msg: EXPORT_STARTED_MESSAGE, data: { jobId } };
      }
      const file = await handler({ input, request, reply, session } as FileContext<E>);
      // Every file a person takes away (an export, a printed resume or ticket) is in the 操作日志; no record, no file.
      if (actor) await recordAudit(app.deps.rootDb, { actor, kind: 'export', ep, input, request });
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `${file.disposition ?? 'attachment'}; filename*=UTF-8''${encodeRfc8187(file.fileName)}`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  });
}

type ListExport = { ep: Endpoint; handler: (ctx: { input: unknown; session: Session }) => Promise<FileAnswer> };
const listExports = new WeakMap<FastifyInstance, Map<string, ListExport>>();
const listExportsOf = (app: FastifyInstance) => {
  const known = listExports.get(app) ?? new Map<string, ListExport>();
  listExports.set(app, known);
  return known;
};

/**
 * An export asked to run as a 后台任务 (`Endpoint.exportsList`), made when its job runs: the checks of the call again
 * for `session` as it is now (a permission taken away since refuses), the input read again, then the handler (a list
 * export's handler reads only its input and session).
 */
export async function runListExport(app: FastifyInstance, path: string, sent: unknown, session: Session): Promise<FileAnswer> {
  const known = listExportsOf(app).get(path);
  if (!known) throw notFound('该导出不存在');
  const { ep, handler } = known;
  if (ep.permissions.length > 0 && !holdsAny(session.permissions, ep.permissions)) throw forbidden();
  if (ep.right && !(await app.deps.holdsRight(session.companyId, ep.right))) throw forbidden(RIGHT_MISSING);
  const parsed = ep.input.safeParse(sent);
  if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error));
  return handler({ input: parsed.data, session });
}

/**
 * The handler's result as the contract's output schema reads it: keys the schema does not name are dropped,
 * so a column added to a table reaches the browser only once the contract names it. A result the schema
 * refuses is a bug of the server (500).
 */
function answerOf(ep: Endpoint, data: unknown): unknown {
  const parsed = ep.output.safeParse(data);
  if (!parsed.success) {
    throw new Error(`the answer of ${ep.method} ${ep.path} does not match its contract: ${JSON.stringify(parsed.error.issues[0])}`);
  }
  return parsed.data;
}

export function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers[TOKEN_HEADER];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/** The session token: the `X-Token` header of API clients, else the browser's HttpOnly session cookie. */
export function requestToken(request: FastifyRequest): string | undefined {
  return headerToken(request) ?? (request.cookies[TOKEN_COOKIE] || undefined);
}

/**
 * Refuses a POST sent by a page of another site (cross-site request forgery): when the browser names the page
 * (Origin, or else Referer), its host must be the request's. Only calls without `X-Token` are checked — a cookie
 * session or a public call; another site's page cannot set that header. Calls naming no page (curl) pass.
 */
export function checkSameOrigin(request: FastifyRequest) {
  const page = request.headers.origin ?? request.headers.referer;
  if (page === undefined) return;
  let pageHost: string | undefined;
  try {
    pageHost = new URL(page).host;
  } catch {
    pageHost = undefined; // `Origin: null` (sandboxed or privacy-redirected pages) and garbage
  }
  if (pageHost?.toLowerCase() !== request.host.toLowerCase()) throw forbidden('请求来自其他网站，已拒绝');
}

/**
 * `checkSameOrigin`, and the browser's own word on where the request comes from (`Sec-Fetch-Site`): a GET the browser
 * sends for another site's page (a link, an image) names no Origin, and its Referer can be withheld.
 */
function checkSameSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw forbidden('请求来自其他网站，已拒绝');
  checkSameOrigin(request);
}
