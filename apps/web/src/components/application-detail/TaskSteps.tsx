import { ABSENT_WORD, TASK_STATUS, type TaskStep } from '@zhaokao/contracts';
import { Col, Empty, Row, Steps, Typography } from 'antd';
import { formatTime } from '../../lib/time';

const STEP_STATUS = { [TASK_STATUS.pending]: 'wait', [TASK_STATUS.passed]: 'finish', [TASK_STATUS.failed]: 'error' } as const;
const DECISION = { [TASK_STATUS.pending]: '待审核', [TASK_STATUS.passed]: '通过 √', [TASK_STATUS.failed]: '不通过 x' } as const;

/** A decided task shows its result; the first pending task after passed ones is the one in progress. */
function stepStatus(steps: TaskStep[], index: number) {
  const step = steps[index]!;
  if (step.taskId === null) return 'wait';
  if (step.status !== TASK_STATUS.pending) return STEP_STATUS[step.status as keyof typeof STEP_STATUS] ?? 'wait';
  return steps.slice(0, index).every((s) => s.status === TASK_STATUS.passed) ? 'process' : 'wait';
}

const decisionOf = (status: number) => DECISION[status as keyof typeof DECISION] ?? '待审核';

/** `stopped`: an earlier item failed, so this one is never decided. */
function StepDescription({ step, stopped }: { step: TaskStep; stopped: boolean }) {
  const pending = step.status === TASK_STATUS.pending;
  return (
    <div>
      <div>
        {step.kind === 'score' ? '评分人' : '审核人'}：{step.verifierName || '暂无'}
      </div>
      <div>{step.kind === 'score' ? '录入时间' : '审核时间'}：{pending || !step.verifiedAt ? '暂无' : formatTime(step.verifiedAt)}</div>
      {step.kind === 'score' ? (
        <div>成绩：{step.score ?? (step.remarks === ABSENT_WORD ? ABSENT_WORD : '暂无')}</div>
      ) : (
        <div>结果：{stopped && pending ? '未进行' : decisionOf(step.status)}</div>
      )}
      {step.remarks && step.kind === 'verify' && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} ellipsis={{ rows: 3, expandable: true }}>
          意见：{step.remarks}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/** SPEC dialog 9: the three stages' work items, each with its verifier, time (暂无 while pending) and score. */
export function TaskSteps({ stages }: { stages: { stage: number; stageName: string; steps: TaskStep[] }[] }) {
  return (
    <Row gutter={[24, 16]}>
      {stages.map((stage) => (
        <Col key={stage.stage} xs={24} md={8}>
          <section aria-label={stage.stageName}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {stage.stageName}
            </Typography.Title>
            {stage.steps.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未安排工作" />
            ) : (
              <Steps
                orientation="vertical"
                size="small"
                items={stage.steps.map((step, i) => ({
                  key: step.workItemId,
                  title: step.workItem,
                  status: stepStatus(stage.steps, i),
                  content: <StepDescription step={step} stopped={stage.steps.slice(0, i).some((s) => s.status === TASK_STATUS.failed)} />,
                }))}
              />
            )}
          </section>
        </Col>
      ))}
    </Row>
  );
}
