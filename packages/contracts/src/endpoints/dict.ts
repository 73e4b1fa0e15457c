import { z } from 'zod';
import { endpoint } from '../api.js';
import { DICT_TYPES } from '../dict.js';

export const dictEntry = z.object({ label: z.string(), value: z.string() });
export type DictEntry = z.infer<typeof dictEntry>;

const dictType = z.enum(DICT_TYPES, { error: '字典类型不存在' });

export const listSysDictByType = endpoint({
  method: 'GET',
  path: '/admin/sys/listSysDictByType',
  input: z.object({ type: dictType }),
  output: z.array(dictEntry),
});

/** Public: the login page and footer read basis_config before anyone signs in. */
export const listDictByType = endpoint({
  method: 'GET',
  path: '/sys/sysDict/listDictByType',
  auth: false,
  input: z.object({ type: z.literal('basis_config', { error: '只能查询 basis_config' }) }),
  output: z.array(dictEntry),
});

/** Label/value pairs read from a company table; only the tables and fields listed are allowed. */
export const DICT_TABLES = {
  staff_user: ['name', 'login_account'],
  sys_role: ['name'],
} as const;

export const listSysDictByTable = endpoint({
  method: 'GET',
  path: '/admin/sys/listSysDictByTable/:table/:field/:text',
  input: z
    .object({
      table: z.string(),
      field: z.string(),
      text: z.string().max(50, '查询内容最长 50 个字符'),
    })
    .refine(
      // Own keys only: `constructor` or `__proto__` must not reach a prototype member.
      (v) => Object.hasOwn(DICT_TABLES, v.table) && (DICT_TABLES as Record<string, readonly string[]>)[v.table]!.includes(v.field),
      '不支持查询该表或字段',
    ),
  output: z.array(dictEntry),
});
