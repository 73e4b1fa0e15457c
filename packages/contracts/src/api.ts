import { z } from 'zod';
import type { Permission } from './permissions.js';
import type { FunctionCode } from './rights.js';
import { DATE_PATTERN, INTEGER_RANGE_MESSAGE, MAX_INT, UNSTORABLE_TEXT_MESSAGE, holdsOutOfRangeInteger, holdsUnstorableText } from './validation.js';

/** Codes carried in every answer's `code`. 200 is success; the rest are errors. */
export const ResultCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  /** Illegal token: missing, forged or ended by logout. */
  TOKEN_ILLEGAL: 50008,
  /** The session was ended elsewhere (password reset, account disabled). */
  TOKEN_ELSEWHERE: 50012,
  TOKEN_EXPIRED: 50014,
} as const;

export const SESSION_END_CODES: readonly number[] = [
  ResultCode.TOKEN_ILLEGAL,
  ResultCode.TOKEN_ELSEWHERE,
  ResultCode.TOKEN_EXPIRED,
];

export interface ApiResult<T> {
  code: number;
  msg: string;
  data: T;
}

export type HttpMethod = 'GET' | 'POST';

/** What an endpoint says besides its method, path, schemas and `auth`: who may call it and how it is logged. */
export interface EndpointOptions {
  /** The caller needs one of these (empty: any signed-in user). */
  permissions?: readonly Permission[];
  /** A function item the caller's company must hold (bought and in force), e.g. the company QR code. */
  right?: FunctionCode;
  /** Callable while the user still has to replace a password someone else set (reading the session, changing it, signing out). */
  beforeOwnPassword?: boolean;
  /** A POST call that changes nothing (a list, a detail, a preview): not a write, so no 操作日志 row. */
  reads?: boolean;
  /** A read that shows a person's unmasked data (a resume, identity number, phone): recorded in the 操作日志. */
  auditsView?: boolean;
  /** A GET that SPEC names but that changes something (an unlock): a write all the same. */
  writes?: boolean;
  /**
   * An export of a staff list (.xlsx): asked with `background=1`, the server makes the file as a 后台任务 instead and
   * answers `{ jobId }` — the pages ask so for lists over EXPORT_IN_BACKGROUND_ROWS rows.
   */
  exportsList?: boolean;
}

export interface Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, A extends boolean = boolean>
  extends EndpointOptions {
  method: HttpMethod;
  /** Path below `/api`, Fastify style: `/admin/talent/getTalentInfo/:id`. */
  path: string;
  /**
   * Body for POST, query for GET, merged with the path parameters: the schema `I` given to `endpoint()`,
   * behind a check that refuses text the database cannot store (see `refuseUnstorableText`).
   */
  input: z.ZodType<z.output<I>, z.input<I>>;
  /** What the server answers: the handler's result passes through it, so keys it does not name are dropped. */
  output: O;
  /** False for calls made before login (their handlers get no session). */
  auth: A;
  /** Always present: `endpoint()` gives `[]` when none are named. */
  permissions: readonly Permission[];
}

/** Whether a call changes something: every POST except the reads, and the GETs marked `writes`. Each successful one leaves an 操作日志 row. */
export const isWriteCall = (ep: Pick<Endpoint, 'method' | 'reads' | 'writes'>) => ep.writes === true || (ep.method === 'POST' && !ep.reads);

/** A contract endpoint; `auth` is true unless given, and keeps its literal type so public handlers are typed without a session. */
export function endpoint<I extends z.ZodType, O extends z.ZodType, A extends boolean = true>(
  def: EndpointFields<I, O, A> & { method: HttpMethod; path: string },
): Endpoint<I, O, A> {
  return { auth: true as A, permissions: [], ...def, input: refuseUnstorableText(def.input) };
}

/** What `endpoint()` takes besides the method and the path. */
export interface EndpointFields<I extends z.ZodType, O extends z.ZodType, A extends boolean> extends EndpointOptions {
  input: I;
  output: O;
  auth?: A;
}

/** `endpoint()` for a GET call, the path first: `getEndpoint('/admin/help/list', { input: emptyInput, output: … })`. */
export const getEndpoint = <I extends z.ZodType, O extends z.ZodType, A extends boolean = true>(
  path: string,
  fields: EndpointFields<I, O, A>,
) => endpoint<I, O, A>({ method: 'GET', path, ...fields });

/** Lists longer than this are exported as a 后台任务 (see `Endpoint.exportsList`). */
export const EXPORT_IN_BACKGROUND_ROWS = 10_000;
/** The query parameter that asks an export to run as a 后台任务. */
export const EXPORT_IN_BACKGROUND_PARAM = 'background';

