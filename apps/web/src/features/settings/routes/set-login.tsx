import { saveLoginPage } from '@zhaokao/contracts';
import { Button, Card, Form, Skeleton, Space } from 'antd';
import { useRecordForm } from '../../../components/record-form';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { TextField } from '../../../components/TextField';
import { useLoginPageDetail, useSaveLoginPage } from '../api/settings-api';

interface LoginPageForm {
  title: string;
  subtitle: string;
  background: string;
  loginLogo: string;
}

export default function SetLoginPage() {
  const { data } = useLoginPageDetail();
  const save = useSaveLoginPage();
  const recordForm = useRecordForm<LoginPageForm>(data, save.mutateAsync);

  if (!data) return <Skeleton active />;
  const loginUrl = `${location.origin}/login?id=${data.companyId}`;
  return (
    <Card title="设置登录页">
      <Form<LoginPageForm> name="loginPage" {...recordForm} style={{ maxWidth: 640 }}>
        <TextField ep={saveLoginPage} name="title" label="登录页标题" required showCount placeholder={data.companyName} />
        <TextField ep={saveLoginPage} name="subtitle" label="副标题" showCount />
        <Form.Item
          label="登录页标志"
          name="loginLogo"
          extra={data.companyLogo ? '不上传时显示单位标志（在“设置单位信息”中修改）' : '不上传时显示系统默认标志；支持 jpg、png、gif，不超过 5000kb'}
        >
          <ImageUpload single compress isPublic aria-label="登录页标志" />
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
