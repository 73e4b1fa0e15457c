import { INITIAL_PASSWORD_MESSAGE, type StaffRow, saveStaff } from '@zhaokao/contracts';
import { Form, Input, Select, Switch, TreeSelect } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { TextField } from '../../../components/TextField';
import { passwordRules } from '../../../components/NewPasswordFields';
import { rulesOf } from '../../../lib/form-rules';
import { departmentOptions, useDepartmentTree } from '../../../lib/options';
import { useRoles, useSaveStaff } from '../api/staff-api';

interface StaffForm {
  name: string;
  loginAccount: string;
  phone: string;
  email: string;
  departmentId: number | null;
  roleId: number;
  enabled: boolean;
  password?: string;
}

interface Props {
  /** Null to add a new staff member. */
  staff: StaffRow | null;
  /** Called on cancel, and after a save. */
  onClose(): void;
}

export function StaffFormModal({ staff, onClose }: Props) {
  const { data: tree } = useDepartmentTree();
  const { data: roles } = useRoles();
  const save = useSaveStaff();
  const initial: Partial<StaffForm> = staff
    ? { ...staff, departmentId: staff.departmentId }
    : { enabled: true, departmentId: null, email: '' };

  return (
    <FormModal<StaffForm>
      name="staff"
      title={staff ? `编辑工作人员：${staff.name}` : '添加工作人员'}
      initialValues={initial}
      onSubmit={(values) => {
        const common = { ...values, departmentId: values.departmentId ?? null, email: values.email ?? '' };
        return save.mutateAsync(staff ? { ...common, id: staff.id, password: undefined } : { ...common, password: values.password ?? '' });
      }}
      onCancel={onClose}
      onSaved={onClose}
    >
      <TextField ep={saveStaff} name="name" label="姓名" required />
      <TextField ep={saveStaff} name="loginAccount" label="登录账号" required autoComplete="off" />
      {!staff && (
        <Form.Item label="初始密码" name="password" rules={passwordRules(INITIAL_PASSWORD_MESSAGE)}>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item label="手机号码" name="phone" rules={rulesOf(saveStaff, 'phone', true)}>
        <Input maxLength={11} inputMode="numeric" />
      </Form.Item>
      <TextField ep={saveStaff} name="email" label="邮箱" />
      <Form.Item label="所属部门" name="departmentId">
        <TreeSelect allowClear placeholder="不属于任何部门" treeDefaultExpandAll treeData={departmentOptions(tree ?? [])} />
      </Form.Item>
      <Form.Item label="角色" name="roleId" rules={rulesOf(saveStaff, 'roleId', '请选择角色')}>
        <Select placeholder="请选择角色" options={(roles ?? []).map((r) => ({ label: r.name, value: r.id }))} />
      </Form.Item>
      <Form.Item label="启用" name="enabled" valuePropName="checked" extra="停用后该账号立即退出登录，且不能再登录">
        <Switch checkedChildren="启用" unCheckedChildren="停用" />
      </Form.Item>
    </FormModal>
  );
}
