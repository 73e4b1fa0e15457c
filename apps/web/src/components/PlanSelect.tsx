import { Select } from 'antd';
import { useApplicationPlanOptions } from '../lib/options';

/** The plan a page shows; `allowEmpty` offers 全部招录计划. */
export function PlanSelect({
  value,
  onChange,
  allowEmpty = false,
}: {
  value: number | undefined;
  onChange(planId: number | undefined): void;
  allowEmpty?: boolean;
}) {
  const { data: plans, isLoading } = useApplicationPlanOptions();
  return (
    <Select<number>
      aria-label="招录计划"
      placeholder={allowEmpty ? '全部招录计划' : '选择招录计划'}
      allowClear={allowEmpty}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 280, maxWidth: '100%' }}
      loading={isLoading}
      value={value}
      options={(plans ?? []).map((p) => ({ label: p.name, value: p.id }))}
      notFoundContent="还没有招录计划"
      onChange={(planId?: number) => onChange(planId)}
    />
  );
}

/** The newest plan the user may read (what a page shows until a plan is chosen), and whether there is none. */
export function useNewestPlan() {
  const { data: plans, isLoading } = useApplicationPlanOptions();
  return { newestPlanId: plans?.[0]?.id, noPlans: !isLoading && plans?.length === 0 };
}
