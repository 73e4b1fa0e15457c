import { ABSENT_WORD, type ExamApplicationRow } from '@zhaokao/contracts';
import { LockOutlined } from '@ant-design/icons';
import { Tag } from 'antd';

/** Where a row's score is: 待录入, 已录入待审核, 已审核, or 缺考. */
export function ScoreState({ row }: { row: ExamApplicationRow }) {
  if (row.absent) return <Tag color="red">{ABSENT_WORD}{row.confirmed ? '（已审核）' : ''}</Tag>;
  if (row.confirmed) {
    return (
      <Tag color="green" icon={<LockOutlined aria-hidden />}>
        已审核
      </Tag>
    );
  }
  if (row.score !== null) return <Tag color="blue">已录入待审核</Tag>;
  return <Tag color="orange">待录入</Tag>;
}

/** The score column: the score, 缺考, or a dash. */
export const scoreCell = (row: { absent: boolean; score: string | null }) => (row.absent ? ABSENT_WORD : (row.score ?? '—'));

/** 考场 / 座位: '第一考场 · 12 号'. */
export const seatCell = (row: ExamApplicationRow) =>
  row.roomName ? `${row.roomName}${row.seat === null ? '' : ` · ${row.seat} 号`}` : '—';
