import type { Endpoint, InputOf } from '@zhaokao/contracts';
import { Card, Empty, Select } from 'antd';
import { type FilterSpec, type FilterValues, type Page, type PagedListOptions, usePagedList } from '../lib/use-paged-list';
import { useApplicationPlanOptions, usePlanPosts } from '../lib/options';
import { SelectFilter } from './SelectFilter';

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

/** What a page of one plan shows while the company has no plan. */
export function NoPlans({ title }: { title: string }) {
  return (
    <Card title={title}>
      <Empty description="还没有招录计划" />
    </Card>
  );
}

/**
 * A paged list of one plan's applications (20 a page, 共 n 人): the plan chosen in the address, else the newest;
 * nothing is asked until the plans are known. `input` gets the filters with the plan in effect.
 */
export function usePlanPagedList<E extends Endpoint, S extends FilterSpec & { planId: 'id' }>(
  ep: E,
  options: Pick<PagedListOptions<E, S>, 'label' | 'filters'> & {
    input(filters: FilterValues<S> & { planId: number }, page: Page): InputOf<E>;
  },
) {
  const { newestPlanId, noPlans } = useNewestPlan();
  const list = usePagedList(ep, {
    label: options.label,
    filters: options.filters,
    defaultPageSize: 20,
    input: (chosen, page) => {
      const planId = (chosen.planId as number | undefined) ?? newestPlanId;
      return planId === undefined ? undefined : options.input({ ...chosen, planId }, page);
    },
    showTotal: (n) => `共 ${n} 人`,
    showQuickJumper: true,
  });
  return { ...list, planId: (list.filters.planId as number | undefined) ?? newestPlanId, noPlans };
}

/** The plan and the post a list is filtered by; choosing another plan clears the post (and whatever `onPlanChange` clears). */
export function PlanPostFilters({
  list,
  onPlanChange,
}: {
  list: {
    planId: number | undefined;
    setFilters(patch: { planId?: number; recruitmentId?: number }): void;
    bind(name: 'recruitmentId'): { value: number | undefined; onChange(value: number | undefined): void };
  };
  onPlanChange?(): void;
}) {
  const { data: posts } = usePlanPosts(list.planId);
  return (
    <>
      <PlanSelect
        value={list.planId}
        onChange={(planId) => {
          onPlanChange?.();
          list.setFilters({ planId, recruitmentId: undefined });
        }}
      />
      <SelectFilter
        label="报考岗位"
        placeholder="全部岗位"
        width={170}
        search
        {...list.bind('recruitmentId')}
        options={(posts ?? []).map((p) => ({ label: p.jobVacancy, value: p.recruitmentId }))}
      />
    </>
  );
}
