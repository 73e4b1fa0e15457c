import { PHONE_PATTERN, type StaffRow } from '@zhaokao/contracts';
import { passwordRules } from '../../../components/NewPasswordFields';
import { Form, Input, Modal, Select, Switch, TreeSelect } from 'antd';
import { departmentOptions, useDepartmentTree } from '../../../lib/departments';
import { useRoles } from '../api/get-roles';
import { useSaveStaff } from '../api/save-staff';

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
  onClose(): void;
  onSaved(): void;
}

export function StaffFormModal({ staff, onClose, onSaved }: Props) {
  const [form] = Form.useForm<StaffForm>();
  const { data: tree } = useDepartmentTree();
  const { data: roles } = useRoles();
  const save = useSaveStaff();
  const initial: Partial<StaffForm> = staff
    ? { ...staff, departmentId: staff.departmentId }
    : { enabled: true, departmentId: null, email: '' };

  return (
    <Modal
      title={staff ? `编辑工作人员：${staff.name}` : '添加工作人员'}
      open
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<StaffForm>
        name="staff"
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={async (values) => {
          const common = { ...values, departmentId: values.departmentId ?? null, email: values.email ?? '' };
          const input = staff ? { ...common, id: staff.id, password: undefined } : { ...common, password: values.password ?? '' };
          const ok = await save.mutateAsync(input).then(
            () => true,
            () => false,
          );
          if (ok) onSaved();
        }}
      >
        <Form.Item label="姓名" name="name" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          label="登录账号"
          name="loginAccount"
          rules={[
            { required: true, message: '请输入登录账号' },
            {
              pattern: /^[A-Za-z][A-Za-z0-9_.-]{3,29}$/,
              message: '登录账号为 4 到 30 位字母、数字、下划线、点或短横线，以字母开头',
            },
          ]}
        >
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
        {!staff && (
          <Form.Item
            label="初始密码"
            name="password"
            rules={passwordRules('请输入初始密码')}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item
          label="手机号码"
          name="phone"
          rules={[
            { required: true, message: '请输入手机号码' },
            { pattern: PHONE_PATTERN, message: '请输入正确的手机号码' },
          ]}
        >
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={[{ type: 'email', message: '请输入正确的邮箱地址' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="所属部门" name="departmentId">
          <TreeSelect allowClear placeholder="不属于任何部门" treeDefaultExpandAll treeData={departmentOptions(tree ?? [])} />
        </Form.Item>
        <Form.Item label="角色" name="roleId" rules={[{ required: true, message: '请选择角色' }]}>
          <Select placeholder="请选择角色" options={(roles ?? []).map((r) => ({ label: r.name, value: r.id }))} />
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked" extra="停用后该账号立即退出登录，且不能再登录">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
