import { RESET_CODE_SENT_MESSAGE, SUCCESS_MESSAGES, resetPassword } from '@zhaokao/contracts';
import { Alert, Button, Form, Input, Result, Space, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { rulesOf } from '../../../lib/form-rules';
import { useResetPassword, useSendResetCode } from '../api/auth-api';
import { AuthCard } from '../components/AuthCard';

const RESEND_SECONDS = 60;

interface ResetForm {
  loginAccount: string;
  code: string;
  newPassword: string;
  confirm: string;
}

export default function ForgetPasswordPage() {
  const [form] = Form.useForm<ResetForm>();
  const sendCode = useSendResetCode();
  const reset = useResetPassword();
  const [sent, setSent] = useState(false);
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    document.title = '忘记密码 - 招考管理系统';
  }, []);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  async function send() {
    const { loginAccount } = await form.validateFields(['loginAccount']);
    // The same answer for every account (whether it exists is not told): the message says what to expect.
    const done = await sendCode.mutateAsync({ loginAccount }).then(() => true, () => false);
    if (!done) return;
    setSent(true);
    setCountdown(RESEND_SECONDS);
  }

  async function submit(values: ResetForm) {
    await reset
      .mutateAsync({ loginAccount: values.loginAccount, code: values.code, newPassword: values.newPassword })
      .catch(() => null);
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title="忘记密码">
        <Result
          status="success"
          title={SUCCESS_MESSAGES.passwordReset}
          subTitle="请使用新密码登录，其他设备上的登录已失效。"
          extra={
            <Link to="/login">
              <Button type="primary">返回登录</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="忘记密码" subtitle="验证码将发送到账号绑定的邮箱">
      <Steps
        size="small"
        current={sent ? 1 : 0}
        items={[{ title: '获取验证码' }, { title: '设置新密码' }]}
        style={{ marginBottom: 24 }}
      />
      {sent && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={RESET_CODE_SENT_MESSAGE} />}
      <Form<ResetForm> name="forgetPassword" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="账号" name="loginAccount" rules={rulesOf(resetPassword, 'loginAccount', true)}>
          <Input autoComplete="username" maxLength={50} />
        </Form.Item>
        <Form.Item label="验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={rulesOf(resetPassword, 'code', true)}
            >
              <Input aria-label="验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
            <Button onClick={send} disabled={countdown > 0} loading={sendCode.isPending}>
              {countdown > 0 ? `${countdown} 秒后重新获取` : '获取验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          重置密码
        </Button>
        <div style={{ marginTop: 12, textAlign: 'right' }}>
          <Link to="/login">返回登录</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
