import { BONUS_PROOF_MAX, type BonusGrantRow } from '@zhaokao/contracts';
import { Form, Input, Typography } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { useRevokeBonus } from '../api/revoke-bonus';
import { revokeReasonRules } from './bonus-words';

/** 撤销 a grant in force: the reason is required (the list shows it); the ranking is recomputed without the bonus. */
export function RevokeModal({ row, onClose }: { row: BonusGrantRow; onClose(): void }) {
  const revoke = useRevokeBonus();
  return (
    <FormModal<{ reason: string }>
      name="bonusRevoke"
      title={`撤销加分：${row.realName}`}
      okText="确定撤销"
      okButtonProps={{ danger: true }}
      savedMessage="已撤销加分"
      onCancel={onClose}
      onSubmit={({ reason }) => revoke.mutateAsync({ id: row.id, reason: reason.trim() })}
      onSaved={onClose}
    >
      <Typography.Paragraph>
        {row.realName}（{row.jobVacancy}）的“{row.categoryName}”加分 {row.points} 分将撤销，笔试成绩和排名随之重新计算。
      </Typography.Paragraph>
      <Form.Item name="reason" label="撤销原因" rules={revokeReasonRules}>
        <Input.TextArea rows={3} maxLength={BONUS_PROOF_MAX} showCount placeholder="例如：证明材料经复核不符合条件" />
      </Form.Item>
    </FormModal>
  );
}
