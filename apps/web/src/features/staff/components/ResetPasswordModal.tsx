import { type StaffRow } from '@zhaokao/contracts';
import { passwordRules } from '../../../components/NewPasswordFields';
import { Form, Input, Modal } from 'antd';
import { useResetStaffPassword } from '../api/reset-staff-password';

export function ResetPasswordModal({ staff, onClose, onDone }: { staff: StaffRow; onClose(): void; onDone(): void }) {
  const [form] = Form.useForm<{ newPassword: string }>();
  const reset = useResetStaffPassword();
  return (
    <Modal
      title={`重置密码：${staff.name}（${staff.loginAccount}）`}
      open
      okText="重置"
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        name="resetStaffPassword"
        form={form}
        layout="vertical"
        onFinish={async ({ newPassword }) => {
          const ok = await reset.mutateAsync({ id: staff.id, newPassword }).then(
            () => true,
            () => false,
          );
          if (ok) onDone();
        }}
      >
        <Form.Item
          label="新密码"
          name="newPassword"
          extra="重置后该工作人员的所有登录会失效，请把新密码告知本人"
          rules={passwordRules('请输入新密码')}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
