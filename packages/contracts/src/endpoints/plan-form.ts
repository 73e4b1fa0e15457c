import { z } from 'zod';
import { requiredText } from '../validation.js';
import { idOf, idOutput, postEndpoint } from '../api.js';
import { yuanToCents } from '../money.js';
import { DEFAULT_PHOTO_RULE, type PhotoRule } from '../photo-rule.js';
import { DEFAULT_PUBLICITY_DAYS, GATE_STAGE_TABLE } from '../application-status.js';
import { chinaDateTimeToDate } from '../china-time.js';
import { DEFAULT_TIE_BREAK_CHAIN, tieBreakChain } from './tie-break.js';

/*
 * A plan's form (新增/编辑招录计划): its fields' rules and the save call. A module apart from plan.ts, whose statuses,
 * rows and options nearly every back-office page loads.
 */

const dateTimeSchema = (what: string) =>
  z
    .string({ error: `请选择${what}` })
    .trim()
    .min(1, `请选择${what}`)
    .refine((v) => chinaDateTimeToDate(v) !== null, `${what}格式不正确，应为 YYYY-MM-DD HH:mm`);

/** An exact decimal kept as a string: at most `places` decimals, within (0, max] or [0, max]. */
export const decimalSchema = (what: string, opts: { places: number; max: number; allowZero?: boolean; intDigits: number }) => {
  const pattern = new RegExp(`^\\d{1,${opts.intDigits}}(\\.\\d{1,${opts.places}})?$`);
  const bad = `${what}须为${opts.allowZero ? '不小于' : '大于'} 0 的数字，最多 ${opts.places} 位小数`;
  return z
    .union([z.string(), z.number()], { error: bad })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .regex(pattern, bad)
        .refine((v) => opts.allowZero || Number(v) > 0, bad)
        .refine((v) => Number(v) <= opts.max, `${what}不能大于 ${opts.max}`),
    );
};

const text = (what: string, max: number) =>
  z.string({ error: `${what}必须是文字` }).trim().max(max, `${what}最长 ${max} 个字`).default('');

export const MAX_REGISTRATION_FEE_YUAN = 10000;

/** 缴费方式 (`feeAfterReview`) as the form offers it. */
export const FEE_TIMING_OPTIONS = [
  { value: false, label: '审核前缴费' },
  { value: true, label: '审核通过后缴费' },
] as const;

/** A whole number within [min, max]; `unit` follows the range in the message ('天', '像素', 'KB '). */
const intBetween = (what: string, min: number, max: number, unit: string) =>
  z.coerce
    .number({ error: `${what}必须是数字` })
    .int(`${what}必须是整数`)
    .min(min, `${what}须在 ${min}–${max} ${unit}之间`)
    .max(max, `${what}须在 ${min}–${max} ${unit}之间`);

/** 成绩复查期限's default (days after a stage's publication). */
export const DEFAULT_RECHECK_DAYS = 3;

export const PHOTO_MIN_NOT_BELOW_MAX = '照片最小体积须小于最大体积';

/** A plan's fields as the form fills them; the form checks each with these (see the web's form-rules.ts). */
export const planFields = {
  name: requiredText('计划名称', 60),
  signUpStartDate: dateTimeSchema('报名开始时间'),
  signUpEndDate: dateTimeSchema('报名结束时间'),
  writtenStartDate: dateTimeSchema('笔试时间'),
  writtenExamAddress: text('笔试地点', 200),
  auditionStartDate: dateTimeSchema('面试时间'),
  auditionExamAddress: text('面试地点', 200),
  writtenFullMarks: decimalSchema('笔试满分', { places: 2, max: 9999.99, intDigits: 4 }),
  auditionFullMarks: decimalSchema('面试满分', { places: 2, max: 9999.99, intDigits: 4 }),
  compositeWeight: decimalSchema('笔试成绩权重', { places: 3, max: 1, allowZero: true, intDigits: 1 }),
  interviewEntryRatio: z.coerce
    .number({ error: '进入面试比例必须是数字' })
    .int('进入面试比例必须是整数')
    .min(1, '进入面试比例最小为 1')
    .max(100, '进入面试比例最大为 100'),
  minExamRatio: decimalSchema('开考比例', { places: 1, max: 100, allowZero: true, intDigits: 3 }),
  /** Optional: empty (null) for no qualifying line. */
  writtenPassLine: decimalSchema('合格分数线', { places: 2, max: 9999.99, allowZero: true, intDigits: 4 }).nullish(),
  /** Optional: empty (null) for no interview pass mark. */
  interviewPassLine: decimalSchema('面试合格线', { places: 2, max: 9999.99, allowZero: true, intDigits: 4 }).nullish(),
  registrationFeeY: z
    .union([z.string(), z.number()], { error: '报名费须为不小于 0 的金额，最多两位小数' })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .refine((v) => (yuanToCents(v) ?? -1) >= 0, '报名费须为不小于 0 的金额，最多两位小数')
        .refine((v) => (yuanToCents(v) ?? 0) <= MAX_REGISTRATION_FEE_YUAN * 100, `报名费不能超过 ${MAX_REGISTRATION_FEE_YUAN} 元`),
    ),
  feeAfterReview: z.boolean({ error: '请选择缴费方式' }),
  feePayDays: intBetween('缴费期限', 1, 30, '天'),
  photoWidth: intBetween('照片宽度', 100, 2000, '像素'),
  photoHeight: intBetween('照片高度', 100, 2000, '像素'),
  photoMinKb: intBetween('照片最小体积', 1, 2048, 'KB '),
  photoMaxKb: intBetween('照片最大体积', 1, 2048, 'KB '),
  /** 录用环节: the gate stages the plan runs (of GATE_STAGE_TABLE; the order is the table's). */
  gates: z
    .array(z.coerce.number({ error: '录用环节不正确' }).refine((v) => GATE_STAGE_TABLE.some((g) => g.stage === v), '录用环节不正确'), { error: '录用环节不正确' })
    .max(GATE_STAGE_TABLE.length, '录用环节不正确')
    .transform((v) => [...new Set(v)].sort((a, b) => a - b)),
  publicityDays: intBetween('公示天数', 1, 30, '天'),
  /** 成绩复查: the days after a post's stage publication during which a candidate may ask for a re-check (0: none). */
  recheckDays: intBetween('成绩复查期限', 0, 30, '天'),
  /** 同分排序 (DESIGN §5): the links after the composite score, in order (tie-break.ts). */
  tieBreakChain,
  /** 同分加试: those still tied across the cut-off are flagged 需加试 instead of all passing. */
  extraTestOnTie: z.boolean({ error: '请选择末位同分时是否加试' }),
  remark: text('备注', 500),
};

