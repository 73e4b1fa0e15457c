import { saveCompanyInfo } from '@zhaokao/contracts';
import { Button, Card, Form, Select, Skeleton } from 'antd';
import { TextField } from '../../../components/TextField';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { Permission } from '../../../components/Permission';
import { useRecordForm } from '../../../components/record-form';
import { useDict } from '../../../lib/dict';
import { rulesOf } from '../../../lib/form-rules';
import { useCompanyInfoDetail, useSaveCompanyInfo } from '../api/company-api';

interface CompanyForm {
  name: string;
  logo: string;
  industry: string;
  address: string;
  introduce: string;
  manageIdea: string;
}

export default function CompanyInfoPage() {
  const { data } = useCompanyInfoDetail();
  const { data: industries } = useDict('industry');
  const save = useSaveCompanyInfo();
  const recordForm = useRecordForm<CompanyForm>(data, save.mutateAsync);

  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <Card title="设置单位信息">
      <Form<CompanyForm> name="companyInfo" {...recordForm} style={{ maxWidth: 760 }}>
        <Form.Item label="单位标志" name="logo" extra="显示在导航栏、登录页与岗位详情中（需购买定制单位信息功能才会在导航栏显示）">
          <ImageUpload single compress isPublic aria-label="单位标志" />
        </Form.Item>
        <TextField ep={saveCompanyInfo} name="name" label="单位名称" required showCount />
        <Form.Item label="所属行业" name="industry" rules={rulesOf(saveCompanyInfo, 'industry', true)}>
          <Select
            placeholder="请选择所属行业"
            options={(industries ?? []).map((d) => ({ label: d.label, value: d.value }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <TextField ep={saveCompanyInfo} name="address" label="单位地址" required />
        <TextField ep={saveCompanyInfo} name="introduce" label="单位简介" rows={6} showCount />
        <TextField ep={saveCompanyInfo} name="manageIdea" label="管理理念" rows={3} showCount />
        <Permission anyOf={['company:edit']}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Permission>
      </Form>
    </Card>
  );
}
