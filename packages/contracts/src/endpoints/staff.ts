import { z } from 'zod';
import { deleteById, emptyInput, idOf, idOutput, keywordFilter, okOutput, pagedListEndpoint, postEndpoint } from '../api.js';
import { PERMISSIONS, type Permission } from '../permissions.js';
import { PHONE_PATTERN, optionalEmailSchema, passwordSchema, requiredText } from '../validation.js';

const permissionCodes = Object.keys(PERMISSIONS) as [Permission, ...Permission[]];

/** A role needs at least one permission. */
export const ROLE_PERMISSIONS_MESSAGE = '请至少选择一项权限';

export const roleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
  isAdmin: z.boolean(),
  staffCount: z.number().int(),
});
export type RoleRow = z.infer<typeof roleRow>;

export const roleList = postEndpoint('/company/sysRole/list', { reads: true, input: emptyInput, output: z.array(roleRow) });

export const saveRole = postEndpoint('/company/sysRole/save', {
  permissions: ['staff:manage'],
  input: z.object({
    id: idOf('角色').optional(),
    name: requiredText('角色名称', 20),
    permissions: z
      .array(z.enum(permissionCodes, { error: '权限不存在' }), { error: '请选择权限' })
      .min(1, ROLE_PERMISSIONS_MESSAGE),
  }),
  output: idOutput,
});

export const deleteRole = deleteById('/company/sysRole/delete/:id', '角色', 'staff:manage');

export const staffRow = z.object({
  id: z.number().int(),
  name: z.string(),
  loginAccount: z.string(),
  phone: z.string(),
  email: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof staffRow>;

export const staffList = pagedListEndpoint('/company/userInfo/list', {
  permissions: ['staff:manage'],
  filters: {
    keyword: keywordFilter,
    departmentId: idOf('部门').optional(),
    roleId: idOf('角色').optional(),
    enabled: z.boolean({ error: '状态不正确' }).optional(),
  },
  row: staffRow,
});

/** A staff member's fields; the web form checks each with these. */
export const staffFields = {
  name: requiredText('姓名', 30),
  loginAccount: z
    .string({ error: '请输入登录账号' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{3,29}$/, '登录账号为 4 到 30 位字母、数字、下划线、点或短横线，以字母开头'),
  phone: z.string({ error: '请输入手机号码' }).trim().regex(PHONE_PATTERN, '请输入正确的手机号码'),
  email: optionalEmailSchema,
  departmentId: idOf('部门').nullable().default(null),
  roleId: idOf('角色'),
  enabled: z.boolean({ error: '状态不正确' }).default(true),
};

/** A new staff member needs an initial password (an edit keeps the password). */
export const INITIAL_PASSWORD_MESSAGE = '请输入初始密码';

export const saveStaff = postEndpoint('/company/userInfo/save', {
  permissions: ['staff:manage'],
  // One object rather than a union of "edit" and "add": a union whose branches both fail reports zod's
  // English "Invalid input" instead of the field's message. The password is only used when adding.
  input: z
    .object({ id: idOf('工作人员').optional(), ...staffFields, password: passwordSchema.optional() })
    .refine((v) => v.id !== undefined || v.password !== undefined, { message: INITIAL_PASSWORD_MESSAGE, path: ['password'] }),
  output: idOutput,
});

export const resetStaffPassword = postEndpoint('/company/userInfo/resetPassword/:id', {
  permissions: ['staff:manage'],
  input: z.object({ id: idOf('工作人员'), newPassword: passwordSchema }),
  output: okOutput,
});

export const setStaffEnabled = postEndpoint('/company/userInfo/setEnabled/:id', {
  permissions: ['staff:manage'],
  input: z.object({ id: idOf('工作人员'), enabled: z.boolean({ error: '状态不正确' }) }),
  output: okOutput,
});
