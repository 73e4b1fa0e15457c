import type { ReactNode } from 'react';

/** A list's 操作 column, fixed at the right edge; no column at all for a user who may not act (`shown` false). */
export const actionsColumn = <Row>(shown: boolean, column: { width: number; render: (row: Row) => ReactNode }) =>
  shown
    ? [{ title: '操作', key: 'actions', width: column.width, fixed: 'right' as const, render: (_: unknown, row: Row) => column.render(row) }]
    : [];

/** The sum of the columns' widths: a table's horizontal scroll, so that it scrolls only where the columns do not fit. */
export const widthOf = (columns: readonly { width?: number | string }[]) =>
  columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);
