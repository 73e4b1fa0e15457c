import { type GateApplicationRow, OBJECTION_MAX } from '@zhaokao/contracts';
import { Form, Input, Typography } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { useSavePublicityObjection } from '../api/save-publicity-objection';

/** 公示: the objection note of one candidate, as written (upholding it is 不合格 in the list). */
export function ObjectionModal({ row, onClose }: { row: GateApplicationRow; onClose(): void }) {
  const save = useSavePublicityObjection();
  return (
    <FormModal<{ objection: string }>
      name="gateObjection"
      title={`异议情况：${row.realName}`}
      initialValues={{ objection: row.objection }}
      onCancel={onClose}
      onSubmit={({ objection }) => save.mutateAsync({ applicationId: row.id, objection: objection ?? '' })}
      onSaved={onClose}
    >
      <Typography.Paragraph type="secondary">
        记录公示期内收到的异议及核查情况。异议经核查成立的，请在名单中将该考生标记为“不合格”，其名额可递补。
      </Typography.Paragraph>
      <Form.Item name="objection" label="异议情况">
        <Input.TextArea rows={5} maxLength={OBJECTION_MAX} showCount placeholder="无异议可留空" />
      </Form.Item>
    </FormModal>
  );
}
