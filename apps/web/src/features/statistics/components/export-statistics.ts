import type { StatisticsPostRow } from '@zhaokao/contracts';

/** The table as an .xlsx file (write-excel-file, loaded only when someone exports). */
export async function exportStatistics(
  fileName: string,
  posts: StatisticsPostRow[],
  totals: { total: number; counts: Record<string, number>; places: number },
  statuses: { value: string; label: string }[],
) {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = ['岗位', '招录人数', '报名人数', ...statuses.map((s) => s.label)].map((value) => ({ value, fontWeight: 'bold' as const }));
  const rows = posts.map((p) => [p.jobVacancy, p.places, p.total, ...statuses.map((s) => p.counts[s.value] ?? 0)]);
  const sum = ['合计', totals.places, totals.total, ...statuses.map((s) => totals.counts[s.value] ?? 0)];
  await writeXlsxFile([header, ...rows, sum], {
    sheet: '人数统计',
    columns: [{ width: 22 }, { width: 10 }, { width: 10 }, ...statuses.map(() => ({ width: 14 }))],
    stickyRowsCount: 1,
  }).toFile(fileName);
}
