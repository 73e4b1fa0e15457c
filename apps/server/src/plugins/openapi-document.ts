import { readdirSync, readFileSync } from 'node:fs';
import * as contracts from '@zhaokao/contracts';
import {
  AUDIT_CALL_NAMES, CANDIDATE_TOKEN_COOKIE, CANDIDATE_TOKEN_HEADER, type Endpoint, OPERATOR_TOKEN_COOKIE,
  OPERATOR_TOKEN_HEADER, PERMISSIONS, ResultCode, UPLOAD_TOKEN_HEADER, candidateUpload, imageUpload,
  imageUploadAndSave, isWriteCall, platformUploadInvoicePdf, previewScoreImport, uploadToStorage,
} from '@zhaokao/contracts';
import { z } from 'zod';
import { TOKEN_COOKIE, TOKEN_HEADER } from '../shared/session.js';

/*
 * The OpenAPI 3.1 document of the API, made from the contracts (packages/contracts): every exported endpoint is one
 * operation, its input and output schemas converted by zod's own JSON Schema conversion. Nothing here is written by
 * hand per call except the few facts the contracts do not hold: which calls take a multipart upload, and which calls
 * made without a staff session check another kind of session (the operator's, the candidate's).
 */

type JsonSchema = Record<string, unknown>;
type SessionKind = 'staff' | 'operator' | 'candidate' | 'uploadToken' | 'none';

