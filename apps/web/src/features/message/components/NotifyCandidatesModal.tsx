import { MESSAGE_PLAN_REQUIRED, MESSAGE_POST_REQUIRED, MESSAGE_TARGETS, batchSaveUserMessage } from '@zhaokao/contracts';
import { Form, Radio, Select } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { showSuccess } from '../../../lib/api-client';
import { rulesOf } from '../../../lib/form-rules';
import { useApplicationPlanOptions, usePlanPosts } from '../../../lib/options';
import { useNotifyCandidates } from '../api/message-api';

interface Values {
  target: 'plan' | 'post';
  planId: number;
  recruitmentId?: number;
  messageContent: string;
}

/** One message to every candidate of a plan or of one of its posts (batchSaveUserMessage, SPEC §7). */
export function NotifyCandidatesModal({ onClose }: { onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('target', form);
  const planId = Form.useWatch('planId', form);
  const plans = useApplicationPlanOptions();
  const posts = usePlanPosts(planId);
  const notify = useNotifyCandidates();
  return (
    <FormModal<Values>
      form={form}
      name="notify-candidates"
      title="通知报名人员"
      okText="发送"
      width={600}
      initialValues={{ target: 'plan' }}
      onCancel={onClose}
      savedMessage={null}
      onSubmit={async (values) => {
        const { count } = await notify.mutateAsync({ ...values, recruitmentId: values.target === 'post' ? values.recruitmentId : undefined });
        showSuccess(count > 0 ? `已发送给 ${count} 位报名人员` : '该计划或岗位还没有报名人员，没有发送');
      }}
      onSaved={onClose}
    >
      <Form.Item label="发送对象" name="target" rules={rulesOf(batchSaveUserMessage, 'target', true)}>
        <Radio.Group
          options={(['plan', 'post'] as const).map((value) => ({ value, label: MESSAGE_TARGETS[value] }))}
          onChange={() => form.setFieldValue('recruitmentId', undefined)}
        />
      </Form.Item>
      <Form.Item label="招录计划" name="planId" rules={[{ required: true, message: MESSAGE_PLAN_REQUIRED }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="选择招录计划"
          loading={plans.isLoading}
          options={(plans.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={() => form.setFieldValue('recruitmentId', undefined)}
        />
      </Form.Item>
      {target === 'post' && (
        <Form.Item label="招录岗位" name="recruitmentId" rules={[{ required: true, message: MESSAGE_POST_REQUIRED }]}>
          <Select
            placeholder={planId ? '选择招录岗位' : '请先选择招录计划'}
            disabled={!planId}
            options={(posts.data ?? []).map((p) => ({ value: p.recruitmentId, label: `${p.jobVacancy}（报名 ${p.total} 人）` }))}
          />
        </Form.Item>
      )}
      <TextField ep={batchSaveUserMessage} name="messageContent" label="发送内容" required showCount autoSize={{ minRows: 5, maxRows: 12 }} />
    </FormModal>
  );
}
