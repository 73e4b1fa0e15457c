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
  /** The password was set by someone else (initial or reset): nothing else works until the user chooses their own. */
  passwordMustChange: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginCompany = companySummary.pick({ id: true, name: true, logo: true });

/** What a sign-in answers: the session's token and the short form of the session user. */
export const loginUser = sessionUser
  .pick({ id: true, nickName: true, userHead: true, permissions: true, passwordMustChange: true })
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

export const PASSWORD_MUST_CHANGE_MESSAGE = '您的密码是他人设置的初始密码或重置密码，请先修改密码再继续使用';

export const getCompanyUserInfo = postEndpoint('/admin/company/getCompanyUserInfo', {
  reads: true,
  beforeOwnPassword: true,
  input: z.object({
    token: z.string().optional(),
    roleId: idOf('角色').optional(),
  }),
  output: sessionUser,
});

/**
 * Ends the caller's session if it still lives, and clears the browser's session cookie whatever its state: after
 * SPEC §8's 确认注销 › 重新登录 the cookie of an expired or ended session must not stay behind. So it needs no session.
 */
export const logout = postEndpoint('/user/logout', { auth: false, input: emptyInput, output: okOutput });

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
  beforeOwnPassword: true,
  input: z.object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码'),
    newPassword: passwordSchema,
  }),
  output: okOutput,
});

/**
 * The one answer of sendResetCode, whether the account exists, is disabled, has no e-mail address or was sent a
 * code a moment ago: the call must not tell anyone which accounts there are.
 */
export const RESET_CODE_SENT_MESSAGE = '如果该账号存在、未停用且绑定了邮箱，验证码已发送到绑定的邮箱，10 分钟内有效；1 分钟内只发送一次。未收到请联系单位管理员重置密码';

export const sendResetCode = postEndpoint('/app/company/sendResetCode', {
  auth: false,
  input: z.object({
    loginAccount: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(50, '账号最长 50 个字符'),
  }),
  output: okOutput,
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
