import { Input, Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { departmentOptions, useDepartmentTree } from '../lib/options';

/** The filters above a list (see lib/use-paged-list.ts): each shows the value in effect, from the address. */

interface FilterProps<V> {
  /** The accessible name, e.g. 按状态筛选. */
  label: string;
  placeholder: string;
  width: number;
  value: V | undefined;
}

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
    <Input.Search
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

/** One value from a list, or none (全部…). */
export function SelectFilter<V extends string | number | boolean>({
  label,
  placeholder,
  width,
  value,
  options,
  loading,
  search = false,
  onChange,
}: FilterProps<V> & {
  options: { label: string; value: V }[];
  loading?: boolean;
  /** Typing narrows the options, for long lists. */
  search?: boolean;
  onChange(value: V | undefined): void;
}) {
  // antd's Select holds strings and numbers; a yes/no filter's values travel through it as text.
  const held = (v: V): string | number => (typeof v === 'boolean' ? String(v) : v);
  return (
    <Select<string | number>
      allowClear
      showSearch={search ? { optionFilterProp: 'label' } : undefined}
      aria-label={label}
      placeholder={placeholder}
      style={{ width }}
      loading={loading}
      value={value === undefined ? undefined : held(value)}
      options={options.map((o) => ({ label: o.label, value: held(o.value) }))}
      onChange={(chosen?: string | number) => onChange(options.find((o) => held(o.value) === chosen)?.value)}
    />
  );
}

/** A department of the company, or none (全部部门). */
export function DepartmentFilter({ value, onChange }: { value: number | undefined; onChange(departmentId: number | undefined): void }) {
  const { data: tree } = useDepartmentTree();
  return (
    <TreeSelect
      allowClear
      placeholder="全部部门"
      aria-label="按部门筛选"
      style={{ width: 180 }}
      treeDefaultExpandAll
      value={value}
      treeData={departmentOptions(tree ?? [])}
      onChange={(departmentId?: number) => onChange(departmentId)}
    />
  );
}
