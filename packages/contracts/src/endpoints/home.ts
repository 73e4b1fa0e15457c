import { z } from 'zod';
import { emptyInput, getEndpoint, idOf } from '../api.js';
import { companySummary } from './company.js';

export const heldRight = z.object({ functionCode: z.string(), name: z.string(), validUntil: z.string() });

/** A right whose validity ends within this many days is shown as about to expire on the home page. */
export const RIGHT_EXPIRY_WARNING_DAYS = 30;

/** A plan not yet closed, as the home page lists it. */
export const homePlan = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  signUpStartDate: z.string(),
  signUpEndDate: z.string(),
  writtenStartDate: z.string(),
  auditionStartDate: z.string(),
  applicationCount: z.number().int(),
});
export type HomePlan = z.infer<typeof homePlan>;

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
    /** The company's plans that are not closed, newest first (at most HOME_PLAN_LIMIT), and how many there are. */
    openPlans: z.array(homePlan),
    openPlanCount: z.number().int(),
    /** Applications waiting for the caller's decision, per stage (1 sign-up review, 2 written, 3 interview), as 待审核 counts them. */
    waitingForMe: z.object({ signup: z.number().int(), written: z.number().int(), interview: z.number().int() }),
    unreadMessages: z.number().int(),
  }),
});

export const HOME_PLAN_LIMIT = 5;

/** SPEC §6: a non-empty list means the company holds the function. */
export const buyTalentFunction = getEndpoint('/open/meal/buyTalentFunction/:functionName/:companyId', {
  input: z.object({
    functionName: z.string().max(50, '功能名称最长 50 个字符'),
    companyId: idOf('单位'),
  }),
  output: z.array(heldRight),
});
