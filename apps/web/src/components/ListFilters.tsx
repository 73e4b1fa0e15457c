// Search alone: antd's Input index also brings TextArea, Password and OTP, which a list's search bar does not show.
import Search from 'antd/es/input/Search';
import { useState } from 'react';
import type { FilterProps } from './SelectFilter';

/**
 * The filters above a list (see lib/use-paged-list.ts): each shows the value in effect, from the address.
 * SelectFilter.tsx and DepartmentFilter.tsx hold the other two, so that a page loads only the controls it shows.
 */

export { SelectFilter } from './SelectFilter';

/** A search box: what is typed stays in the box until searched (Enter, the button, or clearing it). */
export function SearchFilter({ label, placeholder, width, value = '', maxLength = 50, onChange }: FilterProps<string> & {
  maxLength?: number;
  /** The trimmed text, when searched. */
  onChange(keyword: string): void;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  return (
    <Search
      allowClear
      aria-label={label}
      placeholder={placeholder}
      maxLength={maxLength}
      style={{ width }}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onChange(v.trim())}
    />
  );
}
