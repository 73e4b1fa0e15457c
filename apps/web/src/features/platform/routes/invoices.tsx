import { INVOICE_STATUSES, type PlatformInvoiceRow } from '@zhaokao/contracts';
import { Button, Card, Space } from 'antd';
import { formatTime } from '../../../lib/time';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { SearchFilter } from '../../../components/ListFilters';
import { SelectFilter } from '../../../components/SelectFilter';
import { paginationOf, useUrlFilters } from '../../../lib/use-paged-list';
import { useInvoiceList } from '../api/platform-api';
import { INVOICE_KINDS, INVOICE_STATUS_LIST, InvoiceStatusTag } from '../components/invoice-labels';
import { InvoiceDetailModal, InvoicePdfLink } from '../components/InvoiceDetailModal';
import { IssueInvoiceModal } from '../components/IssueInvoiceModal';

const STATUS_OPTIONS = INVOICE_STATUS_LIST.map((value) => ({ value, label: INVOICE_STATUSES[value] }));

const issuable = (row: PlatformInvoiceRow) => row.status === 'submitted';

type Open = { kind: 'detail' | 'issue'; invoice: PlatformInvoiceRow } | null;

/** 发票开具: the companies' invoice requests; a submitted one is issued here. */
export default function PlatformInvoicesPage() {
  const { filters, page, bind, setPage } = useUrlFilters({ status: INVOICE_STATUS_LIST, companyName: 'text' });
  const list = useInvoiceList({ ...page, status: filters.status, companyName: filters.companyName ?? '' });
  const [open, setOpen] = useState<Open>(null);

  return (
    <Card title="发票开具">
      <Space wrap style={{ marginBottom: 12 }}>
        <SelectFilter label="按状态筛选" placeholder="全部状态" width={170} {...bind('status')} options={STATUS_OPTIONS} />
        <SearchFilter label="申请单位" placeholder="申请单位名称" width={220} {...bind('companyName')} />
        <Button onClick={() => void list.refetch()}>刷新</Button>
      </Space>
      <DataTable<PlatformInvoiceRow>
        label="发票申请列表"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        scroll={{ x: 1080 }}
        pagination={paginationOf(page, list.data?.total, setPage, { showTotal: (total) => `共 ${total} 条` })}
        columns={[
          { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatTime(v) },
          { title: '申请单位', dataIndex: 'companyName', width: 200, ellipsis: true },
          { title: '发票抬头', dataIndex: 'title', ellipsis: true },
          { title: '类型', dataIndex: 'kind', width: 90, render: (v: string) => INVOICE_KINDS[v] ?? v },
          { title: '金额（元）', dataIndex: 'amountY', width: 110, align: 'right' },
          { title: '状态', dataIndex: 'status', width: 130, render: (v: string) => <InvoiceStatusTag status={v} /> },
          {
            title: '开具结果',
            key: 'result',
            width: 190,
            render: (_, row) =>
              row.status !== 'issued' ? '—' : row.kind === 'paper' ? `${row.courierCompany} ${row.trackingNo}` : <InvoicePdfLink id={row.id} />,
          },
          {
            title: '操作',
            key: 'actions',
            width: 110,
            fixed: 'right',
            render: (_, row) => (
              <Space size="middle">
                <ActionLink onClick={() => setOpen({ kind: 'detail', invoice: row })}>详情</ActionLink>
                {issuable(row) && <ActionLink onClick={() => setOpen({ kind: 'issue', invoice: row })}>开具</ActionLink>}
              </Space>
            ),
          },
        ]}
      />
      {open?.kind === 'detail' && (
        <InvoiceDetailModal
          invoice={open.invoice}
          onClose={() => setOpen(null)}
          onIssue={issuable(open.invoice) ? () => setOpen({ kind: 'issue', invoice: open.invoice }) : undefined}
        />
      )}
      {open?.kind === 'issue' && <IssueInvoiceModal invoice={open.invoice} onClose={() => setOpen(null)} onIssued={() => setOpen(null)} />}
    </Card>
  );
}
