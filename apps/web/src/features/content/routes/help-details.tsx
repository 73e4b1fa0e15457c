import { Button, Card, Result, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { useHelpDetail } from '../api/content-api';

export default function HelpDetailsPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { data, isLoading, isError } = useHelpDetail(id);
  if (id === null || isError) {
    return (
      <Result status="404" title="文章不存在" extra={<Link to="/help/help"><Button type="primary">返回帮助中心</Button></Link>} />
    );
  }
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <Card title={data.title} extra={<Link to="/help/help">返回帮助中心</Link>}>
      <Typography.Paragraph type="secondary">
        {data.category} · 更新于 {dayjs(data.updatedAt).format('YYYY-MM-DD')}
      </Typography.Paragraph>
      {/* Help articles are platform content seeded by the operator, never user input. */}
      <Typography>
        <div dangerouslySetInnerHTML={{ __html: data.content }} />
      </Typography>
    </Card>
  );
}
