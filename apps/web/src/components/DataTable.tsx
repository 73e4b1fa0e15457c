import { Table, type TableProps, type TableRef } from 'antd';
import { useEffect, useRef } from 'react';

type Props<Row> = TableProps<Row> & {
  /** Names the table's scrolling area for screen readers, e.g. “报名人员列表”. */
  label: string;
};

/**
 * antd's Table, whose scrolling area (with `scroll`) can be reached and scrolled with the keyboard and is named for
 * screen readers (WCAG 2.1.1; axe's scrollable-region-focusable). antd offers no prop for that element, so the
 * attributes are set on it after each render. Use it for every table.
 */
export function DataTable<Row extends object>({ label, ...props }: Props<Row>) {
  const ref = useRef<TableRef>(null);
  const scrolls = props.scroll !== undefined;
  useEffect(() => {
    if (!scrolls) return;
    for (const area of ref.current?.nativeElement.querySelectorAll('.ant-table-content, .ant-table-body') ?? []) {
      area.setAttribute('tabindex', '0');
      area.setAttribute('role', 'region');
      area.setAttribute('aria-label', label);
    }
    // antd measures the columns with a hidden copy of the header (aria-hidden), select-all checkbox included: keep that
    // copy out of the keyboard's reach too (axe's aria-hidden-focus).
    for (const row of ref.current?.nativeElement.querySelectorAll('.ant-table-measure-row') ?? []) row.setAttribute('inert', '');
  });
  return <Table<Row> ref={ref} {...props} />;
}
