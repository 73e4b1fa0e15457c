import { type OrgNode, orgTree } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client';

/** The company's departments: their own page edits them, staff and posts choose from them. */
export const departmentTreeKey = ['department-tree'];

export const useDepartmentTree = () => useQuery({ queryKey: departmentTreeKey, queryFn: () => call(orgTree, {}) });

export type DepartmentOption = { title: string; value: number; disabled?: boolean; children: DepartmentOption[] };

/** TreeSelect options; `blockedId` and everything below it are disabled. */
export function departmentOptions(nodes: OrgNode[], blockedId?: number, inside = false): DepartmentOption[] {
  return nodes.map((n) => {
    const blocked = inside || n.id === blockedId;
    return { title: n.name, value: n.id, disabled: blocked, children: departmentOptions(n.children, blockedId, blocked) };
  });
}
