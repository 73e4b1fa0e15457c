import type { PostDetail } from '@zhaokao/contracts';
import { Avatar, Card, Descriptions, Divider, Empty, List, Space, Typography } from 'antd';
import { FileLink } from '../../../components/FileLink';

const orDash = (text: string) => text || '—';

/** SPEC dialog 8: the job detail view. */
export function JobDetail({ job }: { job: PostDetail }) {
  const { recruitment: r, companyInfo: c, recruitmentPlan: plan } = job;
  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {job.jobVacancy}
      </Typography.Title>
      <Space wrap size="large">
        <Typography.Text type="danger" strong>
          {r.salary || '薪资面议'}
        </Typography.Text>
        <span>地址：{orDash(r.fixedAddress)}</span>
        <span>工作经验：{orDash(r.workExperience)}</span>
        <span>学历：{orDash(r.education)}</span>
      </Space>
      <Card size="small" style={{ marginTop: 16 }}>
        <Space align="start">
          <Avatar shape="square" size={56} src={c.logo || undefined}>
            {c.name.slice(0, 1)}
          </Avatar>
          <div>
            <Typography.Text strong>{c.name}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{orDash(c.industryName)}</Typography.Text>
            </div>
            <div>
              <Typography.Text type="secondary">{orDash(c.address)}</Typography.Text>
            </div>
          </div>
        </Space>
      </Card>
      <Divider titlePlacement="start">岗位信息</Divider>
      <Descriptions column={1} size="small" styles={{ label: { width: 110 } }}>
        <Descriptions.Item label="岗位描述">
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{orDash(r.jobDescription)}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label="技能要求">
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{orDash(r.skillsRequired)}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label="报名地点">{orDash(r.applicationPlace)}</Descriptions.Item>
        {plan && <Descriptions.Item label="报名开始时间">{plan.signUpStartDate}</Descriptions.Item>}
        {plan && <Descriptions.Item label="报名结束时间">{plan.signUpEndDate}</Descriptions.Item>}
      </Descriptions>
      <Divider titlePlacement="start">考生须知</Divider>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{orDash(r.candidateRemark)}</Typography.Paragraph>
      <Divider titlePlacement="start">附件下载</Divider>
      {r.fileList.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无附件" />
      ) : (
        <List
          size="small"
          dataSource={r.fileList}
          renderItem={(f) => (
            <List.Item>
              <FileLink url={f.url} download={f.fileName}>
                {f.fileName}
              </FileLink>
            </List.Item>
          )}
        />
      )}
      <Divider titlePlacement="start">单位介绍</Divider>
      <Descriptions column={1} size="small" styles={{ label: { width: 110 } }}>
        <Descriptions.Item label="单位简介">
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{orDash(c.introduce)}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label="管理理念">
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{orDash(c.manageIdea)}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label="单位地址">{orDash(c.address)}</Descriptions.Item>
      </Descriptions>
    </div>
  );
}
