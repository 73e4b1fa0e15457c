import { z } from 'zod';
import { emptyInput, idOf, idOutput, okOutput, postEndpoint } from '../api.js';
import { passwordSchema, requiredText } from '../validation.js';
import { loginUser } from './auth.js';
import { staffFields } from './staff.js';

/**
 * 公司管理 (issue 12): a headquarters (总部) and its subordinate units (下属单位). Each unit is a company of its own
 * (a tenant, DESIGN §4) with its own staff; one level only. The headquarters' staff holding `company:edit` add units,
 * edit their basic information and enter them: entering signs the caller in to the unit through a linked account of
 * their own there (made on the first entry, with the unit's administrator role, without a password of its own), and
 * a linked account returns to the headquarters the same way. A unit's own staff see their own company only; any
 * company that is neither mine nor one of my headquarters' units does not exist for them (404 “单位不存在”).
 */
export const UNIT_MISSING = '单位不存在';

export const companyUnitRow = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  industry: z.string(),
  industryName: z.string(),
  /** The unit's own staff (linked accounts of the headquarters' staff not counted). */
  staffCount: z.number().int(),
  planCount: z.number().int(),
  createdAt: z.string(),
  /** The headquarters itself (the first row). */
  headquarters: z.boolean(),
  /** The company the caller is signed in to. */
  current: z.boolean(),
  /** A unit the caller has entered before (their linked account there exists). */
  entered: z.boolean(),
});
export type CompanyUnitRow = z.infer<typeof companyUnitRow>;

/**
 * The headquarters first, then its units by creation. A linked account sees what its headquarters' staff member sees;
 * a unit's own staff see their own company only.
 */
export const companyUnitList = postEndpoint('/admin/company/unit/list', { reads: true, input: emptyInput, output: z.array(companyUnitRow) });

/** A unit's basic information, checked as the company page checks it; the name is unique among the headquarters' units. */
const unitFields = {
  name: z.string({ error: '请输入单位名称' }).trim().min(2, '单位名称至少 2 个字').max(60, '单位名称最长 60 个字'),
  industry: z.string({ error: '请选择所属行业' }).trim().min(1, '请选择所属行业').max(40, '所属行业不正确'),
  address: requiredText('单位地址', 200),
};

export const addSubordinateCompany = postEndpoint('/admin/company/addSubordinateCompany', {
  permissions: ['company:edit'],
  input: z.object({
    ...unitFields,
    /** The unit's first administrator, who signs in with this account and password. */
    adminLoginAccount: staffFields.loginAccount,
    adminName: staffFields.name,
    adminPhone: staffFields.phone,
    adminPassword: passwordSchema,
  }),
  output: idOutput,
});

export const saveSubordinateCompany = postEndpoint('/admin/company/unit/save/:id', {
  permissions: ['company:edit'],
  input: z.object({ id: idOf('单位'), ...unitFields }),
  output: okOutput,
});

/**
 * Ends the caller's session (this one only) and answers a new one, as a sign-in does: in the unit, as the caller's
 * linked account there; or, for a linked account, in the headquarters as its staff member. Needs `company:edit`
 * of the headquarters' staff member (checked by the server: a linked account's own role does not count).
 */
export const switchCompany = postEndpoint('/admin/company/switchCompany/:companyId', {
  input: z.object({ companyId: idOf('单位') }),
  output: loginUser,
});
