import { z } from 'zod';
import { endpoint, idOf, okOutput } from '../api.js';
import { areAllowedImageUrls } from '../file-url.js';

export const loginPageSetting = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  logo: z.string(),
  title: z.string(),
  subtitle: z.string(),
  background: z.string(),
});
export type LoginPageSetting = z.infer<typeof loginPageSetting>;

/** Public: what /login?id=<companyId> shows. Null when the company set nothing or does not exist. */
export const getLoginPage = endpoint({
  method: 'GET',
  path: '/app/company/loginPage/:companyId',
  auth: false,
  input: z.object({
    companyId: idOf('单位'),
  }),
  output: loginPageSetting.nullable(),
});

export const getMyLoginPage = endpoint({
  method: 'GET',
  path: '/admin/setting/loginPage',
  input: z.object({}),
  output: loginPageSetting,
});

export const saveLoginPage = endpoint({
  method: 'POST',
  path: '/admin/setting/loginPage/save',
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
  }),
  output: okOutput,
});
