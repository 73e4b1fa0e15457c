import { exportAuditLog } from '@zhaokao/contracts';
import { Button, Card, Space } from 'antd';
import { AUDIT_KIND_LIST, AUDIT_KIND_OPTIONS, AuditLogTable } from '../../../components/AuditLogTable';
import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { ExportButton } from '../../../components/ExportButton';
import { SelectFilter } from '../../../components/SelectFilter';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { useAuditLogList, useAuditStaffOptions } from '../api/audit-api';

/** 操作日志: who in the company changed, exported or looked at what, and when; the administrator's to read, never to change. */
export default function AuditLogPage() {
  const { filters, page, bind, setFilters, setPage } = useUrlFilters({ actorId: 'id', kind: AUDIT_KIND_LIST, startDate: 'date', endDate: 'date' }, 20);
  const list = useAuditLogList({ ...filters, ...page });
  const staff = useAuditStaffOptions();

  return (
    <Card className="page-card" title="操作日志">
      <Space wrap style={{ marginBottom: 12 }}>
        <SelectFilter label="操作人" placeholder="全部操作人" width={200} search loading={staff.isLoading} options={staff.data ?? []} {...bind('actorId')} />
        <SelectFilter label="操作类型" placeholder="全部类型" width={150} options={AUDIT_KIND_OPTIONS} {...bind('kind')} />
        <DateRangeFilter label="日期范围" startDate={filters.startDate} endDate={filters.endDate} onChange={setFilters} />
        <Button onClick={() => void list.refetch()}>刷新</Button>
        <ExportButton endpoint={exportAuditLog} input={filters} fileName="操作日志.xlsx" label="导出 Excel" total={list.data?.total} />
      </Space>
      <AuditLogTable list={list} page={page} onPageChange={setPage} />
    </Card>
  );
}
