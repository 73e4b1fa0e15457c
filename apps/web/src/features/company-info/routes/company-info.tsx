import { Button, Card, Form, Input, Select, Skeleton } from 'antd';
import { useEffect } from 'react';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { Permission } from '../../../components/Permission';
import { showSuccess } from '../../../lib/api-client';
import { useDict } from '../../../lib/dict';
import { useCompanyInfo } from '../api/get-company-info';
import { useSaveCompanyInfo } from '../api/save-company-info';

interface CompanyForm {
  name: string;
  logo: string;
  industry: string;
  address: string;
  introduce: string;
  manageIdea: string;
}

export default function CompanyInfoPage() {
  const { data } = useCompanyInfo();
  const { data: industries } = useDict('industry');
  const save = useSaveCompanyInfo();
  const [form] = Form.useForm<CompanyForm>();

  useEffect(() => {
    if (data && !form.isFieldsTouched()) form.setFieldsValue(data);
  }, [data, form]);

  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <Card title="设置单位信息">
      <Form<CompanyForm>
        name="companyInfo"
        form={form}
        layout="vertical"
        style={{ maxWidth: 760 }}
        onFinish={async (values) => {
          const ok = await save.mutateAsync(values).then(
            () => true,
            () => false,
          );
          if (ok) showSuccess('保存成功');
        }}
      >
        <Form.Item label="单位标志" name="logo" extra="显示在导航栏、登录页与岗位详情中（需购买定制单位信息功能才会在导航栏显示）">
          <ImageUpload single compress isPublic aria-label="单位标志" />
        </Form.Item>
        <Form.Item
          label="单位名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入单位名称' },
            { min: 2, message: '单位名称至少 2 个字' },
          ]}
        >
          <Input maxLength={60} showCount />
        </Form.Item>
        <Form.Item label="所属行业" name="industry" rules={[{ required: true, message: '请选择所属行业' }]}>
          <Select
            placeholder="请选择所属行业"
            options={(industries ?? []).map((d) => ({ label: d.label, value: d.value }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item label="单位地址" name="address" rules={[{ required: true, whitespace: true, message: '请输入单位地址' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="单位简介" name="introduce">
          <Input.TextArea rows={6} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item label="管理理念" name="manageIdea">
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Permission anyOf={['company:edit']}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Permission>
      </Form>
    </Card>
  );
}
