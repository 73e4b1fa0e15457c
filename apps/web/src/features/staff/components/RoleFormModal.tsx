import { PERMISSIONS, type Permission, ROLE_PERMISSIONS_MESSAGE, type RoleRow, saveRole } from '@zhaokao/contracts';
import { Checkbox, Col, Form, Row } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { rulesOf } from '../../../lib/form-rules';
import { useSaveRole } from '../api/staff-api';

export function RoleFormModal({ role, onClose }: { role: RoleRow | null; onClose(): void }) {
  const save = useSaveRole();
  return (
    <FormModal<{ name: string; permissions: Permission[] }>
      name="role"
      title={role ? `编辑角色：${role.name}` : '新增角色'}
      width={640}
      initialValues={role ? { name: role.name, permissions: role.permissions as Permission[] } : { name: '', permissions: [] }}
      onSubmit={(values) => save.mutateAsync({ id: role?.id, name: values.name, permissions: values.permissions })}
      onCancel={onClose}
      onSaved={onClose}
    >
      <TextField ep={saveRole} name="name" label="角色名称" required />
      <Form.Item label="权限" name="permissions" rules={rulesOf(saveRole, 'permissions', ROLE_PERMISSIONS_MESSAGE)}>
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
    </FormModal>
  );
}
