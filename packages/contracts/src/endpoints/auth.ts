import { z } from 'zod';
import { endpoint, idOf, okOutput } from '../api.js';
import { areAllowedImageUrls } from '../file-url.js';
import { optionalEmailSchema, optionalPhoneSchema, passwordSchema } from '../validation.js';
import { companySummary } from './company.js';

export const loginCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
});

export const loginUser = z.object({
  token: z.string(),
  id: z.number().int(),
  nickName: z.string(),
  userHead: z.string(),
  company: loginCompany,
  permissions: z.array(z.string()),
});
export type LoginUser = z.infer<typeof loginUser>;

export const companyLogin = endpoint({
  method: 'POST',
  path: '/app/company/companyLogin',
  auth: false,
  input: z.object({
    loginAccount: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(50, '账号最长 50 个字符'),
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码最长 64 位'),
  }),
  output: loginUser,
});

export const sessionUser = z.object({
  id: z.number().int(),
  name: z.string(),
  nickName: z.string(),
  userHead: z.string(),
  loginAccount: z.string(),
  phone: z.string(),
  email: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  company: companySummary,
  permissions: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const getCompanyUserInfo = endpoint({
  method: 'POST',
  path: '/admin/company/getCompanyUserInfo',
  input: z.object({
    token: z.string().optional(),
    roleId: idOf('角色').optional(),
  }),
  output: sessionUser,
});

export const logout = endpoint({
  method: 'POST',
  path: '/user/logout',
  input: z.object({}),
  output: okOutput,
});

export const updateMyInfo = endpoint({
  method: 'POST',
  path: '/admin/company/updateMyInfo',
  input: z.object({
    name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(30, '姓名最长 30 个字符'),
    userHead: z.string().trim().max(500, '头像地址过长').refine(areAllowedImageUrls, '头像地址不正确').default(''),
    phone: optionalPhoneSchema,
    email: optionalEmailSchema,
  }),
  output: okOutput,
});

export const updatePassword = endpoint({
  method: 'POST',
  path: '/admin/company/updatePassword',
  input: z.object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码'),
    newPassword: passwordSchema,
  }),
  output: okOutput,
});

export const sendResetCode = endpoint({
  method: 'POST',
  path: '/app/company/sendResetCode',
  auth: false,
  input: z.object({
    loginAccount: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(50, '账号最长 50 个字符'),
  }),
  output: z.object({ maskedEmail: z.string() }),
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/app/company/resetPassword',
  auth: false,
  input: z.object({
    loginAccount: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(50, '账号最长 50 个字符'),
    code: z.string({ error: '请输入验证码' }).trim().regex(/^\d{6}$/, '请输入 6 位数字验证码'),
    newPassword: passwordSchema,
  }),
  output: okOutput,
});
