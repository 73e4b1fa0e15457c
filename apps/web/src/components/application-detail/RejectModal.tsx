import {
  OTHER_REJECTION_REASON, REJECT_REASON_MAX, REJECT_REASON_MESSAGE, REJECT_STATUSES, REJECT_TYPE_MESSAGE,
  TASK_STATUS, rejectionRemarks,
} from '@zhaokao/contracts';
import { Checkbox, Form, Input, Radio, Typography } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import { FormModal } from '../FormModal';
import { useDict, useDictLabel } from '../../lib/dict';
import { useSubmitAudit } from './detail-api';

interface RejectValues {
  failStatus?: 12 | 13;
  reasons?: string[];
  otherText?: string;
}

/** The reasons' checkboxes. A checkbox group may not carry aria-required (ARIA), so the one Form.Item adds is left off. */
function ReasonChecks({ 'aria-required': _required, ...props }: CheckboxGroupProps<string> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group<string> {...props} />;
}

/** SPEC dialog 1's reject dialog and §5's rules: a type, and reasons from the dictionary, 'other' with its own text. */
export function RejectModal({ taskId, realName, onClose, onRejected }: { taskId: number; realName: string; onClose(): void; onRejected(): void }) {
  const [form] = Form.useForm<RejectValues>();
  const { data: reasonEntries = [] } = useDict('sign_up_rejection_reason');
  const statusLabel = useDictLabel('candidate_app_status');
  const submit = useSubmitAudit();
  const reasons = Form.useWatch('reasons', form) ?? [];
  const otherText = Form.useWatch('otherText', form) ?? '';
  const otherChosen = reasons.includes(OTHER_REJECTION_REASON);
  const remarksOf = (chosen: string[], text: string) =>
    rejectionRemarks(
      reasonEntries.filter((e) => chosen.includes(e.value)),
      chosen.includes(OTHER_REJECTION_REASON) ? text : '',
    );
  const preview = remarksOf(reasons, otherText);

  return (
    <FormModal<RejectValues>
      name="examineReject"
      title={`审核不通过 - ${realName}`}
      okText="确定"
      savedMessage="已驳回"
      form={form}
      onCancel={onClose}
      onSaved={onRejected}
      onSubmit={(v) =>
        submit.mutateAsync({
          tastId: taskId,
          status: TASK_STATUS.failed,
          failStatus: v.failStatus,
          remarks: remarksOf(v.reasons ?? [], v.otherText ?? ''),
        })
      }
    >
      <Form.Item name="failStatus" label="审核失败类型" rules={[{ required: true, message: REJECT_TYPE_MESSAGE }]}>
        <Radio.Group options={REJECT_STATUSES.map((s) => ({ label: statusLabel(s), value: s }))} />
      </Form.Item>
      <Form.Item
        name="reasons"
        label="驳回原因"
        extra="可多选；选择“其他”时请填写具体原因"
        rules={[{ required: true, type: 'array', min: 1, message: REJECT_REASON_MESSAGE }]}
      >
        <ReasonChecks
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 8 }}
          options={reasonEntries.map((e) => ({ label: e.label, value: e.value }))}
        />
      </Form.Item>
      {otherChosen && (
        <Form.Item
          name="otherText"
          label="其他原因"
          rules={[{ required: true, whitespace: true, message: REJECT_REASON_MESSAGE }]}
        >
          <Input.TextArea rows={3} maxLength={REJECT_REASON_MAX} showCount placeholder="请填写具体的驳回原因" />
        </Form.Item>
      )}
      {preview && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          告知报名人员的原因：{preview}
        </Typography.Paragraph>
      )}
    </FormModal>
  );
}
