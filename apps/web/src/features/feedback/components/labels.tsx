import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@zhaokao/contracts';
import { Tag } from 'antd';
import { formatTime } from '../../../lib/time';

export const feedbackTypeLabel = (type: string) => FEEDBACK_TYPES[type as keyof typeof FEEDBACK_TYPES] ?? type;
export const timeLabel = (at: string | null | undefined) => (at ? formatTime(at) : '—');

export function FeedbackStatusTag({ status }: { status: string }) {
  return <Tag color={status === 'replied' ? 'success' : 'warning'}>{FEEDBACK_STATUSES[status as keyof typeof FEEDBACK_STATUSES] ?? status}</Tag>;
}
