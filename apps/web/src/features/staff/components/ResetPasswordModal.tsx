import { SUCCESS_MESSAGES, type StaffRow } from '@zhaokao/contracts';
import { Form, Input } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { passwordRules } from '../../../components/NewPasswordFields';
import { useResetStaffPassword } from '../api/staff-api';

export function ResetPasswordModal({ staff, onClose }: { staff: StaffRow; onClose(): void }) {
  const reset = useResetStaffPassword();
  return (
    <FormModal<{ newPassword: string }>
      name="resetStaffPassword"
      title={`重置密码：${staff.name}（${staff.loginAccount}）`}
      okText="重置"
      onSubmit={({ newPassword }) => reset.mutateAsync({ id: staff.id, newPassword })}
      onCancel={onClose}
      onSaved={onClose}
      savedMessage={SUCCESS_MESSAGES.passwordReset}
    >
      <Form.Item
        label="新密码"
        name="newPassword"
        extra="重置后该工作人员的所有登录会失效，请把新密码告知本人"
        rules={passwordRules('请输入新密码')}
      >
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
