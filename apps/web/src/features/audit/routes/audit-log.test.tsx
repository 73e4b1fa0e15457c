// 操作日志 rendered to HTML from answers put in the query cache (no DOM, as in ScoreRecheckPage.test.tsx): the filters,
// each row's call by its Chinese name with the call itself below it, its target and its change on one line.
import { type AuditLogRow, auditLogList, staffList } from '@zhaokao/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeOf } from '../../../app/routes';
import { queryKeyOf } from '../../../lib/query';
import AuditLogPage from './audit-log';

const row = (id: number, more: Partial<AuditLogRow> = {}): AuditLogRow => ({
  id,
  at: '2026-05-01T02:00:05.000Z',
  companyId: 1,
  actorKind: 'staff',
  actorId: 3,
  actorName: 'admin（王敏）',
  address: '10.1.2.3',
  kind: 'write',
  call: 'POST /recruitment/gate/decide',
  target: { ids: [5, 6] },
  before: { result: '待定' },
  after: { ids: [5, 6], result: '合格' },
  ...more,
});

function renderPage(rows: AuditLogRow[], address = '/setting/auditLog') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const filters = Object.fromEntries(new URLSearchParams(address.split('?')[1] ?? ''));
  client.setQueryData(queryKeyOf(staffList, { pageSize: 200 }), {
    total: 1,
    list: [{ id: 3, name: '王敏', loginAccount: 'admin', phone: '', email: '', departmentId: null, departmentName: '', roleId: 1, roleName: '管理员', enabled: true, createdAt: '' }],
  });
  client.setQueryData(queryKeyOf(auditLogList, { ...filters, ...(filters.actorId && { actorId: Number(filters.actorId) }), pageNum: 1, pageSize: 20 }), {
    list: rows,
    total: rows.length,
  });
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <AuditLogPage />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

describe('the 操作日志 page', () => {
  it('is in the 设置 menu, for those who manage the staff', () => {
    expect(routeOf('/setting/auditLog')).toMatchObject({ title: '操作日志', group: 'setting', permissions: ['staff:manage'] });
  });

  it('lists each act: when, who, from where, the call by its name and as it is, its target and change', () => {
    const html = renderPage([
      row(2),
      row(1, { kind: 'export', call: 'GET /admin/auditLog/export', target: {}, before: null, after: { startDate: '2026-04-30' } }),
    ]);
    for (const text of [
      '2026-05-01',
      '10:00:05',
      'admin（王敏）',
      '10.1.2.3',
      '录用环节：办理',
      'POST /recruitment/gate/decide',
      'ids 5、6',
      'result：待定 → 合格',
      '操作日志：导出',
      'startDate：2026-04-30',
      '共 2 条',
      '导出 Excel',
    ]) {
      expect(html).toContain(text);
    }
    for (const label of ['操作人', '操作类型', '日期范围']) expect(html).toContain(`aria-label="${label}"`);
  });

  it('shows the person and the days filtered by, from the address', () => {
    const html = renderPage([row(1)], '/setting/auditLog?actorId=3&startDate=2026-05-01&endDate=2026-05-01');
    expect(html).toContain('title="admin（王敏）"');
    expect(html).toContain('value="2026-05-01"');
    expect(html).toContain('录用环节：办理');
  });
});
