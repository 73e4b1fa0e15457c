import { batchSaveClassify } from '@zhaokao/contracts';
import { Form, TreeSelect, Typography } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { rulesOf } from '../../../lib/form-rules';
import { useBatchSaveClassify, useClassifyTree, useTalentClassify } from '../api/talent-api';
import { classifyOptions } from './classify-options';

interface Values {
  classifyIds: number[];
}

/** 设置分类: files the chosen talents under exactly the chosen classifications. */
export function BatchClassifyModal({ talentIds, onClose }: { talentIds: number[]; onClose(): void }) {
  const { data: tree } = useClassifyTree();
  const single = talentIds.length === 1 ? talentIds[0] : undefined;
  const { data: current, isLoading } = useTalentClassify(single);
  const save = useBatchSaveClassify();
  return (
    <FormModal<Values>
      name="talentBatchClassify"
      title="设置分类"
      loading={single !== undefined && isLoading}
      initialValues={{ classifyIds: current?.classifyIds ?? [] }}
      onSubmit={(v) => save.mutateAsync({ talentIds, classifyIds: v.classifyIds ?? [] })}
      onCancel={onClose}
      onSaved={onClose}
    >
      <Typography.Paragraph type="secondary">
        已选 {talentIds.length} 人。保存后他们只属于下面选中的分类；不选任何分类则移出所有分类。
      </Typography.Paragraph>
      <Form.Item label="分类" name="classifyIds" rules={rulesOf(batchSaveClassify, 'classifyIds')}>
        <TreeSelect
          multiple
          allowClear
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder="选择分类"
          treeData={classifyOptions(tree ?? [])}
          notFoundContent="还没有分类，请先在“分类配置”中新增"
        />
      </Form.Item>
    </FormModal>
  );
}
