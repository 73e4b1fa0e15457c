import type { PostDetail } from '@zhaokao/contracts';
import { Flex, Space, Typography } from 'antd';
import { ActionLink } from '../ActionLink';
import { CompanyCard } from '../JobDetail';

const orDash = (text: string) => text || '—';

/** SPEC dialog 1's job and company: vacancy, salary, address, work experience, education; logo, name, industry, address. */
export function JobSummary({ job, onShowDetail }: { job: PostDetail; onShowDetail(): void }) {
  const { recruitment: r, companyInfo: c } = job;
  return (
    <Flex gap={16} wrap>
      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Space wrap align="baseline" size="middle">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {job.jobVacancy}
          </Typography.Title>
          <Typography.Text type="danger" strong>
            {r.salary || '薪资面议'}
          </Typography.Text>
          <ActionLink onClick={onShowDetail}>查看岗位详情</ActionLink>
        </Space>
        <Space wrap size={[24, 4]} style={{ marginTop: 8 }}>
          <span>工作地点：{orDash(r.fixedAddress)}</span>
          <span>工作经验：{orDash(r.workExperience)}</span>
          <span>学历要求：{orDash(r.education)}</span>
        </Space>
      </div>
      <CompanyCard company={c} style={{ flex: '1 1 260px', minWidth: 0 }} />
    </Flex>
  );
}
