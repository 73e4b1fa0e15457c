import { PERMISSIONS, type Permission, type RoleRow } from '@zhaokao/contracts';
import { Checkbox, Col, Form, Input, Modal, Row } from 'antd';
import { useSaveRole } from '../api/save-role';

export function RoleFormModal({ role, onClose, onSaved }: { role: RoleRow | null; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<{ name: string; permissions: Permission[] }>();
  const save = useSaveRole();
  return (
    <Modal
      title={role ? `编辑角色：${role.name}` : '新增角色'}
      open
      width={640}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        name="role"
        form={form}
        layout="vertical"
        initialValues={role ? { name: role.name, permissions: role.permissions } : { name: '', permissions: [] }}
        onFinish={async (values) => {
          const input = { id: role?.id, name: values.name, permissions: values.permissions };
          const ok = await save.mutateAsync(input).then(
            () => true,
            () => false,
          );
          if (ok) onSaved();
        }}
      >
        <Form.Item label="角色名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入角色名称' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label="权限" name="permissions" rules={[{ required: true, message: '请至少选择一项权限' }]}>
          <Checkbox.Group style={{ width: '100%' }}>
            <Row gutter={[8, 8]}>
              {Object.entries(PERMISSIONS).map(([code, label]) => (
                <Col span={8} key={code}>
                  <Checkbox value={code}>{label}</Checkbox>
                </Col>
              ))}
            </Row>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
