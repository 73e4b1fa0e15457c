import { type OrgNode, saveOrg } from '@zhaokao/contracts';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { rulesOf } from '../../../lib/form-rules';
import { departmentOptions } from '../../../lib/options';
import { useSaveOrg } from '../api/org-api';

export interface OrgFormValues {
  id?: number;
  name: string;
  parentId: number | null;
  sort: number;
}

interface Props {
  initial: OrgFormValues;
  tree: OrgNode[];
  /** Called on cancel, and after a save. */
  onClose(): void;
}

export function OrgFormModal({ initial, tree, onClose }: Props) {
  const save = useSaveOrg();
  return (
    <FormModal<OrgFormValues>
      name="department"
      title={initial.id ? '编辑部门' : '新增部门'}
      initialValues={initial}
      onSubmit={(values) => save.mutateAsync({ ...values, id: initial.id, parentId: values.parentId ?? null })}
      onCancel={onClose}
      onSaved={onClose}
    >
      <Form.Item label="部门名称" name="name" rules={rulesOf(saveOrg, 'name', true)}>
        <Input maxLength={30} showCount autoFocus />
      </Form.Item>
      <Form.Item label="上级部门" name="parentId" extra="不选则为一级部门">
        <TreeSelect allowClear placeholder="一级部门" treeDefaultExpandAll treeData={departmentOptions(tree, initial.id)} />
      </Form.Item>
      <Form.Item label="排序" name="sort" extra="数字越小越靠前">
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}
