import { PASSWORD_MUST_CHANGE_MESSAGE, SUCCESS_MESSAGES, updatePassword } from '@zhaokao/contracts';
import { Alert, Button, Card, Form, Input } from 'antd';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { announce } from '../../../lib/api-client';
import { rulesOf } from '../../../lib/form-rules';
import { useUpdatePassword } from '../api/auth-api';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Shown instead of the back office while the signed-in user's password is one someone else set (an initial or a
 * reset password): the server answers nothing else until they choose their own.
 */
export default function PasswordMustChange({ name, onSignOut }: { name: string; onSignOut: () => void }) {
  const [form] = Form.useForm<PasswordForm>();
  const save = useUpdatePassword();
  return (
    <main className="login-page">
      <Card title={`${name}，请先设置自己的密码`} style={{ width: 440, maxWidth: '100%' }}>
        <Alert type="info" showIcon title={PASSWORD_MUST_CHANGE_MESSAGE} style={{ marginBottom: 16 }} />
        <Form<PasswordForm>
          name="mustChangePassword"
          form={form}
          layout="vertical"
          onFinish={(v) => announce(save.mutateAsync({ oldPassword: v.oldPassword, newPassword: v.newPassword }), SUCCESS_MESSAGES.passwordChanged)}
        >
          <Form.Item label="当前密码（初始密码或重置后的密码）" name="oldPassword" rules={rulesOf(updatePassword, 'oldPassword', true)}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields />
          <Button type="primary" htmlType="submit" block loading={save.isPending}>
            设置新密码并进入系统
          </Button>
          <Button type="link" block style={{ marginTop: 8 }} onClick={onSignOut}>
            退出登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
