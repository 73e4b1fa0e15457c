import { AUDIT_ACTOR_KINDS, type AuditActorKind, exportPlatformAuditLog } from '@zhaokao/contracts';
import { Button, Card, Space } from 'antd';
import { useMemo } from 'react';
import { AUDIT_KIND_LIST, AUDIT_KIND_OPTIONS, AuditLogTable } from '../../../components/AuditLogTable';
import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { ExportButton } from '../../../components/ExportButton';
import { SelectFilter } from '../../../components/SelectFilter';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { readOperatorRefusal, usePlatformAuditCompanies, usePlatformAuditLogList } from '../api/platform-api';

const ACTOR_KIND_LIST = Object.keys(AUDIT_ACTOR_KINDS) as AuditActorKind[];
const ACTOR_KIND_OPTIONS = ACTOR_KIND_LIST.map((value) => ({ value, label: AUDIT_ACTOR_KINDS[value] }));

/** 操作日志 of the whole platform: every company's staff and the operators themselves. */
export default function PlatformAuditLogPage() {
  const { filters, page, bind, setFilters, setPage } = useUrlFilters(
    { companyId: 'id', actorKind: ACTOR_KIND_LIST, kind: AUDIT_KIND_LIST, startDate: 'date', endDate: 'date' },
    20,
  );
  const list = usePlatformAuditLogList({ ...filters, ...page });
  const companies = usePlatformAuditCompanies();
  const companyNames = useMemo(() => new Map((companies.data ?? []).map((c) => [c.id, c.name])), [companies.data]);

  return (
    <Card title="操作日志">
      <Space wrap style={{ marginBottom: 12 }}>
        <SelectFilter
          label="单位"
          placeholder="全部单位"
          width={240}
          search
          loading={companies.isLoading}
          options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          {...bind('companyId')}
        />
        <SelectFilter label="操作人类型" placeholder="全部操作人" width={150} options={ACTOR_KIND_OPTIONS} {...bind('actorKind')} />
        <SelectFilter label="操作类型" placeholder="全部类型" width={150} options={AUDIT_KIND_OPTIONS} {...bind('kind')} />
        <DateRangeFilter label="日期范围" startDate={filters.startDate} endDate={filters.endDate} onChange={setFilters} />
        <Button onClick={() => void list.refetch()}>刷新</Button>
        <ExportButton endpoint={exportPlatformAuditLog} input={filters} fileName="平台操作日志.xlsx" label="导出 Excel" readRefusal={readOperatorRefusal} />
      </Space>
      <AuditLogTable list={list} page={page} onPageChange={setPage} companyNames={companyNames} />
    </Card>
  );
}
