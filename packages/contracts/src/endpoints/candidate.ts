import { z } from 'zod';
import { emptyInput, getEndpoint, idOf, okOutput, postEndpoint } from '../api.js';
import { type ApplicationStatus, EXAM_STAGE_TABLE, GATE_STAGE_TABLE, type GateResult, type GateStageRow, SIGN_UP_STAGE } from '../application-status.js';
import { RESUME_SECTION_KEYS, type ResumeSectionKey, TALENT_FIELD_SECTIONS } from '../resume-sections.js';
import { talentShape } from './application.js';
import { feePaymentView } from './fee-payment.js';

/**
 * The signed-in candidate's own calls on the candidate site (DESIGN §11): one resume, kept as a draft and saved one
 * section at a time; applications made from it; the registration fee; the PDFs; results and messages. Every call is
 * checked against the candidate session (the `guard` of candidate-account); an id that is not the candidate's own
 * answers 404 exactly as a missing one does.
 */

// ---------------------------------------------------------------------------------------------------------------
// The resume

/**
 * A field of a section as the draft keeps it: empty ('' or absent) or a value that passes the resume's own rule. A
 * refused value gets that rule's own message ('请选择性别'), not the union's generic one.
 */
const draftField = (schema: z.ZodType) =>
  z
    .union([z.literal(''), schema], {
      error: (issue) => (issue.code === 'invalid_union' ? issue.errors.at(-1)?.[0]?.message : undefined),
    })
    .optional();

type TalentField = keyof typeof talentShape;
const isTalentField = (code: string): code is TalentField => code in talentShape;

/** The fields of a section that the resume holds (the catalogue's 年龄 follows from the identity number). */
export const resumeSectionFields = (key: ResumeSectionKey): TalentField[] =>
  TALENT_FIELD_SECTIONS.find((s) => s.key === key)!.fields.map(([code]) => code as string).filter(isTalentField);

/**
 * What saving one section accepts: each of its fields empty, or right by the same rule the full resume is checked
 * with when applying (GB 11643 for the identity number, the phone and e-mail patterns, dates, the lists' entries).
 * A half-filled section is saved as it is; only applying needs the resume complete.
 */
export const resumeSectionSchemas = Object.fromEntries(
  RESUME_SECTION_KEYS.map((key) => [
    key,
    z.object(Object.fromEntries(resumeSectionFields(key).map((code) => [code, draftField(talentShape[code] as z.ZodType)]))),
  ]),
) as Record<ResumeSectionKey, z.ZodObject>;

/** The resume as saved so far: any of the resume's fields, each as its section saved it. */
export const resumeDraft = z.record(z.string(), z.unknown());
export type ResumeDraft = z.infer<typeof resumeDraft>;

export const candidateResume = getEndpoint('/candidate/resume', {
  auth: false,
  input: emptyInput,
  output: z.object({
    resume: resumeDraft,
    /** Once an application was made with it, the identity number is the person's and can no longer change. */
    identityNoLocked: z.boolean(),
    updatedAt: z.string().nullable(),
  }),
});

export const IDENTITY_NO_LOCKED_MESSAGE = '身份证号码已用于报名，不能修改';

/** Saves one section of the resume (the other sections stay as they were). */
export const saveCandidateResume = postEndpoint('/candidate/resume/save', {
  auth: false,
  input: z
    .object({
      section: z.enum(RESUME_SECTION_KEYS, { error: '简历栏目不正确' }),
      values: z.looseObject({}, { error: '请填写简历内容' }),
    })
    .transform((v, ctx) => {
      const parsed = resumeSectionSchemas[v.section].safeParse(v.values);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['values', ...issue.path] });
        return z.NEVER;
      }
      return { section: v.section, values: parsed.data as Record<string, unknown> };
    }),
  output: z.object({ updatedAt: z.string() }),
});

/**
 * Multipart, field `file`: the candidate's photo (`photo`, checked against the photo rule of the published plan
 * `planId` when given, else the default rule) or an attachment.
 */
