import { z } from 'zod';
import { emptyInput, getEndpoint, idOf, okOutput, postEndpoint } from '../api.js';
import { areAllowedImageUrls } from '../file-url.js';

export const loginPageSetting = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  /** What the login page shows: its own logo, else the company's. */
  logo: z.string(),
  /** The login page's own logo ('' when it shows the company's). */
  loginLogo: z.string(),
  /** The company's logo, set in 设置单位信息. */
  companyLogo: z.string(),
  title: z.string(),
  subtitle: z.string(),
  background: z.string(),
});
export type LoginPageSetting = z.infer<typeof loginPageSetting>;

/** Public: what /login?id=<companyId> shows. Null when the company set nothing or does not exist. */
export const companyLoginPage = getEndpoint('/app/company/loginPage/:companyId', {
  auth: false,
  input: z.object({
    companyId: idOf('单位'),
  }),
  output: loginPageSetting.nullable(),
});

export const loginPageDetail = getEndpoint('/admin/setting/loginPage', { input: emptyInput, output: loginPageSetting });

export const saveLoginPage = postEndpoint('/admin/setting/loginPage/save', {
  permissions: ['settings:edit'],
  input: z.object({
    title: z.string({ error: '请输入登录页标题' }).trim().min(1, '请输入登录页标题').max(40, '登录页标题最长 40 个字符'),
    subtitle: z.string({ error: '副标题格式不正确' }).trim().max(100, '副标题最长 100 个字符').default(''),
    background: z
      .string({ error: '背景图地址格式不正确' })
      .trim()
      .max(500, '背景图地址过长')
      .refine(areAllowedImageUrls, '背景图地址不正确')
      .default(''),
    loginLogo: z
      .string({ error: '登录页标志地址格式不正确' })
      .trim()
      .max(500, '登录页标志地址过长')
      .refine((url) => !url.includes(',') && areAllowedImageUrls(url), '登录页标志地址不正确')
      .default(''),
  }),
  output: okOutput,
});
