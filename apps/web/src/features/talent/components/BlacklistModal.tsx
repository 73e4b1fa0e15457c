import { saveBlacklist } from '@zhaokao/contracts';
import { Form, Input, Typography } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { rulesOf } from '../../../lib/form-rules';
import { useSaveBlacklist } from '../api/talent-api';

interface Values {
  reason: string;
}

/** 加入黑名单, with the reason: the talent can no longer apply to the company's posts. */
export function BlacklistModal({ talent, onClose }: { talent: { id: number; realName: string }; onClose(): void }) {
  const save = useSaveBlacklist();
  return (
    <FormModal<Values>
      name="talentBlacklist"
      title={`加入黑名单：${talent.realName}`}
      okText="加入黑名单"
      okButtonProps={{ danger: true }}
      onSubmit={(v) => save.mutateAsync({ talentId: talent.id, reason: v.reason })}
      onCancel={onClose}
      onSaved={onClose}
      savedMessage="已加入黑名单"
    >
      <Typography.Paragraph type="secondary">加入黑名单后，该人才不能再报名本单位的岗位（对方只会看到无法报名的提示）。</Typography.Paragraph>
      <Form.Item label="拉黑原因" name="reason" rules={rulesOf(saveBlacklist, 'reason', true)}>
        <Input.TextArea rows={3} maxLength={200} showCount autoFocus placeholder="例如：多次报名后无故放弃考试" />
      </Form.Item>
    </FormModal>
  );
}
