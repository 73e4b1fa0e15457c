import { type AuditDetail, EXAM_STAGES, type ExamStage, INTERVIEW_STAGE, WRITTEN_STAGE, examStageRow, statusesAfter } from '@zhaokao/contracts';
import { Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useExamStageFacts } from './detail-api';


const orNone = (text: string | null | undefined) => text || '暂无';

/** Modes 2 and 3 of the detail dialog: the ticket, the seat, the exam's time and place, the score and, once published, the rank and why. */
export function ExamStageFacts({ detail, stage }: { detail: AuditDetail; stage: ExamStage }) {
  const stageName = EXAM_STAGES[stage];
  const facts = useExamStageFacts(detail, stage);
  const row = facts.row;
  if (facts.loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!row) return <Typography.Text type="secondary">该报名人员尚未进入{stageName}环节。</Typography.Text>;

  const seat = row.roomName ? `${row.roomName}${row.seat === null ? '' : ` · ${row.seat} 号座位`}` : '暂无';
  const score = row.absent ? <Tag color="red">缺考</Tag> : orNone(row.score);
  /** The stage's results published, or a later stage reached: the score was reviewed. */
  const published: readonly number[] = statusesAfter(examStageRow(stage).statuses.inReview);
  const items = [
    { key: 'ticket', label: '准考证号', children: orNone(row.ticketCode) },
    { key: 'seat', label: '考场 / 座位', children: seat },
    { key: 'time', label: `${stageName}时间`, children: orNone(facts.examTime) },
    { key: 'address', label: `${stageName}地点`, children: orNone(facts.examAddress ?? (stage === WRITTEN_STAGE ? detail.job.recruitmentPlan?.examAddress : null)) },
    { key: 'attended', label: '考试情况', children: row.absent ? <Tag color="red">缺考</Tag> : row.score ? '已参加' : '暂无' },
    { key: 'score', label: `${stageName}成绩`, children: score },
    { key: 'confirmed', label: '成绩审核', children: row.score || row.absent ? (row.confirmed || published.includes(row.status) ? '已审核' : '待审核') : '暂无' },
    {
      key: 'rank',
      label: `${stageName}排名`,
      children: row.rank ? `第 ${row.rank} 名` : row.absent ? '不排名（缺考）' : '成绩发布后显示',
    },
    ...(stage === INTERVIEW_STAGE && facts.compositeScore ? [{ key: 'composite', label: '综合成绩', children: facts.compositeScore }] : []),
  ];
  return (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} items={items} />
      {facts.explanation && (
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
          <Typography.Text strong>结果说明：</Typography.Text>
          {facts.explanation}
        </Typography.Paragraph>
      )}
    </>
  );
}
