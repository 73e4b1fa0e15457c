import type { GateApplicationRow, GateStageRow } from '@zhaokao/contracts';
import { Button, Space, Typography } from 'antd';
import { canDecide, passLabelOf, resultWordsOf } from './gate-words';

/**
 * The batch decisions over the selected candidates: 合格 (公示: 确认聘用), 不合格, 放弃, each enabled only while the
 * selection holds candidates who are all still 待定; the line beside them says why they are not.
 */
export function BatchActions({
  gate,
  selected,
  passing,
  onPass,
  onFail,
  onWithdraw,
}: {
  gate: GateStageRow;
  selected: readonly Pick<GateApplicationRow, 'result'>[];
  /** The pass is being sent. */
  passing: boolean;
  onPass(): void;
  onFail(): void;
  onWithdraw(): void;
}) {
  const enabled = canDecide(selected);
  const pending = resultWordsOf(gate).pending;
  return (
    <Space wrap size={8} style={{ display: 'flex', marginBottom: 12 }}>
      <Button type="primary" disabled={!enabled} loading={passing} onClick={onPass}>
        {passLabelOf(gate)}
      </Button>
      <Button danger disabled={!enabled} onClick={onFail}>
        不合格
      </Button>
      <Button disabled={!enabled} onClick={onWithdraw}>
        放弃
      </Button>
      <Typography.Text type="secondary">
        {selected.length === 0
          ? `勾选“${pending}”的考生后操作`
          : enabled
            ? `已选 ${selected.length} 人`
            : `已选 ${selected.length} 人，其中有已处理的考生：只能对“${pending}”的考生操作`}
      </Typography.Text>
    </Space>
  );
}
