import { z } from 'zod';
import { getEndpoint } from '../api.js';
import { DICT_TYPES } from '../dict.js';
import type { Permission } from '../permissions.js';

export const dictEntry = z.object({ label: z.string(), value: z.string() });
export type DictEntry = z.infer<typeof dictEntry>;

const dictType = z.enum(DICT_TYPES, { error: '字典类型不存在' });

export const listSysDictByType = getEndpoint('/admin/sys/listSysDictByType', {
  input: z.object({ type: dictType }),
  output: z.array(dictEntry),
});

/** Public: the login page and footer read basis_config before anyone signs in. */
export const listDictByType = getEndpoint('/sys/sysDict/listDictByType', {
  auth: false,
  input: z.object({ type: z.literal('basis_config', { error: '只能查询 basis_config' }) }),
  output: z.array(dictEntry),
});

/**
 * Label/value pairs read from a company table: only the tables and fields listed are allowed, each
 * for the permissions of the page that lists those records (staff and roles: 添加工作人员).
 */
export const DICT_TABLES = {
  staff_user: { name: ['staff:manage'], login_account: ['staff:manage'] },
  sys_role: { name: ['staff:manage'] },
} as const satisfies Record<string, Record<string, readonly Permission[]>>;

/** The permissions that may read `table`/`field`, or null when the pair is not allowed at all. */
export function dictTablePermissions(table: string, field: string): readonly Permission[] | null {
  // Own keys only: `constructor` or `__proto__` must not reach a prototype member.
  if (!Object.hasOwn(DICT_TABLES, table)) return null;
  const fields: Record<string, readonly Permission[]> = DICT_TABLES[table as keyof typeof DICT_TABLES];
  return Object.hasOwn(fields, field) ? fields[field]! : null;
}

export const listSysDictByTable = getEndpoint('/admin/sys/listSysDictByTable/:table/:field/:text', {
  input: z
    .object({
      table: z.string(),
      field: z.string(),
      text: z.string().max(50, '查询内容最长 50 个字符'),
    })
    .refine((v) => dictTablePermissions(v.table, v.field) !== null, '不支持查询该表或字段'),
  output: z.array(dictEntry),
});
