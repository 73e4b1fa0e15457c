import { CONFLICT_TARGET_REQUIRED, type InterviewExaminerRow, saveInterviewConflict } from '@zhaokao/contracts';
import { Form, Select, Typography } from 'antd';
import { CandidateSearchField } from '../../../components/CandidateSearchField';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { usePlanPosts } from '../../../lib/options';
import { useSaveInterviewConflict } from '../api/save-conflict';

type Kind = 'application' | 'post';

interface Values {
  kind: Kind;
  applicationId?: number;
  recruitmentId?: number;
  reason: string;
}

const KIND_OPTIONS: { value: Kind; label: string }[] = [
  { value: 'application', label: '某位考生' },
  { value: 'post', label: '整个岗位（该岗位的全部考生）' },
];

/** 登记回避: an examiner's conflict, in one plan, with a candidate (found by name or identity number) or a whole post. */
export function ConflictFormModal({ planId, examiner, onClose }: { planId: number; examiner: InterviewExaminerRow; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'application';
  const save = useSaveInterviewConflict();
  const { data: posts, isLoading: postsLoading } = usePlanPosts(planId);

  return (
    <FormModal<Values>
      name="interviewConflict"
      form={form}
      title={`登记回避：${examiner.name}`}
      okText="登记"
      savedMessage="回避已登记"
      initialValues={{ kind: 'application', reason: '' }}
      onCancel={onClose}
      onSaved={onClose}
      onSubmit={(v) =>
        save.mutateAsync({
          examinerId: examiner.id,
          applicationId: v.kind === 'application' ? v.applicationId : undefined,
          recruitmentId: v.kind === 'post' ? v.recruitmentId : undefined,
          reason: v.reason,
        })
      }
    >
      <Typography.Paragraph type="secondary">
        登记回避的考官不会被抽入相关考生所在的面试分组；抽取考官后再登记的回避会在分组上提示，需重新抽取考官。
      </Typography.Paragraph>
      <Form.Item label="回避对象" name="kind">
        <Select<Kind> aria-label="回避对象" options={KIND_OPTIONS} />
      </Form.Item>
      {kind === 'application' ? (
        <CandidateSearchField planId={planId} requiredMessage={CONFLICT_TARGET_REQUIRED} />
      ) : (
        <Form.Item name="recruitmentId" label="岗位" rules={[{ required: true, message: CONFLICT_TARGET_REQUIRED }]}>
          <Select<number>
            aria-label="岗位"
            placeholder="选择岗位"
            loading={postsLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(posts ?? []).map((p) => ({ value: p.recruitmentId, label: p.jobVacancy }))}
          />
        </Form.Item>
      )}
      <TextField ep={saveInterviewConflict} name="reason" label="回避原因" required rows={3} showCount placeholder="如：与该考生为近亲属关系" />
    </FormModal>
  );
}
