import {
  EXAM_STAGES, type ExamStage, INTERVIEW_STAGE, type PublishPreviewRow, type StatisticsPostRow, WRITTEN_STAGE,
  examStageRow,
} from '@zhaokao/contracts';
import { Alert, Button, Modal, Result, Skeleton, Tag, Typography } from 'antd';
import { DataTable } from '../../../../components/DataTable';
import { useNavigate } from 'react-router';
import { succeeded } from '../../../../lib/api-client';
import { usePublishPreview, useSendScore } from '../../api/score-api';
import { RANKING_PAGES } from './ranking-pages';

const EFFECTS: Record<ExamStage, string[]> = {
  [WRITTEN_STAGE]: [
    '按笔试成绩从高到低排名，同分同名次；缺考不排名、不入围。',
    '招录人数 × 入围比例 = 入围面试人数；名次在入围范围内（并达到合格分数线，如有）的考生笔试通过，同分在末位的一并入围，其余为笔试未通过。',
    '每位考生收到结果通知；发布后不能撤回，成绩不能再修改。',
  ],
  [INTERVIEW_STAGE]: [
    '综合成绩 = 笔试成绩 × 笔试权重 + 面试成绩 × (1 − 笔试权重)，保留两位小数；按综合成绩排名，同分按计划的同分排序规则（默认按笔试成绩）排，仍相同则同名次；缺考不录用。',
    '前“招录人数”名为拟录用（面试通过），末位同分的一并拟录用（计划设置了同分加试时按加试成绩确定），其余为面试未通过。',
    '每位考生收到结果通知；发布后不能撤回，成绩不能再修改。',
  ],
};

export type Published = { jobVacancy: string; recruitmentId: number; passed: number; failed: number; movedToInterview: number };

/** 发布成绩's confirmation: what publishing does, and the post's rule with its figures. */
export function PublishModal({
  stage,
  post,
  onClose,
  onPublished,
}: {
  stage: ExamStage;
  post: StatisticsPostRow;
  onClose(): void;
  onPublished(result: { passed: number; failed: number; movedToInterview: number }): void;
}) {
  const send = useSendScore();
  // Who would pass, tie at the cut-off or be absent, by the ranking publishing runs; refused as publishing would be.
  const { data: preview, isLoading, error } = usePublishPreview(stage, post.recruitmentId);
  const { passedWord } = examStageRow(stage);
  const tied = preview?.passed.filter((r) => r.tiedAtCutoff).length ?? 0;

  const publish = async () => {
    let answer: { passed: number; failed: number; movedToInterview: number } | undefined;
    const ok = await succeeded(send.mutateAsync({ type: stage, recruitmentId: post.recruitmentId }).then((r) => (answer = r)));
    if (ok && answer) onPublished(answer);
  };

  return (
    <Modal
      open
      title={`发布${EXAM_STAGES[stage]}成绩：${post.jobVacancy}`}
      okText="确认发布"
      cancelText="取消"
      confirmLoading={send.isPending}
      okButtonProps={{ disabled: !preview }}
      onOk={publish}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph>发布后将：</Typography.Paragraph>
      <ul style={{ paddingInlineStart: 20 }}>
        {EFFECTS[stage].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
      {error && <Alert type="error" showIcon title="现在不能发布" description={error.message} />}
      {preview && (
        <>
          <Alert type="info" showIcon title="本岗位规则" description={preview.rule} />
          <Typography.Paragraph strong style={{ marginTop: 12 }}>
            {`${passedWord} ${preview.passedCount} 人${tied > 0 ? `（其中末位并列 ${tied} 人，均${passedWord}）` : ''}，未通过 ${preview.failedCount} 人${
              preview.absentCount > 0 ? `（其中缺考 ${preview.absentCount} 人）` : ''
            }。请核对名单后再确认发布：`}
          </Typography.Paragraph>
          <DataTable<PublishPreviewRow>
            label={`${passedWord}名单`}
            size="small"
            rowKey="applicationId"
            pagination={preview.passed.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            dataSource={preview.passed}
            columns={[
              { title: '名次', dataIndex: 'rank', width: 64 },
              { title: '姓名', dataIndex: 'realName', width: 110 },
              { title: '准考证号', dataIndex: 'ticketCode', width: 150, render: (v: string | null) => v ?? '—' },
              { title: stage === WRITTEN_STAGE ? '笔试成绩' : '综合成绩', dataIndex: 'score', width: 90 },
              {
                title: '说明',
                key: 'tie',
                render: (_: unknown, r: PublishPreviewRow) => (r.tiedAtCutoff ? <Tag color="orange">末位并列</Tag> : null),
              },
            ]}
          />
          {preview.passedCount > preview.passed.length && (
            <Typography.Text type="secondary">{`只列出前 ${preview.passed.length} 人`}</Typography.Text>
          )}
          {preview.absentCount > 0 && (
            <Typography.Paragraph style={{ marginTop: 12 }}>
              {`缺考（不排名、不${passedWord}）：${preview.absent.map((r) => r.realName).join('、')}${
                preview.absentCount > preview.absent.length ? ` 等 ${preview.absentCount} 人` : ''
              }`}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Modal>
  );
}

/** What the publication did, with the way to the ranking. */
export function PublishedModal({ stage, planId, result, onClose }: { stage: ExamStage; planId: number | undefined; result: Published; onClose(): void }) {
  const navigate = useNavigate();
  const ranking = RANKING_PAGES[examStageRow(stage).decidingRanking];
  const passedWord = examStageRow(stage).publishedWord;
  return (
    <Modal
      open
      title="发布结果"
      onCancel={onClose}
      footer={[
        <Button
          key="ranking"
          onClick={() => {
            onClose();
            navigate(`${ranking.path}?planId=${planId ?? ''}&recruitmentId=${result.recruitmentId}`);
          }}
        >
          查看{ranking.title}
        </Button>,
        <Button key="ok" type="primary" onClick={onClose}>
          知道了
        </Button>,
      ]}
    >
      <Result
        status="success"
        title={`${result.jobVacancy}：成绩已发布`}
        subTitle={`${passedWord} ${result.passed} 人，未通过 ${result.failed} 人${
          stage === WRITTEN_STAGE && result.movedToInterview > 0 ? `；其中 ${result.movedToInterview} 人已进入面试环节` : ''
        }`}
      />
    </Modal>
  );
}
