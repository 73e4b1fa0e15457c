import { z } from 'zod';
import { DATE_RANGE_MESSAGE, dateRangeFilter, datesInOrder, emptyInput, exportEndpoint, getEndpoint, idOf, pageInput, pageOf, postEndpoint } from '../api.js';

/** 操作日志: what kind of act a row records. */
export const AUDIT_KINDS = {
  write: '修改',
  export: '导出',
  view: '查看完整信息',
  signIn: '登录',
  signOut: '退出登录',
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;
const auditKinds = Object.keys(AUDIT_KINDS) as [AuditKind, ...AuditKind[]];

export const AUDIT_ACTOR_KINDS = { staff: '单位工作人员', operator: '平台运营' } as const;
export type AuditActorKind = keyof typeof AUDIT_ACTOR_KINDS;

export const auditLogRow = z.object({
  id: z.number().int(),
  /** ISO time of the act. */
  at: z.string(),
  companyId: z.number().int().nullable(),
  actorKind: z.enum(Object.keys(AUDIT_ACTOR_KINDS) as [AuditActorKind, ...AuditActorKind[]]),
  actorId: z.number().int(),
  /** Login account and name as they were at the time. */
  actorName: z.string(),
  /** The client's address. */
  address: z.string(),
  kind: z.enum(auditKinds),
  /** The call: its method and path, e.g. `POST /recruitment/gate/decide`. */
  call: z.string(),
  /** Ids the call named (`id`, `ids`, `…Id`). */
  target: z.record(z.string(), z.unknown()),
  /** What the call found (when the handler says) and what it asked for; passwords and codes never. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogRow = z.infer<typeof auditLogRow>;

const auditFilters = {
  /** A staff member (or, on the platform's page, an operator) by id. */
  actorId: idOf('操作人').optional(),
  kind: z.enum(auditKinds, { error: '操作类型不正确' }).optional(),
  ...dateRangeFilter,
};

/** 操作日志 of the caller's company, newest first: for its administrator (who manages staff and roles). */
export const auditLogList = postEndpoint('/admin/auditLog/list', {
  permissions: ['staff:manage'],
  reads: true,
  input: pageInput.extend(auditFilters).refine(datesInOrder, DATE_RANGE_MESSAGE),
  output: pageOf(auditLogRow),
});

/** The filtered log as .xlsx (at most 50,000 rows). */
export const exportAuditLog = exportEndpoint('/admin/auditLog/export', {
  permissions: ['staff:manage'],
  input: z.object(auditFilters).refine(datesInOrder, DATE_RANGE_MESSAGE),
  output: z.unknown(),
});

const platformAuditFilters = {
  ...auditFilters,
  companyId: idOf('单位').optional(),
  actorKind: z.enum(Object.keys(AUDIT_ACTOR_KINDS) as [AuditActorKind, ...AuditActorKind[]], { error: '操作人类型不正确' }).optional(),
};

/** The platform operator's 操作日志: every company's and the operators' own. */
export const platformAuditLogList = postEndpoint('/platform/auditLog/list', {
  auth: false,
  reads: true,
  input: pageInput.extend(platformAuditFilters).refine(datesInOrder, DATE_RANGE_MESSAGE),
  output: pageOf(auditLogRow),
});

export const exportPlatformAuditLog = getEndpoint('/platform/auditLog/export', {
  auth: false,
  input: z.object(platformAuditFilters).refine(datesInOrder, DATE_RANGE_MESSAGE),
  output: z.unknown(),
});

/** Every company by name, for the operator's 操作日志: its company filter, and the company of each row. */
export const platformAuditCompanyOptions = getEndpoint('/platform/auditLog/companies', {
  auth: false,
  input: emptyInput,
  output: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** The most rows one export of the 操作日志 holds (the newest the filters find). */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;
