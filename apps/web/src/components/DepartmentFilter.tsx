import { TreeSelect } from 'antd';
import { departmentOptions, useDepartmentTree } from '../lib/options';

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