export interface NamedEndpoint {
  /** The name the contracts export it under; the operation's `operationId`. */
  name: string;
  endpoint: Endpoint;
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  ((value as Endpoint).method === 'GET' || (value as Endpoint).method === 'POST') &&
  typeof (value as Endpoint).path === 'string' &&
  (value as Endpoint).input instanceof z.ZodType &&
  (value as Endpoint).output instanceof z.ZodType;

/** Every endpoint `@zhaokao/contracts` exports, by its export name. */
export const contractEndpoints = (): NamedEndpoint[] =>
  Object.entries(contracts as Record<string, unknown>)
    .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
    .map(([name, endpoint]) => ({ name, endpoint }))
    .sort((a, b) => a.endpoint.path.localeCompare(b.endpoint.path) || a.endpoint.method.localeCompare(b.endpoint.method));

/** Calls that take the file as `multipart/form-data` (field `file`), their other input in the query string. */
const MULTIPART_UPLOADS: readonly Endpoint[] = [imageUpload, imageUploadAndSave, uploadToStorage, candidateUpload, previewScoreImport, platformUploadInvoicePdf];

/** Operator and candidate calls made before their sign-in (the rest of `/platform/` and `/candidate/` check that session). */
const PUBLIC_OPERATOR_PATHS = new Set(['/platform/login']);
const PUBLIC_CANDIDATE_PATHS = new Set(['/candidate/login', '/candidate/logout', '/candidate/register', '/candidate/sendCode', '/candidate/resetPassword']);

export function sessionKindOf(ep: Endpoint): SessionKind {
  if (ep.auth) return 'staff';
  if (ep === uploadToStorage) return 'uploadToken';
  if (ep.path.startsWith('/platform/') && !PUBLIC_OPERATOR_PATHS.has(ep.path)) return 'operator';
  const candidateCall = ep.path.startsWith('/candidate/') && !ep.path.startsWith('/candidate/site/');
  if (candidateCall && !PUBLIC_CANDIDATE_PATHS.has(ep.path)) return 'candidate';
  return 'none';
}

/** A file answer (an Excel export, a PDF, a PNG): its contract leaves the output open, as `defineFileRoute` sends bytes. */
export const answersFile = (ep: Endpoint) => ep.output instanceof z.ZodUnknown;

/** What each contract module (packages/contracts/src/endpoints/<name>.ts) is about: the document's tags. */
const FEATURE_TITLES: Record<string, string> = {
  application: '报名与报名审核',
  audit: '操作日志',
  auth: '登录、会话与个人信息',
  bonus: '加分',
  'candidate-account': '考生账号',
  'candidate-messages': '考生站内信',
  'candidate-site': '考生端：公开页面',
  candidate: '考生端：报名、缴费、打印与成绩',
  'company-units': '下属单位',
  company: '单位信息',
  content: '帮助、公告与新闻',
  dict: '字典',
  exam: '笔试与面试：考场、准考证、成绩',
  examine: '资格审核与审核导出',
  'fee-payment': '报名费缴纳',
  feedback: '公司反馈',
  gate: '录用环节：资格复审、体检、考察、公示与递补',
  home: '首页',
  job: '后台任务',
  'interview-draw': '面试抽签与考官评分',
  message: '站内信与通知',
  order: '套餐、功能项、订单与发票',
  'plan-form': '招录计划表单',
  plan: '招录计划',
  platform: '平台运营后台',
  post: '岗位',
  poster: '推广海报与公司二维码',
  publication: '公示公告发布',
  'score-recheck': '成绩复查',
  settings: '系统设置',
  staff: '工作人员、部门与角色',
  statistics: '统计',
  storage: '文件上传',
  'talent-template': '简历模板',
  talent: '人才库与简历',
  'tie-break': '同分排序与加试',
  wallet: '单位钱包',
  workflow: '审核流程',
};

/**
 * Which contract module each endpoint comes from, by `METHOD path`: the modules of the contracts package this server
 * was started with (their TypeScript sources under tsx and vitest, the built ones under node). Empty when they cannot
 * be read; every operation then goes under one tag.
 */
async function featuresByCall(): Promise<Map<string, string>> {
  const runsFromSource = import.meta.url.endsWith('.ts');
  const folder = new URL(`${runsFromSource ? 'src' : 'dist'}/endpoints/`, new URL('..', import.meta.resolve('@zhaokao/contracts')));
  const features = new Map<string, string>();
  let files: string[];
  try {
    files = readdirSync(folder).filter((file) => /^[a-z-]+\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'));
  } catch {
    return features;
  }
  for (const file of files) {
    const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
    const feature = file.replace(/\.(ts|js)$/, '');
    for (const value of Object.values(module)) if (isEndpoint(value)) features.set(callKey(value), feature);
  }
  return features;
}

const callKey = (ep: Pick<Endpoint, 'method' | 'path'>) => `${ep.method} ${ep.path}`;

/** The schema `endpoint()` was given: its input sits behind a z.preprocess (a transform zod cannot describe). */
function declaredInput(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodPipe && inner.in instanceof z.ZodTransform) inner = inner.out as z.ZodType;
  return inner;
}

/**
 * A zod schema as JSON Schema 2020-12, as OpenAPI 3.1 takes it. A recursive schema's `$defs` move to
 * `components.schemas` under `<prefix>_<name>`, since `#/$defs/…` inside an OpenAPI document points at its root.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', prefix: string, components: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _, $defs, ...converted } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12', override: withoutSafeIntegerBounds }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  if (!$defs) return converted;
  const rename = (name: string) => `${prefix}_${name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  const relink = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relink);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) =>
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
          ? [key, `#/components/schemas/${rename(inner.slice('#/$defs/'.length))}`]
          : [key, relink(inner)],
      ),
    );
  };
  for (const [name, def] of Object.entries($defs)) components[rename(name)] = relink(def) as JsonSchema;
  return relink(converted) as JsonSchema;
}

/** `z.number().int()` says it stays within JavaScript's safe integers: true of every JSON number a client sends, and noise in the examples. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: JsonSchema }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

const pathParamsOf = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);

/** The object schema without the named properties (they travel in the path), or the schema itself when it is no plain object. */
function withoutProperties(schema: JsonSchema, names: readonly string[]): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties || names.length === 0) return schema;
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => !names.includes(name));
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).filter(([name]) => !names.includes(name))),
    ...(schema.required ? { required } : {}),
  };
}

const isEmptyObject = (schema: JsonSchema) =>
  schema.type === 'object' && Object.keys((schema.properties as object | undefined) ?? {}).length === 0 && !schema.additionalProperties;

/** The object's properties as parameters in `where` (path or query); required as the schema says, always in the path. */
function parametersOf(schema: JsonSchema, names: readonly string[], where: 'path' | 'query') {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = (schema.required as string[] | undefined) ?? [];
  return names.map((name) => {
    const { description, ...propertySchema } = properties[name] ?? { type: 'string' };
    return {
      name,
      in: where,
      required: where === 'path' || required.includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    };
  });
}

