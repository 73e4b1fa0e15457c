import { EXAM_STAGES } from '@zhaokao/contracts';
import { Button, Card, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { ApplicationDetailContent } from '../../../components/application-detail/ApplicationDetailContent';
import { useUrlFilters } from '../../../lib/use-paged-list';

const STAGES = [2, 3] as const;

/** 考生详情 (/writtenExamination/details?id=<application>&type=2|3): the detail dialog's content as a page. */
export default function DetailsPage() {
  const { filters } = useUrlFilters({ id: 'id', type: STAGES });
  const navigate = useNavigate();
  const stage = filters.type ?? 2;
  return (
    <Card title={`考生详情 - ${EXAM_STAGES[stage]}`} extra={<Button onClick={() => void navigate(-1)}>返回</Button>}>
      {filters.id === undefined ? (
        <Empty description="未指定报名记录" />
      ) : (
        <ApplicationDetailContent applicationId={filters.id} mode={stage} />
      )}
    </Card>
  );
}
