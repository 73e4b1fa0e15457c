import { Card, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { RecordNotFound, useIdParam } from '../../../components/RecordNotFound';
import { PublicationStatusTag, publicationTime } from '../../../components/PublicationStatusTag';
import { RichTextView } from '../../../components/rich-text/RichTextView';
import { useNewsDetail } from '../api/news-api';

const BACK = '/sysManage/introduceCms';

/** 新闻详情 (/sysManage/introduceCmsdetails?id=…): one news item as it reads, with its cover, state and dates. */
export default function NewsDetailPage() {
  const id = useIdParam();
  const { data: news, isError } = useNewsDetail(id);

  if (id === undefined || isError) {
    return <RecordNotFound title="新闻不存在或已删除" back={BACK} backLabel="返回新闻发布" />;
  }
  if (!news) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <Card
      title={
        <Space wrap>
          {news.top && <Tag color="red">置顶</Tag>}
          <span>{news.title}</span>
        </Space>
      }
      extra={<Link to={BACK}>返回新闻发布</Link>}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'status', label: '状态', children: <PublicationStatusTag status={news.status} /> },
          { key: 'publishedAt', label: '发布时间', children: publicationTime(news.publishedAt) },
          { key: 'updatedAt', label: '更新时间', children: publicationTime(news.updatedAt) },
          { key: 'by', label: '发布人', children: news.createdByName || '—' },
        ]}
      />
      {news.cover && (
        <img
          src={news.cover.url}
          alt={`${news.title}的封面`}
          style={{ display: 'block', width: '100%', maxWidth: 720, maxHeight: 360, objectFit: 'cover', borderRadius: 6, marginBottom: 16 }}
        />
      )}
      {news.summary && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 15, borderLeft: '3px solid #d9d9d9', paddingLeft: 12 }}>
          {news.summary}
        </Typography.Paragraph>
      )}
      <RichTextView html={news.content} label="新闻正文" />
    </Card>
  );
}