const SECURITY: Record<SessionKind, Record<string, string[]>[]> = {
  staff: [{ staffToken: [] }, { staffCookie: [] }],
  operator: [{ operatorToken: [] }, { operatorCookie: [] }],
  candidate: [{ candidateToken: [] }, { candidateCookie: [] }],
  uploadToken: [{ uploadToken: [] }],
  none: [],
};

function descriptionOf(ep: Endpoint, session: SessionKind): string {
  const lines: string[] = [];
  if (session === 'none') lines.push('无需登录。');
  if (session === 'operator') lines.push('平台运营人员调用（运营账号登录后的 Cookie 或请求头）。');
  if (session === 'candidate') lines.push('考生调用（考生登录后的 Cookie 或请求头）。');
  if (session === 'uploadToken') lines.push(`凭 \`/admin/qiniu/getUpToken\` 取得的上传令牌调用，令牌放在请求头 \`${UPLOAD_TOKEN_HEADER}\`。`);
  if (ep.permissions.length > 0) {
    lines.push(`需要以下权限之一：${ep.permissions.map((p) => `\`${p}\`（${PERMISSIONS[p]}）`).join('、')}。`);
  }
  if (ep.right) lines.push(`本单位须已购买功能项 \`${ep.right}\` 且在有效期内。`);
  if (ep.beforeOwnPassword) lines.push('初始密码或被重置的密码尚未修改时也可调用。');
  if (MULTIPART_UPLOADS.includes(ep)) lines.push('以 `multipart/form-data` 上传文件（字段 `file`），其余参数放在查询字符串里。');
  if (answersFile(ep)) lines.push('成功时返回文件本身（文件名见响应头 `Content-Disposition`），出错时仍返回 JSON 结果。');
  if (session === 'staff' && isWriteCall(ep)) lines.push('成功的调用记入操作日志。');
  if (ep.auditsView) lines.push('查看未打码的个人信息，记入操作日志。');
  return lines.join('\n\n');
}

/** `{ code, msg, data }` with `data` as given. */
const envelope = (data: JsonSchema, code?: number): JsonSchema => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', ...(code !== undefined ? { const: code } : {}), description: '200 为成功，其余为错误码' },
    msg: { type: 'string', description: '结果说明；出错时是可以直接展示给用户的中文句子' },
    data,
  },
});

function operationOf(named: NamedEndpoint, tag: string, components: Record<string, JsonSchema>) {
  const { name, endpoint: ep } = named;
  const session = sessionKindOf(ep);
  const pathNames = pathParamsOf(ep.path);
  const input = jsonSchemaOf(declaredInput(ep.input), 'input', `${name}_input`, components);
  const rest = withoutProperties(input, pathNames);
  const restNames = Object.keys((rest.properties as object | undefined) ?? {});
  const multipart = MULTIPART_UPLOADS.includes(ep);
  const inQuery = ep.method === 'GET' || multipart;
  const parameters = [...parametersOf(input, pathNames, 'path'), ...(inQuery ? parametersOf(input, restNames, 'query') : [])];

  let requestBody: object | undefined;
  if (multipart) {
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } },
        },
      },
    };
  } else if (ep.method === 'POST' && !isEmptyObject(rest)) {
    requestBody = { required: true, content: { 'application/json': { schema: rest } } };
  }

  const success = answersFile(ep)
    ? {
        description: '文件（Excel 表格、PDF 或 PNG 图片）',
        headers: { 'Content-Disposition': { description: '附件或内联，带文件名', schema: { type: 'string' } } },
        content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
      }
    : {
        description: '成功',
        content: { 'application/json': { schema: envelope(jsonSchemaOf(ep.output, 'output', `${name}_output`, components), ResultCode.OK) } },
      };

  const description = descriptionOf(ep, session);
  return {
    operationId: name,
    // the short Chinese names the 操作日志 gives its calls; the others go by their contract's name
    summary: AUDIT_CALL_NAMES[ep.path] ?? name,
    ...(description ? { description } : {}),
    tags: [tag],
    security: SECURITY[session],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { '200': success, default: { $ref: '#/components/responses/Failure' } },
    ...(ep.permissions.length > 0 ? { 'x-permissions': ep.permissions } : {}),
    ...(ep.right ? { 'x-right': ep.right } : {}),
  };
}

