import { AUDIT_KINDS, type AuditKind, type AuditLogRow, auditCallName, auditChangeText, auditTargetText } from '@zhaokao/contracts';
import { Tag, theme } from 'antd';
import { formatTime } from '../lib/time';
import { type Page, paginationOf } from '../lib/use-paged-list';
import { DataTable } from './DataTable';

/**
 * The rows of a 操作日志 (the company administrator's and the operator's pages): when, who, from where, the call by its
 * Chinese name (the call itself below it), its target ids and its change on one line; a row opens to show all it kept.
 */

const KIND_COLOURS: Record<AuditKind, string> = { write: 'blue', export: 'green', view: 'orange', signIn: 'default', signOut: 'default' };

/** The kinds a row can be of: the URL filter's values and the 操作类型 filter's options. */
export const AUDIT_KIND_LIST = Object.keys(AUDIT_KINDS) as AuditKind[];
export const AUDIT_KIND_OPTIONS = AUDIT_KIND_LIST.map((value) => ({ value, label: AUDIT_KINDS[value] }));

/** Long words (an address, a call, a list of ids) break anywhere rather than widen their column. */
const WRAP = { wordBreak: 'break-all' } as const;
/** The change on at most two lines; the whole of it in the title, and in the opened row. */
const TWO_LINES = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-all' } as const;

const hasFields = (value: Record<string, unknown> | null) => value !== null && Object.keys(value).length > 0;

function Fields({ title, value }: { title: string; value: Record<string, unknown> | null }) {
  return (
    <div style={{ flex: '1 1 320px', minWidth: 0 }}>
      <strong>{title}</strong>
      <pre style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
        {hasFields(value) ? JSON.stringify(value, null, 2) : '—'}
      </pre>
    </div>
  );
}

/** A row opened: all the call found and asked for, as kept. */
const EXPANDABLE = {
  rowExpandable: (row: AuditLogRow) => hasFields(row.before) || hasFields(row.after),
  expandedRowRender: (row: AuditLogRow) => (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
      <Fields title="变更前" value={row.before} />
      <Fields title="提交内容" value={row.after} />
    </div>
  ),
};

interface Props {
  /** The query of the page of rows shown. */
  list: { data?: { list: AuditLogRow[]; total: number }; isFetching: boolean };
  page: Page;
  onPageChange(pageNum: number, pageSize: number): void;
  /** The operator's page: each row's company by name (a row without one is the platform's own). */
  companyNames?: ReadonlyMap<number, string>;
}

export function AuditLogTable({ list, page, onPageChange, companyNames }: Props) {
  const { token } = theme.useToken();
  return (
    <DataTable<AuditLogRow>
      label="操作日志列表"
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data?.list}
      pagination={paginationOf(page, list.data?.total, onPageChange, { showTotal: (total) => `共 ${total} 条` })}
      scroll={{ x: companyNames ? 1250 : 1050 }}
      expandable={EXPANDABLE}
      columns={[
        {
          title: '时间',
          dataIndex: 'at',
          width: 110,
          render: (at: string) => (
            <>
              <div>{formatTime(at, 'YYYY-MM-DD')}</div>
              <div>{formatTime(at, 'HH:mm:ss')}</div>
            </>
          ),
        },
        ...(companyNames
          ? [
              {
                title: '单位',
                dataIndex: 'companyId',
                width: 160,
                render: (id: number | null) => (id === null ? '平台' : (companyNames.get(id) ?? `单位 ${id}`)),
              },
            ]
          : []),
        { title: '操作人', dataIndex: 'actorName', width: 140, render: (name: string) => <span style={WRAP}>{name}</span> },
        { title: '地址', dataIndex: 'address', width: 120, render: (address: string) => <span style={WRAP}>{address}</span> },
        {
          title: '操作',
          key: 'call',
          width: 230,
          render: (_: unknown, row: AuditLogRow) => (
            <>
              <div>
                <Tag color={KIND_COLOURS[row.kind]}>{AUDIT_KINDS[row.kind]}</Tag>
                {auditCallName(row.call)}
              </div>
              <div style={{ ...WRAP, color: token.colorTextSecondary, fontSize: 12 }}>{row.call}</div>
            </>
          ),
        },
        { title: '对象', key: 'target', width: 110, render: (_: unknown, row: AuditLogRow) => <span style={WRAP}>{auditTargetText(row.target)}</span> },
        {
          title: '变更',
          key: 'change',
          render: (_: unknown, row: AuditLogRow) => {
            const change = auditChangeText(row);
            return (
              <span title={change} style={TWO_LINES}>
                {change}
              </span>
            );
          },
        },
      ]}
    />
  );
}
