import { z } from 'zod';
import { requiredText } from '../validation.js';
import { deleteById, emptyInput, getEndpoint, idOf, idOutput, okOutput, postEndpoint } from '../api.js';
import { areAllowedImageUrls } from '../file-url.js';

/** The company as the signed-in user's pages show it: navbar, home page. */
export const companySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  industryName: z.string(),
  address: z.string(),
});

/** The company page: the summary with the industry's code and the texts. */
export const companyInfo = companySummary.extend({
  industry: z.string(),
  introduce: z.string(),
  manageIdea: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const companyInfoDetail = getEndpoint('/admin/company/companyInfo', { input: emptyInput, output: companyInfo });

export const saveCompanyInfo = postEndpoint('/admin/company/companyInfo/save', {
  permissions: ['company:edit'],
  input: z.object({
    name: z.string({ error: '请输入单位名称' }).trim().min(2, '单位名称至少 2 个字').max(60, '单位名称最长 60 个字'),
    logo: z
      .string({ error: '单位标志地址不正确' })
      .trim()
      .max(500, '单位标志地址过长')
      .refine(areAllowedImageUrls, '单位标志地址不正确')
      .default(''),
    industry: z.string({ error: '请选择所属行业' }).trim().min(1, '请选择所属行业').max(40, '所属行业不正确'),
    address: requiredText('单位地址', 200),
    introduce: z.string({ error: '单位简介必须是文字' }).trim().max(5000, '单位简介最长 5000 个字').default(''),
    manageIdea: z.string({ error: '管理理念必须是文字' }).trim().max(1000, '管理理念最长 1000 个字').default(''),
  }),
  output: okOutput,
});

export interface OrgNode {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  staffCount: number;
  postCount: number;
  children: OrgNode[];
}
export const orgNode: z.ZodType<OrgNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    sort: z.number().int(),
    staffCount: z.number().int(),
    postCount: z.number().int(),
    children: z.array(orgNode),
  }),
);

export const orgTree = postEndpoint('/company/sysOrg/treeList', { reads: true, input: emptyInput, output: z.array(orgNode) });

export const saveOrg = postEndpoint('/company/sysOrg/save', {
  permissions: ['org:manage'],
  input: z.object({
    id: idOf('部门').optional(),
    parentId: idOf('上级部门').nullable().default(null),
    name: requiredText('部门名称', 30),
    sort: z.coerce.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于 0').max(9999, '排序不能大于 9999').default(0),
  }),
  output: idOutput,
});

export const deleteOrg = deleteById('/company/sysOrg/delete/:id', '部门', 'org:manage');
