import { NotificationOutlined, SendOutlined } from '@ant-design/icons';
import { CANDIDATE_MESSAGE_PERMISSIONS, type UserMessageRow, userMessageList } from '@zhaokao/contracts';
import { Badge, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { SelectFilter } from '../../../components/SelectFilter';
import { lazyModal } from '../../../components/lazy-modal';
import { succeeded } from '../../../lib/api-client';
import { actionsColumn } from '../../../lib/columns';
import { useHasPermission } from '../../../lib/session';
import { usePagedList } from '../../../lib/use-paged-list';
import { useReadAllMessages, useReadMessage } from '../api/message-api';
import { MessageDetailModal, timeLabel } from '../components/MessageDetailModal';

const SendMessageModal = lazyModal(() => import('../components/SendMessageModal').then((m) => m.SendMessageModal));
const NotifyCandidatesModal = lazyModal(() => import('../components/NotifyCandidatesModal').then((m) => m.NotifyCandidatesModal));

const READ_OPTIONS = [
  { value: true, label: '未读' },
  { value: false, label: '已读' },
];

/** 站内信列表 (SPEC §2 /manage/userMessage): the messages the user received; opening one reads it. */
export default function UserMessagePage() {
  const { bind, tableProps } = usePagedList(userMessageList, {
    label: '站内信列表',
    filters: { unread: 'boolean' },
    showTotal: (total) => `共 ${total} 条`,
    refetchOnMount: 'always',
  });
  const read = useReadMessage();
  const readAll = useReadAllMessages();
  const [writing, setWriting] = useState(false);
  const [notifying, setNotifying] = useState(false);
  const mayNotifyCandidates = useHasPermission(CANDIDATE_MESSAGE_PERMISSIONS);
  const [viewing, setViewing] = useState<UserMessageRow | null>(null);

  const open = async (row: UserMessageRow) => {
    setViewing(row);
    if (!row.readAt) await succeeded(read.mutateAsync({ id: row.id }));
  };

  return (
    <Card
      className="page-card"
      title="站内信列表"
      extra={
        <Space wrap>
          <Button loading={readAll.isPending} onClick={() => void succeeded(readAll.mutateAsync({}))}>
            全部标为已读
          </Button>
          {mayNotifyCandidates && (
            <Button icon={<NotificationOutlined aria-hidden />} onClick={() => setNotifying(true)}>
              通知报名人员
            </Button>
          )}
          <Button type="primary" icon={<SendOutlined aria-hidden />} onClick={() => setWriting(true)}>
            发送站内信
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">本单位工作人员发给您的站内信；打开即标为已读。“通知报名人员”可给某个招录计划或岗位的全部报名人员发送站内信。</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <SelectFilter label="按阅读状态筛选" placeholder="全部" width={150} {...bind('unread')} options={READ_OPTIONS} />
      </Space>
      <DataTable<UserMessageRow>
        {...tableProps}
        scroll={{ x: 800 }}
        columns={[
          {
            title: '状态',
            dataIndex: 'readAt',
            width: 90,
            render: (readAt: string | null) => (readAt ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />),
          },
          {
            title: '内容',
            dataIndex: 'content',
            ellipsis: true,
            render: (content: string, row) => (row.readAt ? content : <Typography.Text strong>{content}</Typography.Text>),
          },
          { title: '发送人', dataIndex: 'senderName', width: 120, render: (name: string) => name || '—' },
          { title: '发送时间', dataIndex: 'createdAt', width: 150, render: timeLabel },
          ...actionsColumn<UserMessageRow>(true, {
            width: 80,
            render: (row) => <ActionLink onClick={() => void open(row)}>查看</ActionLink>,
          }),
        ]}
      />
      {writing && <SendMessageModal onClose={() => setWriting(false)} />}
      {notifying && <NotifyCandidatesModal onClose={() => setNotifying(false)} />}
      {viewing && <MessageDetailModal message={viewing} onClose={() => setViewing(null)} />}
    </Card>
  );
}
