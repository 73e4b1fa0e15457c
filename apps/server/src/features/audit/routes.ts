import {
  AUDIT_ACTOR_KINDS, AUDIT_EXPORT_MAX_ROWS, AUDIT_KINDS, type AuditActorKind, type AuditKind, auditCallName,
  auditChangeText, auditLogList, auditLogRow, auditTargetText, exportAuditLog, exportPlatformAuditLog,
  platformAuditCompanyOptions, platformAuditLogList,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { defineFileRoute, defineRoute } from '../../shared/route.js';
import { emptyIfNull, pagedRows, parsedRows, timestampText } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { type XlsxField, batches, fieldSheet, xlsxStream } from '../../shared/xlsx.js';
import { operatorOf } from '../platform/index.js';

interface AuditFilter {
  /** A company administrator's own company; absent on the operator's page unless chosen. */
  companyId?: number;
  actorKind?: AuditActorKind;
  actorId?: number;
  kind?: AuditKind;
  startDate?: string;
  endDate?: string;
}

/** The users' calendar is China's (UTC+8): a date filter means that whole day there. */
const chinaDayStart = (date: string) => sql`${`${date}T00:00:00+08:00`}::timestamptz`;

function auditWhere(f: AuditFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.companyId !== undefined) parts.push(sql`l.company_id = ${f.companyId}`);
  if (f.actorKind) parts.push(sql`l.actor_kind = ${f.actorKind}`);
  if (f.actorId !== undefined) parts.push(sql`l.actor_id = ${f.actorId}`);
  if (f.kind) parts.push(sql`l.kind = ${f.kind}`);
  if (f.startDate) parts.push(sql`l.at >= ${chinaDayStart(f.startDate)}`);
  if (f.endDate) parts.push(sql`l.at < ${chinaDayStart(f.endDate)} + interval '1 day'`);
  return sql.join(parts, sql` and `);
}

/** The rows the filters find, newest first (the count, and the statement a page's limit is appended to). */
function auditListSql(f: AuditFilter) {
  const where = auditWhere(f);
  return {
    count: sql`select count(*)::int as total from audit_log l where ${where}`,
    rows: sql`select l.id, l.at, l.company_id as "companyId", c.name as "companyName", l.actor_kind as "actorKind", l.actor_id as "actorId",
        l.actor_name as "actorName", l.address, l.kind, l.call, l.target, l.before, l.after
      from audit_log l left join company c on c.id = l.company_id
      where ${where}
      order by l.at desc, l.id desc`,
  };
}

/** A row as the database answers it: the id a bigint (text from node-postgres), the time a timestamp, the company's name. */
const auditDbRow = auditLogRow.extend({ id: z.coerce.number().int(), at: timestampText, companyName: emptyIfNull });
type AuditDbRow = z.output<typeof auditDbRow>;

/** An instant as China reads it, to the second: "2026-05-01 10:00:00". */
const chinaTimeToSecond = (at: string) => new Date(new Date(at).getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const json = (value: Record<string, unknown> | null) => (value && Object.keys(value).length > 0 ? JSON.stringify(value) : '');

const AUDIT_FIELDS: XlsxField<AuditDbRow>[] = [
  { header: '时间', width: 20, value: (r) => chinaTimeToSecond(r.at) },
  { header: '操作人', width: 22, value: (r) => r.actorName },
  { header: '地址', width: 16, value: (r) => r.address },
  { header: '类型', width: 12, value: (r) => AUDIT_KINDS[r.kind] },
  { header: '操作', width: 26, value: (r) => auditCallName(r.call) },
  { header: '调用', width: 40, value: (r) => r.call },
  { header: '对象', width: 20, value: (r) => auditTargetText(r.target) },
  { header: '变更', width: 50, value: (r) => auditChangeText(r) },
  { header: '变更前', width: 40, value: (r) => json(r.before) },
  { header: '提交内容', width: 40, value: (r) => json(r.after) },
];

const PLATFORM_FIELDS: XlsxField<AuditDbRow>[] = [
  AUDIT_FIELDS[0]!,
  { header: '单位', width: 26, value: (r) => r.companyName || '平台' },
  { header: '操作人类型', width: 12, value: (r) => AUDIT_ACTOR_KINDS[r.actorKind] },
  ...AUDIT_FIELDS.slice(1),
];

/** The filtered log as .xlsx: the newest AUDIT_EXPORT_MAX_ROWS rows, read a batch at a time. */
async function auditWorkbook(db: Db, filter: AuditFilter, fileName: string, fields: XlsxField<AuditDbRow>[]) {
  const list = auditListSql(filter);
  const [counted] = await rowsOf<{ total: number }>(db, list.count);
  const total = Number(counted?.total ?? 0);
  const note =
    total > AUDIT_EXPORT_MAX_ROWS ? `共 ${total} 条，只导出了最新的 ${AUDIT_EXPORT_MAX_ROWS} 条；请缩小日期范围，分几次导出。` : undefined;
  const rows = batches(({ pageNum, pageSize }) => {
    const offset = (pageNum - 1) * pageSize;
    const limit = Math.min(pageSize, AUDIT_EXPORT_MAX_ROWS - offset);
    return limit <= 0 ? Promise.resolve([]) : parsedRows(db, sql`${list.rows} limit ${limit} offset ${offset}`, auditDbRow);
  });
  return xlsxStream(fileName, [fieldSheet('操作日志', fields, rows, note)]);
}

/** A company administrator's filters: staff rows of their company (operators' rows have none, so never among them). */
const companyFilter = (input: Omit<AuditFilter, 'companyId' | 'actorKind'>, companyId: number): AuditFilter => ({
  ...input,
  companyId,
  actorKind: 'staff',
});

/** 操作日志 (DESIGN §7): the company administrator's page of their company's rows, and the operator's of all. */
export function auditRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const guard = (request: FastifyRequest) => operatorOf(db, request);

  defineRoute(app, auditLogList, async ({ input, session }) =>
    pagedRows(db, auditListSql(companyFilter(input, session.companyId)), auditDbRow, input),
  );

  defineFileRoute(app, exportAuditLog, async ({ input, session }) =>
    auditWorkbook(db, companyFilter(input, session.companyId), '操作日志.xlsx', AUDIT_FIELDS),
  );

  defineRoute(app, platformAuditLogList, async ({ input }) => pagedRows(db, auditListSql(input), auditDbRow, input), { guard });

  defineFileRoute(app, exportPlatformAuditLog, async ({ input }) => auditWorkbook(db, input, '平台操作日志.xlsx', PLATFORM_FIELDS), { guard });

  defineRoute(
    app,
    platformAuditCompanyOptions,
    async () => rowsOf<{ id: number; name: string }>(db, sql`select id, name from company order by id`),
    { guard },
  );
}
