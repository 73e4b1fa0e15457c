import { FEEDBACK_STATUSES, FEEDBACK_STATUS_LIST, FEEDBACK_TYPES, type PlatformFeedbackRow } from '@zhaokao/contracts';
import { Button, Card, Space, Tag } from 'antd';
import { formatTime } from '../../../lib/time';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { SearchFilter } from '../../../components/ListFilters';
import { SelectFilter } from '../../../components/SelectFilter';
import { paginationOf, useUrlFilters } from '../../../lib/use-paged-list';
import { useFeedbackList } from '../api/platform-api';
import { ReplyFeedbackModal } from '../components/ReplyFeedbackModal';

const STATUS_OPTIONS = FEEDBACK_STATUS_LIST.map((value) => ({ value, label: FEEDBACK_STATUSES[value] }));

/** 公司反馈: every company's feedback to the platform; one waiting is answered here. */
export default function PlatformFeedbackPage() {
  const { filters, page, bind, setPage } = useUrlFilters({ status: FEEDBACK_STATUS_LIST, companyName: 'text' });
  const list = useFeedbackList({ ...page, status: filters.status, companyName: filters.companyName ?? '' });
  const [open, setOpen] = useState<PlatformFeedbackRow | null>(null);

  return (
    <Card title="公司反馈">
      <Space wrap style={{ marginBottom: 12 }}>
        <SelectFilter label="按状态筛选" placeholder="全部状态" width={150} {...bind('status')} options={STATUS_OPTIONS} />
        <SearchFilter label="反馈单位" placeholder="反馈单位名称" width={220} {...bind('companyName')} />
        <Button onClick={() => void list.refetch()}>刷新</Button>
      </Space>
      <DataTable<PlatformFeedbackRow>
        label="公司反馈列表"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        scroll={{ x: 1000 }}
        pagination={paginationOf(page, list.data?.total, setPage, { showTotal: (total) => `共 ${total} 条` })}
        columns={[
          { title: '提交时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatTime(v) },
          { title: '反馈单位', dataIndex: 'companyName', width: 200, ellipsis: true },
          { title: '类型', dataIndex: 'type', width: 90, render: (v: string) => FEEDBACK_TYPES[v as keyof typeof FEEDBACK_TYPES] ?? v },
          { title: '反馈标题', dataIndex: 'title', ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: string) => <Tag color={v === 'replied' ? 'success' : 'warning'}>{FEEDBACK_STATUSES[v as keyof typeof FEEDBACK_STATUSES] ?? v}</Tag>,
          },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_, row) => <ActionLink onClick={() => setOpen(row)}>{row.status === 'waiting' ? '回复' : '详情'}</ActionLink>,
          },
        ]}
      />
      {open && <ReplyFeedbackModal feedback={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
