import { Card } from 'antd';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { MyGroupCards } from './MyGroupCards';
import { ScoringGroup } from './ScoringGroup';

const SCORING_FILTERS = { groupId: 'id' } as const;

/**
 * 考官评分 (tablet): the signed-in examiner's groups as cards, then one group scored by order number. The group chosen
 * is kept in the address, so that a reload or the tablet waking up returns to it. Sized for an 800 px wide tablet: the
 * signed-in layout puts the sidebar in a drawer below 992 px, so the page has the screen's width.
 */
export function ScoringPage() {
  const { filters, setFilters } = useUrlFilters(SCORING_FILTERS);
  return (
    <Card title="考官评分" style={{ maxWidth: 960, margin: '0 auto' }}>
      {filters.groupId === undefined ? (
        <MyGroupCards onOpen={(groupId) => setFilters({ groupId })} />
      ) : (
        <ScoringGroup key={filters.groupId} groupId={filters.groupId} onBack={() => setFilters({ groupId: undefined })} />
      )}
    </Card>
  );
}
