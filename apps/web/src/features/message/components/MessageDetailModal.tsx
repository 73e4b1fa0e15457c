import type { UserMessageRow } from '@zhaokao/contracts';
import { Descriptions, Modal, Typography } from 'antd';
import { formatTime } from '../../../lib/time';

export const timeLabel = (at: string | null | undefined) => (at ? formatTime(at) : '—');

/** One received message, in full. */
export function MessageDetailModal({ message, onClose }: { message: UserMessageRow; onClose(): void }) {
  return (
    <Modal open title="站内信详情" width={640} footer={null} onCancel={onClose} destroyOnHidden>
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { width: 100 } }}
        items={[
          { key: 'from', label: '发送人', children: message.senderName || '—' },
          { key: 'at', label: '发送时间', children: timeLabel(message.createdAt) },
          {
            key: 'content',
            label: '内容',
            children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{message.content}</Typography.Paragraph>,
          },
        ]}
      />
    </Modal>
  );
}
