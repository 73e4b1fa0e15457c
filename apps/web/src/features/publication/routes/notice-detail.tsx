import { PaperClipOutlined } from '@ant-design/icons';
import { Card, Descriptions, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { RecordNotFound, useIdParam } from '../../../components/RecordNotFound';
import { FileLink } from '../../../components/FileLink';
import { PublicationStatusTag, publicationTime } from '../../../components/PublicationStatusTag';
import { RichTextView } from '../../../components/rich-text/RichTextView';
import { useNoticeDetail } from '../api/notice-api';

const BACK = '/manage/sysMessage';

/** 详情 (/manage/newsDetails?id=…): one notice as it reads, its attachments to download, its state and dates. */
export default function NoticeDetailPage() {
  const id = useIdParam();
  const { data: notice, isError } = useNoticeDetail(id);

  if (id === undefined || isError) {
    return <RecordNotFound title="公告不存在或已删除" back={BACK} backLabel="返回公示公告" />;
  }
  if (!notice) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <Card
      title={
        <Space wrap>
          {notice.top && <Tag color="red">置顶</Tag>}
          <span>{notice.title}</span>
        </Space>
      }
      extra={<Link to={BACK}>返回公示公告</Link>}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'status', label: '状态', children: <PublicationStatusTag status={notice.status} /> },
          { key: 'plan', label: '所属计划', children: notice.recruitmentId === null ? '全公司' : notice.recruitmentName },
          { key: 'publishedAt', label: '发布时间', children: publicationTime(notice.publishedAt) },
          { key: 'updatedAt', label: '更新时间', children: publicationTime(notice.updatedAt) },
          { key: 'createdAt', label: '创建时间', children: publicationTime(notice.createdAt) },
          { key: 'by', label: '发布人', children: notice.createdByName || '—' },
        ]}
      />
      <RichTextView html={notice.content} label="公告正文" />
      <section aria-label="附件" style={{ marginTop: 24 }}>
        <Typography.Title level={5}>附件（{notice.attachments.length}）</Typography.Title>
        {notice.attachments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有附件" />
        ) : (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {notice.attachments.map((file) => (
              <li key={file.id} style={{ padding: '4px 0' }}>
                <PaperClipOutlined aria-hidden style={{ marginRight: 6 }} />
                <FileLink url={file.url} download={file.name}>
                  {file.name}
                </FileLink>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
