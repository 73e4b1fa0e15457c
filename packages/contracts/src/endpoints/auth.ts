import { z } from 'zod';
import { emptyInput, idOf, okOutput, postEndpoint } from '../api.js';
import { areAllowedImageUrls } from '../file-url.js';
import { optionalEmailSchema, optionalPhoneSchema, passwordSchema } from '../validation.js';
import { companySummary } from './company.js';
import { staffRow } from './staff.js';

/** The signed-in staff member, with what the navbar shows and what the pages may do. */
export const sessionUser = staffRow.pick({ id: true, name: true, loginAccount: true, phone: true, email: true, roleId: true, roleName: true }).extend({
  nickName: z.string(),
  userHead: z.string(),
  company: companySummary,
  permissions: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginCompany = companySummary.pick({ id: true, name: true, logo: true });

/** What a sign-in answers: the session's token and the short form of the session user. */
export const loginUser = sessionUser
  .pick({ id: true, nickName: true, userHead: true, permissions: true })
  .extend({ token: z.string(), company: loginCompany });
export type LoginUser = z.infer<typeof loginUser>;

export const companyLogin = postEndpoint('/app/company/companyLogin', {
  auth: false,
  input: z.object({
    loginAccount: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(50, '账号最长 50 个字符'),
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码最长 64 位'),
  }),
  output: loginUser,
});

export const getCompanyUserInfo = postEndpoint('/admin/company/getCompanyUserInfo', {
  input: z.object({
    token: z.string().optional(),
    roleId: idOf('角色').optional(),
  }),
  output: sessionUser,
});

export const logout = postEndpoint('/user/logout', { input: emptyInput, output: okOutput });

export const updateMyInfo = postEndpoint('/admin/company/updateMyInfo', {
  input: z.object({
    name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(30, '姓名最长 30 个字符'),
    userHead: z.string().trim().max(500, '头像地址过长').refine(areAllowedImageUrls, '头像地址不正确').default(''),
    phone: optionalPhoneSchema,
    email: optionalEmailSchema,
  }),
  output: okOutput,
});

export const updatePassword = postEndpoint('/admin/company/updatePassword', {
  input: z.object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码'),
    newPassword: passwordSchema,
  }),
  output: okOutput,
});

export const sendResetCode = postEndpoint('/app/company/sendResetCode', {
  auth: false,
  input: z.object({
    loginAccount: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(50, '账号最长 50 个字符'),
  }),
  output: z.object({ maskedEmail: z.string() }),
});

export const resetPassword = postEndpoint('/app/company/resetPassword', {
  auth: false,
  input: z.object({
    loginAccount: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(50, '账号最长 50 个字符'),
    code: z.string({ error: '请输入验证码' }).trim().regex(/^\d{6}$/, '请输入 6 位数字验证码'),
    newPassword: passwordSchema,
  }),
  output: okOutput,
});
