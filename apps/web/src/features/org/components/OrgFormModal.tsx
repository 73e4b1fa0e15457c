import type { OrgNode } from '@zhaokao/contracts';
import { Form, Input, InputNumber, Modal, TreeSelect } from 'antd';
import { departmentOptions } from '../../../lib/departments';
import { useSaveOrg } from '../api/save-org';

export interface OrgFormValues {
  id?: number;
  name: string;
  parentId: number | null;
  sort: number;
}

interface Props {
  open: boolean;
  initial: OrgFormValues;
  tree: OrgNode[];
  onClose(): void;
  onSaved(): void;
}

export function OrgFormModal({ open, initial, tree, onClose, onSaved }: Props) {
  const [form] = Form.useForm<OrgFormValues>();
  const save = useSaveOrg();
  return (
    <Modal
      title={initial.id ? '编辑部门' : '新增部门'}
      open={open}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<OrgFormValues>
        name="department"
        form={form}
        layout="vertical"
        initialValues={initial}
        key={`${initial.id ?? 'new'}-${initial.parentId ?? 'top'}`}
        onFinish={async (values) => {
          const ok = await save.mutateAsync({ ...values, id: initial.id, parentId: values.parentId ?? null }).then(
            () => true,
            () => false,
          );
          if (ok) onSaved();
        }}
      >
        <Form.Item label="部门名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入部门名称' }]}>
          <Input maxLength={30} showCount autoFocus />
        </Form.Item>
        <Form.Item label="上级部门" name="parentId" extra="不选则为一级部门">
          <TreeSelect
            allowClear
            placeholder="一级部门"
            treeDefaultExpandAll
            treeData={departmentOptions(tree, initial.id)}
          />
        </Form.Item>
        <Form.Item label="排序" name="sort" extra="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
