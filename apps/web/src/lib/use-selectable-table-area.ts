import { useEffect, useRef } from 'react';

/**
 * For the element around an antd Table with row selection: antd copies the header (its select-all box included)
 * into a hidden row that measures column widths; a box in that aria-hidden row must not be reachable by Tab
 * (axe: aria-hidden-focus). Answers the ref to put on the element.
 */
export function useSelectableTableArea() {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const box of area.current?.querySelectorAll('.ant-table-measure-row input') ?? []) box.setAttribute('tabindex', '-1');
  });
  return area;
}
