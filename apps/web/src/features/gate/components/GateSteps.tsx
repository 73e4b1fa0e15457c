import { GATE_STEP_STATES, type GateStep, type GateStepState } from '@zhaokao/contracts';
import { Typography } from 'antd';
import { formatTime } from '../../../lib/time';

const STATE_TYPES: Record<GateStepState, 'success' | 'danger' | 'secondary' | undefined> = {
  pending: undefined,
  passed: 'success',
  failed: 'danger',
  closed: 'secondary',
};

/**
 * A candidate's work items at the gate (招录工作安排), in order, as the review pages' step lists show them: the item,
 * who decided it (or is to), when (暂无 while pending) and the result, with the reason given.
 */
export function GateSteps({ steps, name }: { steps: readonly GateStep[]; name: string }) {
  if (steps.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ol aria-label={`工作进度：${name}`} style={{ margin: 0, paddingLeft: 18 }}>
      {steps.map((s, i) => (
        <li key={i}>
          {s.workItem}：{s.verifierName}，{s.verifiedAt === null ? '暂无' : formatTime(s.verifiedAt)}，
          <Typography.Text type={STATE_TYPES[s.state]}>{GATE_STEP_STATES[s.state]}</Typography.Text>
          {s.remarks && <Typography.Text type="secondary">（{s.remarks}）</Typography.Text>}
        </li>
      ))}
    </ol>
  );
}
