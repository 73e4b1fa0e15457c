import { FEEDBACK_TYPES, type PlatformFeedbackRow, platformReplyFeedback } from '@zhaokao/contracts';
import { Button, Descriptions, Typography } from 'antd';
import { formatTime } from '../../../lib/time';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { useReplyFeedback } from '../api/platform-api';

const typeLabel = (type: string) => FEEDBACK_TYPES[type as keyof typeof FEEDBACK_TYPES] ?? type;
const text = (value: string) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{value}</Typography.Paragraph>;

/**
 * A company's feedback in full; while it waits, the platform's one reply (a second is refused by the server, so the
 * form shows only for feedback still waiting).
 */
export function ReplyFeedbackModal({ feedback, onClose }: { feedback: PlatformFeedbackRow; onClose(): void }) {
  const reply = useReplyFeedback();
  const waiting = feedback.status === 'waiting';
  const summary = (
    <Descriptions
      bordered
      size="small"
      column={1}
      style={{ marginBottom: 16 }}
      styles={{ label: { width: 110 } }}
      items={[
        { key: 'company', label: '反馈单位', children: feedback.companyName },
        { key: 'by', label: '提交人', children: `${feedback.createdByName || '—'}（${formatTime(feedback.createdAt)}）` },
        { key: 'type', label: '反馈类型', children: typeLabel(feedback.type) },
        { key: 'title', label: '反馈标题', children: feedback.title },
        { key: 'content', label: '反馈内容', children: text(feedback.content) },
        ...(waiting
          ? []
          : [
              { key: 'reply', label: '平台回复', children: text(feedback.reply) },
              {
                key: 'repliedBy',
                label: '回复人',
                children: `${feedback.repliedByName || '—'}（${feedback.repliedAt ? formatTime(feedback.repliedAt) : '—'}）`,
              },
            ]),
      ]}
    />
  );
  return (
    <FormModal<{ reply: string }>
      name="platform-reply-feedback"
      title={waiting ? '回复反馈' : '反馈详情'}
      okText="回复"
      width={720}
      savedMessage="回复成功"
      footer={
        waiting
          ? undefined
          : [
              <Button key="close" onClick={onClose}>
                关闭
              </Button>,
            ]
      }
      onCancel={onClose}
      onSubmit={(values) => reply.mutateAsync({ id: feedback.id, reply: values.reply })}
      onSaved={onClose}
    >
      {summary}
      {waiting && <TextField ep={platformReplyFeedback} name="reply" label="回复内容" required showCount autoSize={{ minRows: 4, maxRows: 10 }} />}
    </FormModal>
  );
}
