import { z } from 'zod';
import { emptyInput, getEndpoint, idOf } from '../api.js';
import { companySummary } from './company.js';
// Types only: the stage table and exam.ts's schemas would otherwise come along to every page whose bundle holds this
// file (most pages: 8.6 KB gzip). The server writes `stage` from the stage table.
import type { ExamStage, GateResult, GateStage } from '../application-status.js';
import type { TICKET_FILTERS } from './exam.js';

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

/**
 * The steps of an exam stage the home page has a card for, in the order the work goes, each with the filters its
 * card's link carries besides the plan (the page the card opens reads them from the address): unseated and seated
 * open 准考证设置 (the applications awaiting their ticket: not yet seated, seated but not yet issued); entry opens
 * 成绩录入与审核 (scores awaited or entered but not yet reviewed); review opens 成绩审核 (entered scores, reviewed
 * or not, before publication).
 */
export const HOME_EXAM_STEPS = {
  unseated: { ticket: 'unseated' },
  seated: { ticket: 'seated' },
  entry: {},
  review: {},
} as const satisfies Record<string, { ticket?: keyof typeof TICKET_FILTERS }>;
export type HomeExamStep = keyof typeof HOME_EXAM_STEPS;

/** One home card of an exam stage: what the page it opens lists for one plan, counted with the link's filters. */
export const homeExamCard = z.object({
  stage: z.custom<ExamStage>((v) => Number.isInteger(v)),
  step: z.enum(Object.keys(HOME_EXAM_STEPS) as [HomeExamStep, ...HomeExamStep[]]),
  planId: z.number().int(),
  planName: z.string(),
  /** Whether the plan's sign-up is closed: tickets are issued only after that. */
  signUpClosed: z.boolean(),
  /** The list's total. */
  total: z.number().int(),
  /**
   * Of `total`, those one step further on the same page: entry, entered and awaiting review; review, reviewed
   * (locked) and awaiting publication; 0 for the ticket steps.
   */
  done: z.number().int(),
});
export type HomeExamCard = z.infer<typeof homeExamCard>;

/**
 * The steps of a gate (资格复审, 体检, 考察, 公示) the home page has a card for, in the order the work goes, each with
 * the filters its card's link carries besides the plan (the gate's page reads them from the address): confirm, the
 * previous step's passes waiting to enter a gate the plan runs (确认名单, plan:edit); pending, the candidates at the
 * gate awaiting its decision (待定; 公示中), for the gate's own permission or plan:edit.
 */
export const HOME_GATE_STEPS = {
  confirm: {},
  pending: { result: 'pending' },
} as const satisfies Record<string, { result?: GateResult }>;
export type HomeGateStep = keyof typeof HOME_GATE_STEPS;

/** One home card of a gate: for one plan that runs the gate, the figure of gateSummary the card's step shows. */
export const homeGateCard = z.object({
  stage: z.custom<GateStage>((v) => Number.isInteger(v)),
  step: z.enum(Object.keys(HOME_GATE_STEPS) as [HomeGateStep, ...HomeGateStep[]]),
  planId: z.number().int(),
  planName: z.string(),
  /**
   * confirm: gateSummary's waitingToEnter; pending: its pending count (the gate's list filtered by result pending), or,
   * where the plan set work items for the gate (招录工作安排), the caller's tasks there that can be decided now.
   */
  total: z.number().int(),
});
export type HomeGateCard = z.infer<typeof homeGateCard>;

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
    waitingForMe: z.object({
      /** The sign-up tasks waiting for the caller's decision, as 待审核 lists them (all plans); null without review:signup. */
      signup: z.number().int().nullable(),
      /**
       * The exam steps with work waiting, per plan (newest first), stage and step, each only for a user who may do
       * that step (the stage's review permission for tickets, score:entry, score:review).
       */
      exams: z.array(homeExamCard),
      /** The gates with work waiting, per plan (newest first), gate and step, each only for a user who may do that step. */
      gates: z.array(homeGateCard),
    }),
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
