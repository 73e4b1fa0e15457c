import { FEEDBACK_TYPES, FEEDBACK_TYPE_LIST, saveCompanyFeedback } from '@zhaokao/contracts';
import { Form, Radio } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { rulesOf } from '../../../lib/form-rules';
import { useSaveFeedback } from '../api/feedback-api';

interface Values {
  type: (typeof FEEDBACK_TYPE_LIST)[number];
  title: string;
  content: string;
}

/** 提交反馈: the type, a title and what the company has to say to the platform. */
export function FeedbackFormModal({ onClose }: { onClose(): void }) {
  const save = useSaveFeedback();
  return (
    <FormModal<Values>
      name="company-feedback"
      title="提交反馈"
      okText="提交"
      width={640}
      savedMessage="反馈已提交"
      initialValues={{ type: 'suggestion' }}
      onCancel={onClose}
      onSubmit={(values) => save.mutateAsync(values)}
      onSaved={onClose}
    >
      <Form.Item label="反馈类型" name="type" rules={rulesOf(saveCompanyFeedback, 'type', true)}>
        <Radio.Group options={FEEDBACK_TYPE_LIST.map((value) => ({ value, label: FEEDBACK_TYPES[value] }))} />
      </Form.Item>
      <TextField ep={saveCompanyFeedback} name="title" label="反馈标题" required showCount />
      <TextField ep={saveCompanyFeedback} name="content" label="反馈内容" required showCount autoSize={{ minRows: 5, maxRows: 12 }} />
    </FormModal>
  );
}
