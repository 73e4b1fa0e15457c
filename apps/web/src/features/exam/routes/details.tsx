import { EXAM_STAGES, INTERVIEW_STAGE, WRITTEN_STAGE } from '@zhaokao/contracts';
import { Button, Card, Empty, Skeleton } from 'antd';
import { Suspense, lazy } from 'react';
import { useNavigate } from 'react-router';
import { useUrlFilters } from '../../../lib/use-paged-list';

// Loaded only when the address names an application: without one the page shows just the empty state.
const ApplicationDetailContent = lazy(() =>
  import('../../../components/application-detail/ApplicationDetailContent').then((m) => ({ default: m.ApplicationDetailContent })),
);

const STAGES = [WRITTEN_STAGE, INTERVIEW_STAGE] as const;

/** 考生详情 (/writtenExamination/details?id=<application>&type=2|3): the detail dialog's content as a page. */
export default function DetailsPage() {
  const { filters } = useUrlFilters({ id: 'id', type: STAGES });
  const navigate = useNavigate();
  const stage = filters.type ?? WRITTEN_STAGE;
  return (
    <Card title={`考生详情 - ${EXAM_STAGES[stage]}`} extra={<Button onClick={() => void navigate(-1)}>返回</Button>}>
      {filters.id === undefined ? (
        <Empty description="未指定报名记录" />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <ApplicationDetailContent applicationId={filters.id} mode={stage} />
        </Suspense>
      )}
    </Card>
  );
}
