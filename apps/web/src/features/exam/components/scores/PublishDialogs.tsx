import { EXAM_STAGES, type ExamStage, type StatisticsPostRow } from '@zhaokao/contracts';
import { Alert, Button, Modal, Result, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { succeeded } from '../../../../lib/api-client';
import { useGradeList, useSendScore } from '../../api/score-api';
import { RANKING_PAGES } from './ranking-pages';

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

/** What the publication did, with the way to the ranking. */
export function PublishedModal({ stage, planId, result, onClose }: { stage: ExamStage; planId: number | undefined; result: Published; onClose(): void }) {
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