const headerName = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/** Paragraphs of Markdown; Chinese sentences are not broken across lines, which would show as spaces. */
const INTRODUCTION = [
  '招考管理系统的全部接口，由前后端共用的 zod 接口契约（`packages/contracts`）生成，与服务端实际校验的一致。',
  '**地址与格式**：接口都在 `/api` 之下。GET 的参数放在查询字符串里，POST 的参数是 JSON 请求体；路径里的 `{id}` 等参数写在路径中。' +
    '每个应答都是 `{ code, msg, data }`：`code` 为 200 表示成功，`data` 是结果；其他值是错误码，`msg` 是可以直接展示给用户的中文说明，' +
    'HTTP 状态与错误的类别一致（400 输入有误、401 未登录或登录失效、403 没有权限、404 不存在、409 冲突或状态不允许、429 调用过于频繁、500 服务器错误）。' +
    `登录失效的错误码：${ResultCode.TOKEN_ILLEGAL}（无效或已退出）、${ResultCode.TOKEN_ELSEWHERE}（在别处结束，如密码被重置）、${ResultCode.TOKEN_EXPIRED}（已过期）。` +
    '列表接口接受 `pageNum`、`pageSize`（最多 200）和筛选条件，返回 `{ list, total }`。导出与打印类接口成功时直接返回文件。',
  `**登录**：单位工作人员调用 \`POST /api/app/company/companyLogin\` 取得令牌，之后每次调用放在请求头 \`${headerName(TOKEN_HEADER)}\` 里` +
    `（浏览器里由服务器设置的 HttpOnly Cookie \`${TOKEN_COOKIE}\` 代替）。带 Cookie 而不带请求头的 POST 必须来自本站页面（核对 Origin/Referer），` +
    '其他系统对接时请用请求头。平台运营人员（`/api/platform`）和考生（`/api/candidate`）各有自己的登录和令牌，互不通用。' +
    '每个接口需要的权限写在它的说明里（`x-permissions`，具备其一即可）；单位的数据只对本单位可见，别的单位的记录一律返回 404。',
].join('\n\n');

const apiKey = (where: 'header' | 'cookie', name: string, description: string) => ({ type: 'apiKey', in: where, name, description });

export async function openApiDocument() {
  const features = await featuresByCall();
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const usedTags = new Set<string>();
  for (const named of contractEndpoints()) {
    const tag = features.get(callKey(named.endpoint)) ?? 'other';
    usedTags.add(tag);
    const openApiPath = named.endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[openApiPath] = { ...paths[openApiPath], [named.endpoint.method.toLowerCase()]: operationOf(named, tag, components) };
  }
  return {
    openapi: '3.1.0',
    info: { title: '招考管理系统 接口', version: serverVersion(), description: INTRODUCTION },
    servers: [{ url: '/api', description: '本服务' }],
    tags: [...usedTags].sort().map((name) => ({ name, description: FEATURE_TITLES[name] ?? name })),
    paths,
    components: {
      schemas: components,
      responses: {
        Failure: {
          description: '出错：`code` 为错误码，`msg` 为中文说明，`data` 为 null',
          content: { 'application/json': { schema: envelope({ type: 'null' }) } },
        },
      },
      securitySchemes: {
        staffToken: apiKey('header', headerName(TOKEN_HEADER), '单位工作人员的登录令牌（`POST /api/app/company/companyLogin` 返回的 token）'),
        staffCookie: apiKey('cookie', TOKEN_COOKIE, '单位工作人员的登录 Cookie，浏览器登录后由服务器设置（HttpOnly）'),
        operatorToken: apiKey('header', headerName(OPERATOR_TOKEN_HEADER), '平台运营人员的登录令牌（`POST /api/platform/login`）'),
        operatorCookie: apiKey('cookie', OPERATOR_TOKEN_COOKIE, '平台运营人员的登录 Cookie，只发往 `/api/platform`'),
        candidateToken: apiKey('header', headerName(CANDIDATE_TOKEN_HEADER), '考生的登录令牌（`POST /api/candidate/login`）'),
        candidateCookie: apiKey('cookie', CANDIDATE_TOKEN_COOKIE, '考生的登录 Cookie'),
        uploadToken: apiKey('header', headerName(UPLOAD_TOKEN_HEADER), '上传令牌（`POST /api/admin/qiniu/getUpToken`），几分钟内有效'),
      },
    },
  };
}

function serverVersion(): string {
  // apps/server/package.json, from src/plugins as from dist/plugins
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
