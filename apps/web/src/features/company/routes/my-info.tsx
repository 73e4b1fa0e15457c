import { PHONE_PATTERN } from '@zhaokao/contracts';
import { Button, Card, Col, Descriptions, Form, Input, Row } from 'antd';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { useEffect } from 'react';
import { showSuccess } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { useUpdateMyInfo } from '../api/update-my-info';
import { useUpdatePassword } from '../api/update-password';

interface InfoForm {
  name: string;
  userHead: string;
  phone: string;
  email: string;
}

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export default function MyInfoPage() {
  const { data: user } = useSessionUser();
  const [infoForm] = Form.useForm<InfoForm>();
  const [passwordForm] = Form.useForm<PasswordForm>();
  const saveInfo = useUpdateMyInfo();
  const savePassword = useUpdatePassword();

  useEffect(() => {
    if (user && !infoForm.isFieldsTouched()) {
      infoForm.setFieldsValue({ name: user.name, userHead: user.userHead, phone: user.phone, email: user.email });
    }
  }, [user, infoForm]);

  if (!user) return null;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title="账号信息">
          <Descriptions
            column={1}
            items={[
              { key: 'account', label: '登录账号', children: user.loginAccount },
              { key: 'role', label: '角色', children: user.roleName },
              { key: 'company', label: '所属单位', children: user.company.name },
            ]}
          />
        </Card>
        <Card title="修改密码" style={{ marginTop: 16 }}>
          <Form<PasswordForm>
            name="myPassword"
            form={passwordForm}
            layout="vertical"
            onFinish={async (v) => {
              const ok = await savePassword.mutateAsync({ oldPassword: v.oldPassword, newPassword: v.newPassword }).then(
                () => true,
                () => false,
              );
              if (ok) {
                showSuccess('密码已修改');
                passwordForm.resetFields();
              }
            }}
          >
            <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <NewPasswordFields />
            <Button type="primary" htmlType="submit" loading={savePassword.isPending}>
              修改密码
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title="个人资料">
          <Form<InfoForm>
            name="myInfo"
            form={infoForm}
            layout="vertical"
            onFinish={async (v) => {
              const ok = await saveInfo.mutateAsync(v).then(
                () => true,
                () => false,
              );
              if (ok) showSuccess('保存成功');
            }}
          >
            <Form.Item label="头像" name="userHead">
              <ImageUpload single compress aria-label="头像" />
            </Form.Item>
            <Form.Item label="姓名" name="name" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
              <Input maxLength={30} showCount />
            </Form.Item>
            <Form.Item label="手机号码" name="phone" rules={[{ pattern: PHONE_PATTERN, message: '请输入正确的手机号码' }]}>
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
            <Form.Item label="邮箱" name="email" rules={[{ type: 'email', message: '请输入正确的邮箱地址' }]} extra="找回密码的验证码会发送到这个邮箱">
              <Input maxLength={100} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saveInfo.isPending}>
              保存
            </Button>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
