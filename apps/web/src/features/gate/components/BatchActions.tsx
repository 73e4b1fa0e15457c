import type { GateApplicationRow, GateStageRow } from '@zhaokao/contracts';
import { Button, Space, Typography } from 'antd';
import { canDecide, canDecideTasks, passLabelOf, resultWordsOf } from './gate-words';

/**
 * The batch decisions over the selected candidates: 合格 (公示: 确认聘用), 不合格, 放弃, each enabled only while the
 * selection holds candidates who are all still 待定; the line beside them says why they are not. With work items
 * (`tasked`), the first two are 通过 / 不通过 of the current item, enabled only while every selected candidate's current
 * item is the caller's to decide.
 */
export function BatchActions({
  gate,
  selected,
  passing,
  onPass,
  onFail,
  onWithdraw,
  tasked = false,
}: {
  gate: GateStageRow;
  selected: readonly Pick<GateApplicationRow, 'result' | 'myTaskId'>[];
  /** The plan set work items for the gate: 合格 / 不合格 go through the tasks. */
  tasked?: boolean;
  /** The pass is being sent. */
  passing: boolean;
  onPass(): void;
  onFail(): void;
  onWithdraw(): void;
}) {
  const enabled = canDecide(selected);
  const decidable = tasked ? canDecideTasks(selected) : enabled;
  const pending = resultWordsOf(gate).pending;
  return (
    <Space wrap size={8} style={{ display: 'flex', marginBottom: 12 }}>
      <Button type="primary" disabled={!decidable} loading={passing} onClick={onPass}>
        {tasked ? '通过' : passLabelOf(gate)}
      </Button>
      <Button danger disabled={!decidable} onClick={onFail}>
        {tasked ? '不通过' : '不合格'}
      </Button>
      <Button disabled={!enabled} onClick={onWithdraw}>
        放弃
      </Button>
      <Typography.Text type="secondary">
        {selected.length === 0
          ? `勾选“${pending}”的考生后操作`
          : !enabled
            ? `已选 ${selected.length} 人，其中有已处理的考生：只能对“${pending}”的考生操作`
            : decidable
              ? `已选 ${selected.length} 人`
              : `已选 ${selected.length} 人，其中有当前工作不由您处理的考生：通过、不通过只能对轮到您处理的考生操作`}
      </Typography.Text>
    </Space>
  );
}
