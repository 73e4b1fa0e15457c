import { z } from 'zod';
import { emptyInput, getEndpoint, idOf } from '../api.js';
import { companySummary } from './company.js';

export const heldRight = z.object({ functionCode: z.string(), name: z.string(), validUntil: z.string() });

export const homeOverview = getEndpoint('/admin/home/overview', {
  input: emptyInput,
  output: z.object({
    company: companySummary,
    /** Null for a user without the wallet:view permission. */
    wallet: z.object({ totalBalance: z.number().int() }).nullable(),
    staffCount: z.number().int(),
    enabledStaffCount: z.number().int(),
    roleCount: z.number().int(),
    fileCount: z.number().int(),
    rights: z.array(heldRight),
  }),
});

/** SPEC §6: a non-empty list means the company holds the function. */
export const buyTalentFunction = getEndpoint('/open/meal/buyTalentFunction/:functionName/:companyId', {
  input: z.object({
    functionName: z.string().max(50, '功能名称最长 50 个字符'),
    companyId: idOf('单位'),
  }),
  output: z.array(heldRight),
});