export const candidateUpload = postEndpoint('/candidate/upload', {
  auth: false,
  input: z.object({
    kind: z.enum(['photo', 'attachment'], { error: '上传类型不正确' }).default('attachment'),
    planId: idOf('招录计划').optional(),
  }),
  output: z.object({ url: z.string(), name: z.string(), size: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------------------------
// Applications

/**
 * The status as the candidate is told it. The reviewers' and markers' intermediate steps are not the candidate's
 * business: a score under review reads as "成绩待公布", a failed interview as "未进入拟录用名单".
 */
/** How the candidate site words a gate's status (DESIGN §5 "After the interview"): 公示's pass is 聘用. */
export function gateResultWord(gate: GateStageRow, result: GateResult): string {
  const publicity = gate.gate === 'publicity';
  switch (result) {
    case 'pending':
      return publicity ? '拟聘用公示中' : `待${gate.name}`;
    case 'passed':
      return publicity ? '聘用' : `${gate.name}合格`;
    case 'failed':
      return publicity ? '公示后未予聘用' : `${gate.name}不合格`;
    case 'withdrew':
      return `已放弃${gate.name}`;
  }
}

export const CANDIDATE_STATUS_WORDS: Record<ApplicationStatus, string> = {
  [SIGN_UP_STAGE.statuses.pending]: '待审核',
  [SIGN_UP_STAGE.statuses.inReview]: '审核中',
  [SIGN_UP_STAGE.statuses.rejectedCorrectable]: '审核未通过，可修改后重新提交',
  [SIGN_UP_STAGE.statuses.rejected]: '审核未通过',
  ...Object.fromEntries(
    EXAM_STAGE_TABLE.flatMap(({ name, passedWord, statuses: s }) => [
      [s.awaitingTicket, `资格审核已通过，待发放${name}准考证`],
      [s.awaitingScore, `待参加${name}`],
      [s.inReview, `${name}成绩待公布`],
      [s.failed, passedWord === '拟录用' ? `${name}后未进入拟录用名单` : `${name}未${passedWord}`],
      [s.passed, passedWord],
    ]),
  ),
  ...Object.fromEntries(GATE_STAGE_TABLE.flatMap((g) => (Object.keys(g.statuses) as GateResult[]).map((result) => [g.statuses[result], gateResultWord(g, result)]))),
} as Record<ApplicationStatus, string>;

/** Where the registration fee of an application stands. */
export const FEE_STATES = {
  none: '无需缴费',
  /** Pay-after-review plans, before the review passed. */
  later: '审核通过后缴费',
  unpaid: '待缴费',
  paid: '已缴费',
  /** Pay-after-review: the deadline passed unpaid, which is giving up the exam. */
  expired: '逾期未缴费（视为放弃）',
} as const;
export type FeeState = keyof typeof FEE_STATES;

export const feeSummary = z.object({
  state: z.enum(Object.keys(FEE_STATES) as [FeeState, ...FeeState[]]),
  amountY: z.string(),
  /** Pay-after-review: the end of the payment window (China time, 'YYYY-MM-DD HH:mm'); null otherwise. */
  deadline: z.string().nullable(),
});
export type FeeSummary = z.infer<typeof feeSummary>;

/** A published stage result as the candidate sees it. */
export const stageResult = z.object({
  stage: z.number().int(),
  name: z.string(),
  /** Two decimals; null when absent (缺考) or not entered. 笔试: the written score that ranks (卷面 + 加分). */
  score: z.string().nullable(),
  /** 笔试 with a bonus in force (加分): the paper score, the bonus (capped) and its categories ('退役士兵、少数民族'); absent otherwise. */
  bonus: z.object({ paperScore: z.string(), points: z.string(), names: z.string() }).optional(),
  absent: z.boolean(),
  /** Interview: the composite score the ranking follows. */
  compositeScore: z.string().nullable(),
  rank: z.number().int().nullable(),
  /** How the rank and the outcome came about (the post's places, its ratio, the pass line). */
  explanation: z.string(),
  outcome: z.string(),
});

/** An admission ticket of the application: offered for download once issued, inside the plan's printing window. */
export const ticketOffer = z.object({
  stage: z.number().int(),
  name: z.string(),
  ticketCode: z.string(),
  /** Whether it can be downloaded now, and if not, why (the window not yet open, or over). */
  available: z.boolean(),
  note: z.string(),
});

export const myApplicationRow = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  planId: z.number().int(),
  planName: z.string(),
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  /** The reviewer's words when the application was returned (12) or rejected (13). */
  reason: z.string(),
  fee: feeSummary,
  canResubmit: z.boolean(),
  canSwitch: z.boolean(),
  canWithdraw: z.boolean(),
  tickets: z.array(ticketOffer),
  results: z.array(stageResult),
  createdAt: z.string(),
});
export type MyApplicationRow = z.infer<typeof myApplicationRow>;

export const myApplications = getEndpoint('/candidate/applications', {
  auth: false,
  input: emptyInput,
  output: z.array(myApplicationRow),
});

export const myApplication = getEndpoint('/candidate/applications/:id', {
  auth: false,
  input: z.object({ id: idOf('报名') }),
  output: myApplicationRow,
});

export const RESUME_INCOMPLETE_PREFIX = '请先完善简历：';
export const ONE_APPLICATION_PER_PLAN = '您已报名该招录计划的其他岗位，每个招录计划只能报考一个岗位；如需更换，请在“我的报名”中改报';

/** Applies to a post with the resume as saved: checked whole, as the post's template asks, then kept as submitted. */
export const candidateApply = postEndpoint('/candidate/apply', {
  auth: false,
  input: z.object({ recruitmentId: idOf('岗位') }),
  output: myApplicationRow,
});

/** 改报: the same application moved to another post of its plan, while unreviewed (10) or after a rejection (12, 13). */
export const switchMyApplication = postEndpoint('/candidate/applications/:id/switch', {
  auth: false,
  input: z.object({ id: idOf('报名'), recruitmentId: idOf('岗位') }),
  output: myApplicationRow,
});

/** A returned application (12) resubmitted with the resume as now saved. */
export const resubmitMyApplication = postEndpoint('/candidate/applications/:id/resubmit', {
  auth: false,
  input: z.object({ id: idOf('报名') }),
  output: myApplicationRow,
});

/** Withdraws an application nobody has reviewed yet (10) and whose fee is not paid: it is gone, as if never made. */
export const withdrawMyApplication = postEndpoint('/candidate/applications/:id/withdraw', {
  auth: false,
  input: z.object({ id: idOf('报名') }),
  output: okOutput,
});

/** Pays the application's registration fee by a QR (or the provider's H5) channel: 1 WeChat Pay, 2 Alipay. */
export const payMyFee = postEndpoint('/candidate/applications/:id/fee/pay', {
  auth: false,
  input: z.object({
    id: idOf('报名'),
    appId: z.coerce.number({ error: '请选择支付方式' }).refine((v) => v === 1 || v === 2, '请选择支付方式'),
  }),
  output: feePaymentView,
});

/** The fee order as it stands, confirmed with the provider (the payment page polls it); null before any order. */
export const myFeeStatus = getEndpoint('/candidate/applications/:id/fee', {
  auth: false,
  input: z.object({ id: idOf('报名') }),
  output: feePaymentView.nullable(),
});

/** The 报名登记表 with the 诚信承诺书 (PDF, answered as a file). */
export const myRegistrationForm = getEndpoint('/candidate/applications/:id/form', {
  auth: false,
  input: z.object({ id: idOf('报名') }),
  output: z.unknown(),
});

/** The admission ticket of a stage (PDF, answered as a file), once issued and inside the plan's printing window. */
export const myTicket = getEndpoint('/candidate/applications/:id/ticket/:stage', {
  auth: false,
  input: z.object({
    id: idOf('报名'),
    stage: z.coerce.number({ error: '考试阶段不正确' }).refine((v) => EXAM_STAGE_TABLE.some((s) => s.stage === v), '考试阶段不正确'),
  }),
  output: z.unknown(),
});
