import { Select } from 'antd';

/** What every list filter takes (ListFilters.tsx). */
export interface FilterProps<V> {
  /** The accessible name, e.g. 按状态筛选. */
  label: string;
  placeholder: string;
  width: number;
  value: V | undefined;
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
