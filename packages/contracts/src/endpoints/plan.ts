import { z } from 'zod';
import { chinaDateTimeText } from '../china-time.js';
import { tieBreakLink } from './tie-break.js';
import { allListEndpoint, deleteById, idOf, keywordFilter, okOutput, pagedListEndpoint, postEndpoint } from '../api.js';

/** Plan status: 草稿 → 已发布 → 已结束 (and back to 已发布 to reopen). */
export const PLAN_STATUSES = ['draft', 'published', 'closed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = { draft: '草稿', published: '已发布', closed: '已结束' };

/** Allowed moves: draft → published, published ⇄ closed; back to draft only while nobody has applied (the server counts). */
export const PLAN_STATUS_NEXT: Record<PlanStatus, readonly PlanStatus[]> = {
  draft: ['published'],
  published: ['closed', 'draft'],
  closed: ['published', 'draft'],
};

export const planRow = z.object({
  id: z.number().int(),
  name: z.string(),
  signUpStartDate: chinaDateTimeText,
  signUpEndDate: chinaDateTimeText,
  writtenStartDate: chinaDateTimeText,
  writtenExamAddress: z.string(),
  auditionStartDate: chinaDateTimeText,
  auditionExamAddress: z.string(),
  writtenFullMarks: z.string(),
  auditionFullMarks: z.string(),
  compositeWeight: z.string(),
  interviewEntryRatio: z.number().int(),
  /** 开考比例 ('3.0'): a post's sign-up passes below places × this are flagged. */
  minExamRatio: z.string(),
  /** 合格分数线 ('60.00'), null for none. */
  writtenPassLine: z.string().nullable(),
  /** 面试合格线 ('60.00'), null for none: those below it are not 拟录用. */
  interviewPassLine: z.string().nullable(),
  /** Cents. */
  registrationFee: z.number().int(),
  /** Yuan with two decimals. */
  registrationFeeY: z.string(),
  /** 缴费方式: true when the fee is paid after the sign-up review passed, within `feePayDays`; false before the review. */
  feeAfterReview: z.boolean(),
  feePayDays: z.number().int(),
  /** 证件照要求 (the contracts' PhotoRule, see `photoRuleOf`). */
  photoWidth: z.number().int(),
  photoHeight: z.number().int(),
  photoMinKb: z.number().int(),
  photoMaxKb: z.number().int(),
  /** 录用环节: the gate stages the plan runs (GATE_STAGE_TABLE's), ascending. */
  gates: z.array(z.number().int()),
  publicityDays: z.number().int(),
  /** 成绩复查期限 (days after a stage's publication; 0: no re-checks). */
  recheckDays: z.number().int(),
  /** 同分排序: the links after the composite score (tie-break.ts), and whether those still tied at the cut-off take a 加试. */
  tieBreakChain: z.array(tieBreakLink),
  extraTestOnTie: z.boolean(),
  status: z.enum(PLAN_STATUSES),
  remark: z.string(),
  postCount: z.number().int(),
  applicationCount: z.number().int(),
  createdAt: z.string(),
  /** 关闭报名: when and by whom the sign-up stage was closed; null while it is open. */
  signUpClosed: z.object({ closedAt: chinaDateTimeText, closedBy: z.string() }).nullable(),
});
export type PlanRow = z.infer<typeof planRow>;

export const planList = pagedListEndpoint('/recruitment/recruitmentPlanExpand/allList', {
  filters: { keyword: keywordFilter, status: z.enum(PLAN_STATUSES, { error: '计划状态不正确' }).optional() },
  row: planRow,
});

export const planOption = z.object({ id: z.number().int(), name: z.string(), status: z.enum(PLAN_STATUSES) });
export type PlanOption = z.infer<typeof planOption>;

/** Every plan of the company, newest first, for choosing one (post list, workflow...). */
export const planOptions = allListEndpoint('/recruitment/recruitmentPlanExpand/options', planOption);

export const setPlanStatus = postEndpoint('/recruitment/recruitmentPlanExpand/updateStatus/:id', {
  permissions: ['plan:edit'],
  input: z.object({ id: idOf('招录计划'), status: z.enum(PLAN_STATUSES, { error: '计划状态不正确' }) }),
  output: okOutput,
});

/**
 * 关闭报名: ends the plan's sign-up stage for good — no more applications, resubmissions or sign-up
 * reviews — which the exams need before tickets are issued or results published. Refused while applications still
 * wait for their sign-up review. Open to whoever runs the plan or its exams (the ticket page offers it too).
 */
/** The confirmation before 关闭报名 (plan list, ticket pages). */
export const closeSignUpQuestion = (planName: string) =>
  `关闭“${planName}”的报名？关闭后考生不能再报名或修改后重新提交，报名资格审核随之结束；此操作不能撤销。关闭报名后才能发放准考证、发布成绩。`;

export const closePlanSignUp = postEndpoint('/recruitment/recruitmentPlanExpand/closeSignUp/:id', {
  permissions: ['plan:edit', 'review:written', 'review:audition'],
  input: z.object({ id: idOf('招录计划') }),
  output: z.object({ closedAt: chinaDateTimeText, closedBy: z.string() }),
});

export const deletePlan = deleteById('/recruitment/recruitmentPlanExpand/delete/:id', '招录计划', 'plan:edit');

