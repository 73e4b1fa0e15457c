import type { DrawGroupRow, drawGroupPost } from '@zhaokao/contracts';
import type { z } from 'zod';
import { formatTime } from '../../../lib/time';

export type DrawPost = z.infer<typeof drawGroupPost>;

/** A date picker or day chooser left empty. */
export const DATE_MISSING = '请选择面试日期';

/** A post as the group form offers it: name, department, candidates at the interview now. */
export const postLabel = (p: DrawPost) => `${p.jobVacancy}${p.departmentName ? `（${p.departmentName}）` : ''} · ${p.candidates} 人`;

/** A seat's name: 主考官, or 考官 N (its score item). */
export const seatName = (seat: number, workItem: string) => (seat === 0 ? '主考官' : `考官 ${seat}${workItem ? `（${workItem}）` : ''}`);

/** Who drew and when, for a draw's tooltip. */
export const drawnByText = (by: string | null, at: string | null) => (at ? `${by ?? ''} ${formatTime(at)} 抽取` : '');

/** Whether the group's order and examiners are drawn. */
export const orderDrawn = (g: DrawGroupRow) => g.orderSeed !== null;
export const examinersDrawn = (g: DrawGroupRow) => g.examinerSeed !== null;

/** The days the plan's groups meet, in order, with how many groups each. */
export function groupDays(groups: readonly DrawGroupRow[]): { date: string; groups: number }[] {
  const counts = new Map<string, number>();
  for (const g of groups) counts.set(g.date, (counts.get(g.date) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([date, n]) => ({ date, groups: n }));
}
