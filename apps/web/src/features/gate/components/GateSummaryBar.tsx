import { GATE_NO_WORKFLOW_NOTE, type GateStageRow, type OutputOf, gateSummary } from '@zhaokao/contracts';
import { App, Button, Space, Typography } from 'antd';
import { showSuccess, succeeded } from '../../../lib/api-client';
import { formatTime } from '../../../lib/time';
import { useConfirmGateList } from '../api/confirm-gate-list';
import { useEntrySourceName } from '../api/get-gate-summary';
import { GATE_RESULT_LIST } from '../api/get-gate-applications';
import { resultWordsOf } from './gate-words';

/**
 * The gate's state for the plan: its counts per result, the open vacancies, 公示's period, how it is decided (by the
 * work items of 招录工作安排, or directly by permitted staff when there are none); and, while candidates wait
 * to enter (the previous step's passes), 确认名单 for plan managers, which says how many enter and from where.
 */
export function GateSummaryBar({
  gate,
  planId,
  summary,
  canConfirm,
}: {
  gate: GateStageRow;
  planId: number;
  summary: OutputOf<typeof gateSummary>;
  canConfirm: boolean;
}) {
  const { modal } = App.useApp();
  const confirmList = useConfirmGateList();
  const waiting = summary.waitingToEnter;
  const source = useEntrySourceName(gate, waiting > 0 ? planId : undefined);
  const words = resultWordsOf(gate);

  const confirm = () =>
    modal.confirm({
      title: `确认${gate.name}名单？`,
      content: `${source ?? '上一环节通过'}的 ${waiting} 人将进入${gate.name}（结果为“${words.pending}”）。`,
      okText: '确认名单',
      cancelText: '取消',
      onOk: async () => {
        let moved = 0;
        const ok = await succeeded(confirmList.mutateAsync({ gate: gate.stage, planId }).then((r) => (moved = r.moved)));
        if (ok) showSuccess(`已确认名单，${moved} 人进入${gate.name}`);
      },
    });

  return (
    <Space wrap size={[16, 8]} style={{ display: 'flex', marginBottom: 12 }} aria-label={`${gate.name}概况`}>
      {GATE_RESULT_LIST.map((result) => (
        <Typography.Text key={result}>
          {words[result]} <Typography.Text strong>{summary.counts[result]}</Typography.Text> 人
        </Typography.Text>
      ))}
      <Typography.Text>
        待递补空缺 <Typography.Text strong>{summary.openVacancies}</Typography.Text> 个
      </Typography.Text>
      {gate.gate === 'publicity' && summary.publicityEndsAt && (
        <Typography.Text>公示期至 {formatTime(summary.publicityEndsAt, 'YYYY-MM-DD HH:mm')}（按最后进入公示者计）</Typography.Text>
      )}
      {waiting > 0 && (
        <Typography.Text type="warning">
          {source ?? '上一环节通过'}待进入{gate.name} {waiting} 人
        </Typography.Text>
      )}
      {summary.workItems === 0 ? (
        <Typography.Text type="secondary">{GATE_NO_WORKFLOW_NOTE}</Typography.Text>
      ) : (
        <Typography.Text type="secondary">
          已设置 {summary.workItems} 项工作，由分配的工作人员按顺序逐项判定；轮到您处理的 <Typography.Text strong>{summary.myActionable}</Typography.Text> 人
        </Typography.Text>
      )}
      {waiting > 0 && canConfirm && (
        <Button type="primary" loading={confirmList.isPending} onClick={confirm}>
          确认名单
        </Button>
      )}
    </Space>
  );
}
