import { ABSENT_WORD, type ExamApplicationRow } from '@zhaokao/contracts';
import { LockOutlined } from '@ant-design/icons';
import { Tag } from 'antd';

/** Where a row's score is: 待录入, 已退回（and why）, 已录入待审核, 已审核, or 缺考. */
export function ScoreState({ row }: { row: ExamApplicationRow }) {
  if (row.returnedReason) return <ReturnedTag reason={row.returnedReason} />;
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

/** With an examiner panel, a column per examiner (named after them) with their score, beside the mean. */
export function examinerColumns(rows: readonly ExamApplicationRow[] | undefined) {
  const items = rows?.find((row) => row.itemScores.length > 1)?.itemScores ?? [];
  return items.map((item) => ({
    title: `考官 ${item.examinerName}`,
    key: `item-${item.workItemId}`,
    width: 130,
    render: (_: unknown, row: ExamApplicationRow) =>
      row.absent ? ABSENT_WORD : (row.itemScores.find((own) => own.workItemId === item.workItemId)?.score ?? '—'),
  }));
}

/** A score sent back for correction (退回修改), with the reviewer's reason (a long one cut, whole on hover). */
export const ReturnedTag = ({ reason }: { reason: string }) => (
  <Tag color="volcano" title={reason} style={{ maxWidth: '100%', whiteSpace: 'normal' }}>
    已退回：{reason.length > 40 ? `${reason.slice(0, 40)}…` : reason}
  </Tag>
);

/** The score column: the score, 缺考, or a dash. */
export const scoreCell = (row: { absent: boolean; score: string | null }) => (row.absent ? ABSENT_WORD : (row.score ?? '—'));

/** 考场 / 座位: '第一考场 · 12 号'. */
export const seatCell = (row: ExamApplicationRow) =>
  row.roomName ? `${row.roomName}${row.seat === null ? '' : ` · ${row.seat} 号`}` : '—';
