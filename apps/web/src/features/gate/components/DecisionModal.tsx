import { GATE_REASON_MAX, type GateStageRow, SUCCESS_MESSAGES } from '@zhaokao/contracts';
import { Form, Input, Typography } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { useDecideGate } from '../api/decide-gate';
import { useDecideGateTasks } from '../api/decide-gate-tasks';
import { reasonRules, resultWordsOf } from './gate-words';

/**
 * 不合格 / 放弃 for the selected candidates: the reason is required (it is shown in the list and with the vacancy).
 * With `taskIds` (a gate with work items), 不合格 is the current item's 不通过, which fails the gate at once.
 */
export function DecisionModal({
  gate,
  result,
  names,
  applicationIds,
  taskIds,
  onClose,
  onDone,
}: {
  gate: GateStageRow;
  result: 'failed' | 'withdrew';
  /** The selected candidates' names, for the dialog to say whom it decides. */
  names: string[];
  applicationIds: number[];
  /** The selected candidates' current tasks, the caller's (a gate with work items; 不合格 only). */
  taskIds?: number[];
  onClose(): void;
  onDone(): void;
}) {
  const decide = useDecideGate();
  const decideTasks = useDecideGateTasks();
  const word = resultWordsOf(gate)[result];
  const shown = names.length > 5 ? `${names.slice(0, 5).join('、')} 等 ${names.length} 人` : names.join('、');
  return (
    <FormModal<{ reason: string }>
      name="gateDecision"
      title={`${gate.name}${word}（${applicationIds.length} 人）`}
      okText={`确定${word}`}
      okButtonProps={{ danger: result === 'failed' }}
      savedMessage={SUCCESS_MESSAGES.done}
      onCancel={onClose}
      onSubmit={({ reason }) =>
        taskIds && result === 'failed'
          ? decideTasks.mutateAsync({ gate: gate.stage, taskIds, result, reason })
          : decide.mutateAsync({ gate: gate.stage, applicationIds, result, reason })
      }
      onSaved={onDone}
    >
      <Typography.Paragraph>
        {shown}：{taskIds && result === 'failed' ? '当前工作记为“不通过”，' : ''}{gate.name}结果记为“{word}”。每人空出的名额可在下方“递补”中由同岗位下一名考生递补。
      </Typography.Paragraph>
      <Form.Item name="reason" label={`${word}原因`} rules={reasonRules}>
        <Input.TextArea rows={3} maxLength={GATE_REASON_MAX} showCount placeholder={result === 'failed' ? '例如：体检结论不合格' : '例如：本人书面声明放弃'} />
      </Form.Item>
    </FormModal>
  );
}
