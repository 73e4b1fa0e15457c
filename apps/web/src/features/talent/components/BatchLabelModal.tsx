import { saveTalentLabel } from '@zhaokao/contracts';
import { Form, Select, Typography } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { rulesOf } from '../../../lib/form-rules';
import { useSaveTalentLabel, useTalentClassify, useTalentLabels } from '../api/talent-api';

interface Values {
  labels: string[];
}

/** 设置标签: gives the chosen talents exactly these labels; a new name becomes one of the company's labels. */
export function BatchLabelModal({ talentIds, onClose }: { talentIds: number[]; onClose(): void }) {
  const { data: labels } = useTalentLabels();
  const single = talentIds.length === 1 ? talentIds[0] : undefined;
  const { data: current, isLoading } = useTalentClassify(single);
  const save = useSaveTalentLabel();
  return (
    <FormModal<Values>
      name="talentBatchLabel"
      title="设置标签"
      loading={single !== undefined && isLoading}
      initialValues={{ labels: current?.labels ?? [] }}
      onSubmit={(v) => save.mutateAsync({ talentIds, labels: (v.labels ?? []).map((l) => l.trim()).filter(Boolean) })}
      onCancel={onClose}
      onSaved={onClose}
    >
      <Typography.Paragraph type="secondary">
        已选 {talentIds.length} 人。保存后他们的标签就是下面这些；可以选已有标签，也可以输入新标签后按回车。
      </Typography.Paragraph>
      <Form.Item label="标签" name="labels" rules={rulesOf(saveTalentLabel, 'labels')}>
        <Select
          mode="tags"
          allowClear
          placeholder="选择或输入标签，回车确认"
          tokenSeparators={[',', '，']}
          options={(labels ?? []).map((l) => ({ label: l.name, value: l.name }))}
        />
      </Form.Item>
    </FormModal>
  );
}
