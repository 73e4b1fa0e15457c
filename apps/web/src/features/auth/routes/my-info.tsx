import { SUCCESS_MESSAGES, updateMyInfo, updatePassword } from '@zhaokao/contracts';
import { Button, Card, Col, Descriptions, Form, Input, Row } from 'antd';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { TextField } from '../../../components/TextField';
import { announce } from '../../../lib/api-client';
import { useRecordForm } from '../../../components/record-form';
import { useSessionUser } from '../../../lib/session';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { rulesOf } from '../../../lib/form-rules';
import { useUpdateMyInfo, useUpdatePassword } from '../api/auth-api';

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
  const saveInfo = useUpdateMyInfo();
  const infoForm = useRecordForm<InfoForm>(user, saveInfo.mutateAsync);
  const [passwordForm] = Form.useForm<PasswordForm>();
  const savePassword = useUpdatePassword();

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
              const changed = savePassword.mutateAsync({ oldPassword: v.oldPassword, newPassword: v.newPassword });
              if (await announce(changed, SUCCESS_MESSAGES.passwordChanged)) passwordForm.resetFields();
            }}
          >
            <Form.Item label="原密码" name="oldPassword" rules={rulesOf(updatePassword, 'oldPassword', true)}>
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
          <Form<InfoForm> name="myInfo" {...infoForm}>
            <Form.Item label="头像" name="userHead">
              <ImageUpload single compress aria-label="头像" />
            </Form.Item>
            <TextField ep={updateMyInfo} name="name" label="姓名" required showCount />
            <Form.Item label="手机号码" name="phone" rules={rulesOf(updateMyInfo, 'phone')}>
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
            <TextField ep={updateMyInfo} name="email" label="邮箱" extra="找回密码的验证码会发送到这个邮箱" />
            <Button type="primary" htmlType="submit" loading={saveInfo.isPending}>
              保存
            </Button>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
