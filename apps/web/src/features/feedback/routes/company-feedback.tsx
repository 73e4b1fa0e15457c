import { PlusOutlined } from '@ant-design/icons';
import { FEEDBACK_STATUSES, FEEDBACK_STATUS_LIST, type FeedbackRow, companyFeedbackList } from '@zhaokao/contracts';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { SelectFilter } from '../../../components/SelectFilter';
import { lazyModal } from '../../../components/lazy-modal';
import { actionsColumn } from '../../../lib/columns';
import { usePagedList } from '../../../lib/use-paged-list';
import { FeedbackStatusTag, feedbackTypeLabel, timeLabel } from '../components/labels';

const FeedbackFormModal = lazyModal(() => import('../components/FeedbackFormModal').then((m) => m.FeedbackFormModal));
const FeedbackDetailModal = lazyModal(() => import('../components/FeedbackDetailModal').then((m) => m.FeedbackDetailModal));

const STATUS_OPTIONS = FEEDBACK_STATUS_LIST.map((value) => ({ value, label: FEEDBACK_STATUSES[value] }));

/** 公司反馈: what the company wrote to the platform, with the platform's replies; any staff member may write. */
export default function CompanyFeedbackPage() {
  const { bind, tableProps } = usePagedList(companyFeedbackList, {
    label: '公司反馈列表',
    filters: { status: FEEDBACK_STATUS_LIST },
    showTotal: (total) => `共 ${total} 条`,
    refetchOnMount: 'always',
  });
  const [writing, setWriting] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);

  return (
    <Card
      className="page-card"
      title="公司反馈"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setWriting(true)}>
          提交反馈
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">使用中遇到的问题、功能建议或投诉，可在这里反馈给平台；平台回复后显示在列表中。</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <SelectFilter label="按状态筛选" placeholder="全部状态" width={150} {...bind('status')} options={STATUS_OPTIONS} />
      </Space>
      <DataTable<FeedbackRow>
        {...tableProps}
        scroll={{ x: 960 }}
        columns={[
          { title: '提交时间', dataIndex: 'createdAt', width: 150, render: timeLabel },
          { title: '类型', dataIndex: 'type', width: 100, render: feedbackTypeLabel },
          { title: '反馈标题', dataIndex: 'title', width: 200, ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 90, render: (status: string) => <FeedbackStatusTag status={status} /> },
          { title: '平台回复', dataIndex: 'reply', ellipsis: true, render: (reply: string) => reply || '—' },
          { title: '提交人', dataIndex: 'createdByName', width: 100, render: (name: string) => name || '—' },
          ...actionsColumn<FeedbackRow>(true, {
            width: 80,
            render: (row) => <ActionLink onClick={() => setViewing(row.id)}>详情</ActionLink>,
          }),
        ]}
      />
      {writing && <FeedbackFormModal onClose={() => setWriting(false)} />}
      {viewing !== null && <FeedbackDetailModal id={viewing} onClose={() => setViewing(null)} />}
    </Card>
  );
}
