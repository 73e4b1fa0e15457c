import type { StatisticsPostRow } from '@zhaokao/contracts';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Applicants of each post, stacked by status (only the statuses that occur). */
export function StatusChart({
  posts,
  statuses,
}: {
  posts: StatisticsPostRow[];
  statuses: { value: string; label: string }[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el);
    const used = statuses.filter((s) => posts.some((p) => (p.counts[s.value] ?? 0) > 0));
    chart.setOption({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 8, right: 24, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: posts.map((p) => p.jobVacancy) },
      series: used.map((s) => ({
        name: s.label,
        type: 'bar',
        stack: 'total',
        barMaxWidth: 28,
        emphasis: { focus: 'series' },
        data: posts.map((p) => p.counts[s.value] ?? 0),
      })),
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [posts, statuses]);
  return <div ref={ref} role="img" aria-label="各岗位报名人数按状态分布图" style={{ width: '100%', height: Math.max(220, 60 + posts.length * 44) }} />;
}
