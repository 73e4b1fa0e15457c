import type { PostDetail } from '@zhaokao/contracts';
import { Avatar, Card, Descriptions, type DescriptionsProps, Divider, Empty, List, Space, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { FileLink } from './FileLink';

const orDash = (text: string) => text || '—';

/** A titled part of the view: its items one a line, labels in one column. */
function Section({ title, items }: { title: string; items: DescriptionsProps['items'] }) {
  return (
    <>
      <Divider titlePlacement="start">{title}</Divider>
      <Descriptions column={1} size="small" styles={{ label: { width: 110 } }} items={items} />
    </>
  );
}

/** Text written over several lines, shown with its line breaks. */
const LongText = ({ text }: { text: string }) => (
  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{orDash(text)}</Typography.Paragraph>
);

/** The company offering the post: logo, name, industry and address. */
export function CompanyCard({ company: c, style }: { company: PostDetail['companyInfo']; style?: CSSProperties }) {
  return (
    <Card size="small" style={style}>
      <Space align="start">
        <Avatar shape="square" size={56} src={c.logo || undefined} alt={`${c.name}的标志`}>
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
  );
}

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
      <CompanyCard company={c} style={{ marginTop: 16 }} />
      <Section title="岗位信息" items={[
        { label: '岗位描述', children: <LongText text={r.jobDescription} /> },
        { label: '技能要求', children: <LongText text={r.skillsRequired} /> },
        { label: '报名地点', children: orDash(r.applicationPlace) },
        ...(plan
          ? [
              { label: '报名开始时间', children: plan.signUpStartDate },
              { label: '报名结束时间', children: plan.signUpEndDate },
            ]
          : []),
      ]} />
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
      <Section title="单位介绍" items={[
        { label: '单位简介', children: <LongText text={c.introduce} /> },
        { label: '管理理念', children: <LongText text={c.manageIdea} /> },
        { label: '单位地址', children: orDash(c.address) },
      ]} />
    </div>
  );
}
