import { Button, Card, Empty, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { JobDetail } from '../../../components/JobDetail';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { usePostDetail } from '../api/exam-api';

/** 岗位详情 (/writtenExamination/jobdetails?id=<post>): SPEC dialog 8's job detail view as a page. */
export default function JobDetailsPage() {
  const { filters } = useUrlFilters({ id: 'id' });
  const navigate = useNavigate();
  const { data: job, isLoading, isError } = usePostDetail(filters.id);
  return (
    <Card title="岗位详情" extra={<Button onClick={() => void navigate(-1)}>返回</Button>}>
      {filters.id === undefined || isError ? (
        <Empty description={filters.id === undefined ? '未指定岗位' : '未找到该岗位'} />
      ) : isLoading || !job ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div style={{ maxWidth: 960 }}>
          <JobDetail job={job} />
        </div>
      )}
    </Card>
  );
}
