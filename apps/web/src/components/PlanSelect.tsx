import type { Endpoint, InputOf } from '@zhaokao/contracts';
import { Card, Empty, Select } from 'antd';
import { useLocation } from 'react-router';
import { type FilterSpec, type FilterValues, type Page, type PagedListOptions, usePagedList } from '../lib/use-paged-list';
import { useApplicationPlanOptions } from '../lib/options';
import { type PlanHasData, defaultPlanOf, readLastPlanChoice, rememberPlanChoice } from '../lib/plan-choice';
import { PostFilter } from './PlanFilters';

/** The plan a page shows; `allowEmpty` offers 全部招录计划. A plan chosen here is kept as the user's last choice (`usePagePlan`). */
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
  const { pathname } = useLocation();
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
      onChange={(planId?: number) => {
        if (planId !== undefined) rememberPlanChoice({ planId, path: pathname });
        onChange(planId);
      }}
    />
  );
}

/**
 * The plan a page shows until one is chosen in its address (see `defaultPlanOf`: the user's last choice when it
 * fits the page, else the latest plan with something for the page), and whether the company has no plan.
 */
export function usePagePlan(hasData: PlanHasData) {
  const { data: plans, isLoading } = useApplicationPlanOptions();
  const { pathname } = useLocation();
  return { defaultPlanId: defaultPlanOf(plans, hasData, pathname, readLastPlanChoice()), noPlans: !isLoading && plans?.length === 0 };
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
 * A paged list of one plan's applications (20 a page, 共 n 人): the plan chosen in the address, else the page's
 * default (`usePagePlan`, with `hasData` saying which plans have rows for it); nothing is asked until the plans are
 * known. `input` gets the filters with the plan in effect.
 */
export function usePlanPagedList<E extends Endpoint, S extends FilterSpec & { planId: 'id' }>(
  ep: E,
  options: Pick<PagedListOptions<E, S>, 'label' | 'filters'> & {
    hasData: PlanHasData;
    input(filters: FilterValues<S> & { planId: number }, page: Page): InputOf<E>;
  },
) {
  const { defaultPlanId, noPlans } = usePagePlan(options.hasData);
  const list = usePagedList(ep, {
    label: options.label,
    filters: options.filters,
    defaultPageSize: 20,
    input: (chosen, page) => {
      const planId = (chosen.planId as number | undefined) ?? defaultPlanId;
      return planId === undefined ? undefined : options.input({ ...chosen, planId }, page);
    },
    showTotal: (n) => `共 ${n} 人`,
    showQuickJumper: true,
  });
  return { ...list, planId: (list.filters.planId as number | undefined) ?? defaultPlanId, noPlans };
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
  return (
    <>
      <PlanSelect
        value={list.planId}
        onChange={(planId) => {
          onPlanChange?.();
          list.setFilters({ planId, recruitmentId: undefined });
        }}
      />
      <PostFilter planId={list.planId} {...list.bind('recruitmentId')} />
    </>
  );
}
