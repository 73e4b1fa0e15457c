import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { operatorLogin } from '@zhaokao/contracts';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { rulesOf } from '../../../lib/form-rules';
import { forgetPlatformData, signIn } from '../api/platform-api';
import { PLATFORM_TITLE, safePlatformRedirect } from '../components/platform-paths';

interface Values {
  loginAccount: string;
  password: string;
}

/** The operator's sign-in: operator accounts only, never a company's staff. */
export default function PlatformLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `登录 - ${PLATFORM_TITLE}`;
  }, []);

  const finish = async (values: Values) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await signIn({ loginAccount: values.loginAccount.trim(), password: values.password });
      forgetPlatformData();
      navigate(safePlatformRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      setProblem(error instanceof Error && !(error.name === 'NetworkError') ? error.message : '网络异常，请稍后再试');
      setBusy(false);
    }
  };

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(135deg, #1d2b44 0%, #28446f 60%, #3b6aa8 100%)',
      }}
    >
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <img src="/logo.svg" alt="" width={48} height={48} />
          <h1 style={{ margin: '8px 0 4px', fontSize: 22 }}>{PLATFORM_TITLE}</h1>
          <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.6)' }}>平台运营人员登录</p>
        </div>
        <Form<Values> name="platform-login" layout="vertical" requiredMark={false} onFinish={finish} onValuesChange={() => setProblem(undefined)}>
          {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} role="alert" />}
          <Form.Item label="账号" name="loginAccount" rules={rulesOf(operatorLogin, 'loginAccount', true)}>
            <Input prefix={<UserOutlined />} autoComplete="username" maxLength={50} />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={rulesOf(operatorLogin, 'password', true)}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={64} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
