import { Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { showSuccess } from '../../../lib/api-client';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { useMyLoginPage, useSaveLoginPage } from '../api/login-page';

interface LoginPageForm {
  title: string;
  subtitle: string;
  background: string;
}

export default function SetLoginPage() {
  const { data } = useMyLoginPage();
  const save = useSaveLoginPage();
  const [form] = Form.useForm<LoginPageForm>();

  useEffect(() => {
    if (data && !form.isFieldsTouched()) form.setFieldsValue({ title: data.title, subtitle: data.subtitle, background: data.background });
  }, [data, form]);

  if (!data) return <Skeleton active />;
  const loginUrl = `${location.origin}/login?id=${data.companyId}`;
  return (
    <Card title="设置登录页">
      <Form<LoginPageForm>
        name="loginPage"
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        onFinish={async (v) => {
          const ok = await save.mutateAsync(v).then(
            () => true,
            () => false,
          );
          if (ok) showSuccess('保存成功');
        }}
      >
        <Form.Item label="登录页标题" name="title" rules={[{ required: true, whitespace: true, message: '请输入登录页标题' }]}>
          <Input maxLength={40} showCount placeholder={data.companyName} />
        </Form.Item>
        <Form.Item label="副标题" name="subtitle">
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item label="背景图" name="background" extra="建议尺寸 1920×1080，支持 jpg、png、gif，不超过 5000kb">
          <ImageUpload single compress isPublic aria-label="背景图" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <a href={loginUrl} target="_blank" rel="noreferrer">
            预览本单位登录页
          </a>
        </Space>
      </Form>
    </Card>
  );
}
