import { ApartmentOutlined } from '@ant-design/icons';
import { companyUnitList } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../lib/query';

/**
 * The sidebar's note of the subordinate unit signed in to (公司管理, issue 12): a headquarters' staff member who entered
 * a unit, or the unit's own staff, see which unit's data they work on. Nothing for a headquarters or a company
 * without units.
 */
export function CurrentUnit() {
  const { data } = useEndpointQuery(companyUnitList, {}, { silent: true, staleTime: 5 * 60_000 });
  const current = data?.find((r) => r.current);
  if (!current || current.headquarters) return null;
  return (
    <div
      data-testid="current-unit"
      style={{
        margin: '4px 8px 8px',
        padding: '8px 12px',
        borderRadius: 6,
        background: 'rgba(255, 255, 255, 0.1)',
        color: 'rgba(255, 255, 255, 0.92)',
        fontSize: 13,
        lineHeight: 1.5,
      }}
    >
      <div style={{ color: 'rgba(255, 255, 255, 0.7)', fontSize: 12 }}>
        <ApartmentOutlined aria-hidden /> 当前单位
      </div>
      <div style={{ wordBreak: 'break-all' }}>{current.name}</div>
    </div>
  );
}