/** `getEndpoint()` for an export of a staff list as .xlsx (`exportsList`: it can run as a 后台任务). */
export const exportEndpoint = <I extends z.ZodType, O extends z.ZodType>(path: string, fields: EndpointFields<I, O, true>) =>
  getEndpoint(path, { ...fields, exportsList: true });

/** `endpoint()` for a POST call, the path first: `postEndpoint('/company/sysRole/list', { input: emptyInput, output: … })`. */
export const postEndpoint = <I extends z.ZodType, O extends z.ZodType, A extends boolean = true>(
  path: string,
  fields: EndpointFields<I, O, A>,
) => endpoint<I, O, A>({ method: 'POST', path, ...fields });

/**
 * The schema behind a check of the raw input: a NUL character or a lone surrogate in any string or key is
 * refused before the schema runs, so every endpoint answers the same message whatever its fields are.
 * After it, an integer the database's `integer` columns cannot hold (a status or id of 2147483648) is
 * refused the same way, for every field of every call, coerced from a query string or not.
 */
function refuseUnstorableText<I extends z.ZodType>(schema: I) {
  return z
    .preprocess<unknown, I, z.input<I>>((raw, ctx) => {
      if (holdsUnstorableText(raw)) ctx.addIssue({ code: 'custom', message: UNSTORABLE_TEXT_MESSAGE });
      return raw;
    }, schema)
    .superRefine((parsed, ctx) => {
      if (holdsOutOfRangeInteger(parsed)) ctx.addIssue({ code: 'custom', message: INTEGER_RANGE_MESSAGE });
    });
}

export type InputOf<E extends Endpoint> = z.input<E['input']>;
export type ParsedInputOf<E extends Endpoint> = z.output<E['input']>;
export type OutputOf<E extends Endpoint> = z.output<E['output']>;

/** Fills `:name` placeholders of an endpoint path from the input. */
export function fillPath(path: string, input: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(input[name] ?? '')));
}

/** The largest id an `integer` column holds; a larger one in a path is bad input, not a database error. */
export const MAX_ID = MAX_INT;

/** A record id from a path or query: `idOf('单位')` words its messages for a company id. */
export const idOf = (what: string) =>
  z.coerce
    .number({ error: `${what}编号必须是数字` })
    .int(`${what}编号必须是整数`)
    .positive(`${what}编号必须是正数`)
    .max(MAX_ID, `${what}编号不正确`);

export const emptyInput = z.object({});
export const okOutput = z.null();
/** What a save answers: the id of the record it added or changed. */
export const idOutput = z.object({ id: z.number().int() });

/** A POST call that deletes one of the company's records by the id in its path; `what` names the record in messages. */
export const deleteById = (path: `${string}/:id`, what: string, permission: Permission) =>
  postEndpoint(path, { permissions: [permission], input: z.object({ id: idOf(what) }), output: okOutput });

export const pageInput = z.object({
  pageNum: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码最小为 1').default(1),
  pageSize: z.coerce.number({ error: '每页条数必须是数字' }).int('每页条数必须是整数').min(1, '每页条数最小为 1').max(200, '每页最多 200 条').default(10),
});

export type PageInput = z.output<typeof pageInput>;

/** A list's search text (the server says which columns it searches); empty when not given. */
export const keywordFilter = z.string({ error: '关键词必须是文字' }).trim().max(50, '关键词最长 50 个字').default('');

/** A list's filter by a range of 'YYYY-MM-DD' dates, either end open; check it with `datesInOrder`. */
export const dateRangeFilter = {
  startDate: z.string().regex(DATE_PATTERN, '开始日期格式应为 YYYY-MM-DD').optional(),
  endDate: z.string().regex(DATE_PATTERN, '结束日期格式应为 YYYY-MM-DD').optional(),
};
export const DATE_RANGE_MESSAGE = '开始日期不能晚于结束日期';
export const datesInOrder = (v: { startDate?: string; endDate?: string }) => !v.startDate || !v.endDate || v.startDate <= v.endDate;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() });
}

/** A POST call for one page of a list: `pageNum`, `pageSize` and the list's `filters` in, a page of `row` out. */
export const pagedListEndpoint = <F extends z.ZodRawShape, R extends z.ZodType>(
  path: string,
  { row, filters, permissions = [] }: { row: R; filters: F; permissions?: readonly Permission[] },
) => postEndpoint(path, { permissions, reads: true, input: pageInput.extend(filters), output: pageOf(row) });

/** A POST read of a whole short list (options, a tree), nothing asked: `row` out as an array. */
export const allListEndpoint = <R extends z.ZodType>(path: string, row: R, permissions: readonly Permission[] = []) =>
  postEndpoint(path, { permissions, reads: true, input: emptyInput, output: z.array(row) });

/** The message of the first problem zod found: one of ours, or else zod's own, which validation.ts makes Chinese. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? '输入有误';
}