/** A plan's 证件照要求 as the candidate pages and the photo check take it. */
export const photoRuleOf = (plan: { photoWidth: number; photoHeight: number; photoMinKb: number; photoMaxKb: number }): PhotoRule => ({
  width: plan.photoWidth,
  height: plan.photoHeight,
  minKb: plan.photoMinKb,
  maxKb: plan.photoMaxKb,
});

type PlanDateField = 'signUpStartDate' | 'signUpEndDate' | 'writtenStartDate' | 'auditionStartDate';

/** The order of a plan's dates: each `later` date after (or, with `orEqual`, not before) its `earlier` one. */
export const PLAN_DATE_ORDER: readonly { earlier: PlanDateField; later: PlanDateField; orEqual: boolean; message: string }[] = [
  { earlier: 'signUpStartDate', later: 'signUpEndDate', orEqual: false, message: '报名开始时间必须早于报名结束时间' },
  { earlier: 'signUpEndDate', later: 'writtenStartDate', orEqual: true, message: '笔试时间不能早于报名结束时间' },
  { earlier: 'writtenStartDate', later: 'auditionStartDate', orEqual: false, message: '面试时间必须晚于笔试时间' },
];

export const PASS_LINE_ABOVE_FULL_MARKS = '合格分数线不能高于笔试满分';
export const INTERVIEW_PASS_LINE_ABOVE_FULL_MARKS = '面试合格线不能高于面试满分';

/** Whether a qualifying line fits under the full marks (both checked decimals of at most two places, so exact as numbers). */
export const passLineFits = (passLine: string | null | undefined, fullMarks: string) =>
  passLine === null || passLine === undefined || Number(passLine) <= Number(fullMarks);

export const planDatesInOrder = (rule: (typeof PLAN_DATE_ORDER)[number], earlier: Date, later: Date) =>
  rule.orEqual ? earlier <= later : earlier < later;

export const savePlan = postEndpoint('/recruitment/recruitmentPlanExpand/save', {
  permissions: ['plan:edit'],
  input: z
    .object({
      id: idOf('招录计划').optional(),
      ...planFields,
      writtenFullMarks: planFields.writtenFullMarks.default('100'),
      auditionFullMarks: planFields.auditionFullMarks.default('100'),
      compositeWeight: planFields.compositeWeight.default('0.5'),
      interviewEntryRatio: planFields.interviewEntryRatio.default(3),
      minExamRatio: planFields.minExamRatio.default('3'),
      writtenPassLine: planFields.writtenPassLine.transform((v) => v ?? null),
      interviewPassLine: planFields.interviewPassLine.transform((v) => v ?? null),
      registrationFeeY: planFields.registrationFeeY.default('0'),
      feeAfterReview: planFields.feeAfterReview.default(false),
      feePayDays: planFields.feePayDays.default(3),
      photoWidth: planFields.photoWidth.default(DEFAULT_PHOTO_RULE.width),
      photoHeight: planFields.photoHeight.default(DEFAULT_PHOTO_RULE.height),
      photoMinKb: planFields.photoMinKb.default(DEFAULT_PHOTO_RULE.minKb),
      photoMaxKb: planFields.photoMaxKb.default(DEFAULT_PHOTO_RULE.maxKb),
      gates: planFields.gates.default([]),
      publicityDays: planFields.publicityDays.default(DEFAULT_PUBLICITY_DAYS),
      tieBreakChain: planFields.tieBreakChain.default([...DEFAULT_TIE_BREAK_CHAIN]),
      extraTestOnTie: planFields.extraTestOnTie.default(false),
      recheckDays: planFields.recheckDays.default(DEFAULT_RECHECK_DAYS),
    })
    .superRefine((v, ctx) => {
      if (!passLineFits(v.writtenPassLine, v.writtenFullMarks)) {
        ctx.addIssue({ code: 'custom', message: PASS_LINE_ABOVE_FULL_MARKS, path: ['writtenPassLine'] });
      }
      if (!passLineFits(v.interviewPassLine, v.auditionFullMarks)) {
        ctx.addIssue({ code: 'custom', message: INTERVIEW_PASS_LINE_ABOVE_FULL_MARKS, path: ['interviewPassLine'] });
      }
      if (v.photoMinKb >= v.photoMaxKb) ctx.addIssue({ code: 'custom', message: PHOTO_MIN_NOT_BELOW_MAX, path: ['photoMaxKb'] });
      for (const rule of PLAN_DATE_ORDER) {
        if (!planDatesInOrder(rule, chinaDateTimeToDate(v[rule.earlier])!, chinaDateTimeToDate(v[rule.later])!)) {
          ctx.addIssue({ code: 'custom', message: rule.message, path: [rule.later] });
        }
      }
    }),
  output: idOutput,
});

