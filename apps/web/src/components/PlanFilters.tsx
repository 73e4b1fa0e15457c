import { usePlanOptions, usePlanPosts } from '../lib/options';
import { SelectFilter } from './SelectFilter';

interface IdFilterProps {
  value: number | undefined;
  onChange(id: number | undefined): void;
}

/** A list's filter by one of the company's plans, or none (全部招录计划). */
export function PlanFilter({ width, ...filter }: IdFilterProps & { width: number }) {
  const { data: plans, isLoading } = usePlanOptions();
  const options = (plans ?? []).map((p) => ({ label: p.name, value: p.id }));
  return <SelectFilter label="按招录计划筛选" placeholder="全部招录计划" width={width} search loading={isLoading} options={options} {...filter} />;
}

/** A list's filter by one of the plan's posts, or none (全部岗位). */
export function PostFilter({ planId, label = '报考岗位', ...filter }: IdFilterProps & { planId: number | undefined; label?: string }) {
  const { data: posts } = usePlanPosts(planId);
  const options = (posts ?? []).map((p) => ({ label: p.jobVacancy, value: p.recruitmentId }));
  return <SelectFilter label={label} placeholder="全部岗位" width={170} search options={options} {...filter} />;
}
