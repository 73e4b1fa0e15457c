import { Descriptions, Modal, Skeleton, Typography } from 'antd';
import { useFeedbackDetail } from '../api/feedback-api';
import { FeedbackStatusTag, feedbackTypeLabel, timeLabel } from './labels';

const text = (value: string) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{value}</Typography.Paragraph>;

/** One feedback as sent, and the platform's reply once there is one. */
export function FeedbackDetailModal({ id, onClose }: { id: number; onClose(): void }) {
  const { data: feedback } = useFeedbackDetail(id);
  return (
    <Modal open title="反馈详情" width={720} footer={null} onCancel={onClose} destroyOnHidden>
      {!feedback ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          styles={{ label: { width: 110 } }}
          items={[
            { key: 'title', label: '反馈标题', children: feedback.title },
            { key: 'type', label: '反馈类型', children: feedbackTypeLabel(feedback.type) },
            { key: 'status', label: '状态', children: <FeedbackStatusTag status={feedback.status} /> },
            { key: 'by', label: '提交人', children: `${feedback.createdByName || '—'}（${timeLabel(feedback.createdAt)}）` },
            { key: 'content', label: '反馈内容', children: text(feedback.content) },
            {
              key: 'reply',
              label: '平台回复',
              children: feedback.status === 'replied' ? text(feedback.reply) : <Typography.Text type="secondary">平台尚未回复</Typography.Text>,
            },
            { key: 'repliedAt', label: '回复时间', children: timeLabel(feedback.repliedAt) },
          ]}
        />
      )}
    </Modal>
  );
}
