import { type DrawGroupRow, drawSeed } from '@zhaokao/contracts';
import { Alert, Typography } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { NumberField } from '../../../components/NumberField';
import { feedback } from '../../../lib/feedback';
import { useDrawInterviewOrder } from '../api/draw-order';

interface Values {
  seed?: number | null;
}

/**
 * 抽取面试顺序 of one group: order numbers 1..n for its candidates at the interview, from a seed typed here (to repeat a
 * draw exactly) or a new one; the seed is recorded and shown.
 */
export function DrawOrderModal({ group, onClose }: { group: DrawGroupRow; onClose(): void }) {
  const draw = useDrawInterviewOrder();
  return (
    <FormModal<Values>
      name="interviewDrawOrder"
      title={`抽取面试顺序：${group.roomName} ${group.date}`}
      okText="抽取"
      savedMessage={null}
      onCancel={onClose}
      onSaved={onClose}
      onSubmit={async (v) => {
        const result = await draw.mutateAsync({ id: group.id, seed: v.seed ?? undefined });
        feedback.success(`已抽取面试顺序：${result.candidates} 名考生，随机种子 ${result.seed}`, 3);
      }}
    >
      <Typography.Paragraph type="secondary">
        本组岗位：{group.posts.map((p) => p.jobVacancy).join('、')}。抽签按随机种子打乱考生顺序，种子会被记录；填写同一种子、考生不变时，抽签结果相同。
      </Typography.Paragraph>
      {group.orderSeed !== null && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`本组已抽取面试顺序（随机种子 ${group.orderSeed}），重新抽取将替换现有序号。`} />
      )}
      <NumberField name="seed" label="随机种子（可不填）" schema={drawSeed} precision={0} placeholder="不填则随机生成" />
    </FormModal>
  );
}
