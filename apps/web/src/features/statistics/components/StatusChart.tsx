import type { StatisticsPostRow } from '@zhaokao/contracts';
import { StackedBarChart } from '../../../components/StackedBarChart';

/** Applicants of each post, stacked by status (only the statuses that occur). */
export function StatusChart({
  posts,
  statuses,
}: {
  posts: StatisticsPostRow[];
  statuses: { value: string; label: string }[];
}) {
  const used = statuses.filter((s) => posts.some((p) => (p.counts[s.value] ?? 0) > 0));
  return (
    <StackedBarChart
      label="各岗位报名人数按状态分布图"
      categories={posts.map((p) => p.jobVacancy)}
      series={used.map((s) => ({ name: s.label, data: posts.map((p) => p.counts[s.value] ?? 0) }))}
    />
  );
}
