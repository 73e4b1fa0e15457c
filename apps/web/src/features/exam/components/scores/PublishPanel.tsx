import { EXAM_STAGES, type ExamStage, type StatisticsPostRow } from '@zhaokao/contracts';
import { Alert, Button, Modal, Result, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../../components/DataTable';
import { succeeded } from '../../../../lib/api-client';
import { usePlanPosts } from '../../../../lib/options';
import { useGradeList, useSendScore } from '../../api/score-api';
import { RANKING_PAGES } from './ranking-pages';
import { STAGE_PAGES, countOf } from './stage';

const EFFECTS: Record<ExamStage, string[]> = {
  2: [
    '按笔试成绩从高到低排名，同分同名次；缺考不排名、不入围。',
    '招录人数 × 入围比例 = 入围面试人数；名次在入围范围内（并达到合格分数线，如有）的考生笔试通过，同分在末位的一并入围，其余为笔试未通过。',
    '每位考生收到结果通知；发布后不能撤回，成绩不能再修改。',
  ],
  3: [
    '综合成绩 = 笔试成绩 × 笔试权重 + 面试成绩 × (1 − 笔试权重)，保留两位小数；按综合成绩排名，同分按笔试成绩排，仍相同则同名次；缺考不录用。',
    '前“招录人数”名为拟录用（面试通过），末位同分的一并拟录用，其余为面试未通过。',
    '每位考生收到结果通知；发布后不能撤回，成绩不能再修改。',
  ],
};

type Published = { jobVacancy: string; recruitmentId: number; passed: number; failed: number; movedToInterview: number };

/** Per post of the plan: what awaits review, and 发布成绩 (batchSendScore) with what publishing does explained first. */
export function PublishPanel({ stage, planId }: { stage: ExamStage; planId: number | undefined }) {
  const pages = STAGE_PAGES[stage];
  const { data: posts, isFetching } = usePlanPosts(planId);
  const [publishing, setPublishing] = useState<StatisticsPostRow>();
  const [published, setPublished] = useState<Published>();

  return (
    <section aria-label="按岗位发布成绩" style={{ marginTop: 24 }}>
      <Typography.Title level={5}>按岗位发布成绩</Typography.Title>
      <Typography.Paragraph type="secondary">
        一个岗位的{pages.name}成绩全部录入并审核确认后，才能发布该岗位的结果。
      </Typography.Paragraph>
      <DataTable<StatisticsPostRow>
        label={`${pages.name}成绩发布列表`}
        size="small"
        rowKey="recruitmentId"
        loading={isFetching}
        scroll={{ x: 640 }}
        pagination={false}
        dataSource={posts}
        columns={[
          { title: '岗位', dataIndex: 'jobVacancy', ellipsis: true },
          { title: '招录人数', dataIndex: 'places', width: 90 },
          { title: '待录入', key: 'waiting', width: 80, render: (_: unknown, p) => countOf(p.counts, pages.waiting) },
          { title: '待审核 / 待发布', key: 'review', width: 120, render: (_: unknown, p) => countOf(p.counts, [pages.inReview]) },
          {
            title: '结果',
            key: 'published',
            width: 100,
            render: (_: unknown, p) => (countOf(p.counts, pages.published) > 0 ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            width: 110,
            fixed: 'right',
            render: (_: unknown, p) => {
              const waiting = countOf(p.counts, pages.waiting);
              const button = (
                <Button
                  size="small"
                  type="primary"
                  aria-label={`发布成绩：${p.jobVacancy}`}
                  aria-describedby={waiting > 0 ? `publish-waiting-${p.recruitmentId}` : undefined}
                  disabled={waiting > 0 || countOf(p.counts, [pages.inReview]) === 0}
                  onClick={() => setPublishing(p)}
                >
                  发布成绩
                </Button>
              );
              if (waiting === 0) return button;
              // A disabled button gets no pointer events: the tooltip sits on its wrapper, and the reason is also text.
              const reason = `还有 ${waiting} 人未录入成绩，全部录入并审核后才能发布`;
              return (
                <Tooltip title={reason}>
                  <span>
                    {button}
                    <span id={`publish-waiting-${p.recruitmentId}`} className="visually-hidden">
                      {reason}
                    </span>
                  </span>
                </Tooltip>
              );
            },
          },
        ]}
      />
      {publishing && (
        <PublishModal
          stage={stage}
          post={publishing}
          onClose={() => setPublishing(undefined)}
          onPublished={(result) => {
            setPublishing(undefined);
            setPublished({ ...result, jobVacancy: publishing.jobVacancy, recruitmentId: publishing.recruitmentId });
          }}
        />
      )}
      {published && <PublishedModal stage={stage} planId={planId} result={published} onClose={() => setPublished(undefined)} />}
    </section>
  );
}

function PublishModal({
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
  const kind = stage === 2 ? 'written' : 'complex';
  // The post's rule in words, with its figures, from the (provisional) ranking.
  const { data: ranking, isLoading } = useGradeList(kind, post.recruitmentId, 1, 1);

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
      onOk={publish}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>发布后将：</Typography.Paragraph>
      <ul style={{ paddingInlineStart: 20 }}>
        {EFFECTS[stage].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        ranking?.rule && <Alert type="info" showIcon title="本岗位规则" description={ranking.rule} />
      )}
    </Modal>
  );
}

function PublishedModal({ stage, planId, result, onClose }: { stage: ExamStage; planId: number | undefined; result: Published; onClose(): void }) {
  const navigate = useNavigate();
  const ranking = RANKING_PAGES[stage === 2 ? 'written' : 'complex'];
  const passedWord = stage === 2 ? '笔试通过（入围面试）' : '拟录用';
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
          stage === 2 && result.movedToInterview > 0 ? `；其中 ${result.movedToInterview} 人已进入面试环节` : ''
        }`}
      />
    </Modal>
  );
}
