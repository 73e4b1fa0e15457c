import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ChartSeries {
  name: string;
  colour: string;
  data: number[];
}

/** Horizontal bars, one per category, stacked by series; `label` describes the chart for screen readers. */
export function StackedBarChart({ label, categories, series }: { label: string; categories: string[]; series: ChartSeries[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el);
    chart.setOption({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 8, right: 24, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: categories, axisLabel: { width: 140, overflow: 'truncate' } },
      series: series.map((s) => ({
        name: s.name,
        type: 'bar',
        stack: 'total',
        barMaxWidth: 28,
        itemStyle: { color: s.colour },
        emphasis: { focus: 'series' },
        data: s.data,
      })),
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [categories, series]);
  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height: Math.max(220, 60 + categories.length * 44) }} />;
}
