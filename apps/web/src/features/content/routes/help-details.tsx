import { Card, Skeleton, Typography } from 'antd';
import { formatTime } from '../../../lib/time';
import { Link } from 'react-router';
import { RecordNotFound, useIdParam } from '../../../components/RecordNotFound';
import { useHelpDetail } from '../api/content-api';

export default function HelpDetailsPage() {
  const id = useIdParam();
  const { data, isLoading, isError } = useHelpDetail(id);
  if (id === undefined || isError) return <RecordNotFound title="文章不存在" back="/help/help" backLabel="返回帮助中心" />;
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <Card title={data.title} extra={<Link to="/help/help">返回帮助中心</Link>}>
      <Typography.Paragraph type="secondary">
        {data.category} · 更新于 {formatTime(data.updatedAt, 'YYYY-MM-DD')}
      </Typography.Paragraph>
      {/* Help articles are platform content seeded by the operator, never user input. */}
      <Typography>
        <div dangerouslySetInnerHTML={{ __html: data.content }} />
      </Typography>
    </Card>
  );
}
