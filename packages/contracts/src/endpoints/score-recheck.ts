import { z } from 'zod';
import { exportEndpoint, getEndpoint, idOf, pageInput, pageOf, postEndpoint } from '../api.js';
import { EXAM_STAGE_TABLE } from '../application-status.js';
import type { Permission } from '../permissions.js';
import { requiredText } from '../validation.js';
import { applicationOnPlanPost } from './application.js';

/**
 * DESIGN §5 "Fair-exam rules beyond SPEC": 成绩复查 (score re-check). Within the plan's window after a post's stage
 * publication (`recheckDays`, default 3; 0: none) a candidate may ask once per application and stage (笔试, 面试), with a
 * short reason. Staff of the stage answer once: a corrected score with the kind of error (登分错误, 合分错误, 漏评), or a
 * refusal with its reason. A correction changes the stage's score, is recorded in the application's history, and the
 * post's ranking is compared before and after (who moved, and whose 入围 / 拟录用 outcome the published figures would now
 * give otherwise); the candidate is told. Light (zod and the stage table only): the candidate site imports it.
 */

export const RECHECK_REASON_MAX = 200;
export const RECHECK_ANSWER_MAX = 200;

export const RECHECK_STATES = { pending: '待答复', corrected: '已更正', refused: '不予更正' } as const;
export type RecheckState = keyof typeof RECHECK_STATES;
export const RECHECK_STATE_KEYS = Object.keys(RECHECK_STATES) as [RecheckState, ...RecheckState[]];

/** The errors a re-check corrects (DESIGN §5): entry, adding-up and missed marking. */
export const RECHECK_ERROR_KINDS = { entry: '登分错误', sum: '合分错误', missed: '漏评' } as const;
export type RecheckErrorKind = keyof typeof RECHECK_ERROR_KINDS;
export const RECHECK_ERROR_KIND_KEYS = Object.keys(RECHECK_ERROR_KINDS) as [RecheckErrorKind, ...RecheckErrorKind[]];

export const RECHECK_NOT_OFFERED = '该招录计划不受理成绩复查';
export const RECHECK_NOT_PUBLISHED = '该阶段成绩尚未发布，不能申请复查';
export const RECHECK_WINDOW_OVER = '成绩复查申请期已过';
export const RECHECK_NO_SCORE = '缺考或没有成绩，不能申请成绩复查';
export const RECHECK_TWICE = '您已申请过该阶段的成绩复查，每个阶段只能申请一次';
export const RECHECK_MISSING = '成绩复查申请不存在';
export const RECHECK_ANSWERED = '该成绩复查申请已答复';
export const RECHECK_SCORE_REQUIRED = '请填写更正后的成绩';
export const RECHECK_KIND_REQUIRED = '请选择差错类型';
export const RECHECK_REFUSAL_REQUIRED = '请填写不予更正的理由';
export const RECHECK_SAME_SCORE = '更正后的成绩与原成绩相同；没有差错时请选择不予更正';
export const RECHECK_SCORE_CHANGED = '该考生的成绩已不是发布时的状态，不能按复查更正';
export const RECHECK_STAGE_WRONG = '考试阶段不正确';
/** A 笔试 correction once the post's interview results are published: the published composite ranking rests on the written score. */
export const RECHECK_WRITTEN_AFTER_INTERVIEW = '该岗位面试成绩已发布，笔试成绩不能再更正';

export const RECHECK_SCORE_FORMAT = '更正后的成绩须为不小于 0 的数字，最多 2 位小数';

/** A corrected score as typed ('88', '88.5'); the plan's full marks are checked by the server. */
const correctedScore = z
  .union([z.string(), z.number()], { error: RECHECK_SCORE_FORMAT })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,4}(\.\d{1,2})?$/, RECHECK_SCORE_FORMAT));

const examStage = z.coerce
  .number({ error: RECHECK_STAGE_WRONG })
  .refine((v) => EXAM_STAGE_TABLE.some((s) => s.stage === v), RECHECK_STAGE_WRONG);

/** One place that a correction changed in its post's ranking (笔试: by the written score; 面试: by the composite). */
export const recheckRankChange = z.object({
  applicationId: z.number().int(),
  realName: z.string(),
  oldRank: z.number().int().nullable(),
  newRank: z.number().int().nullable(),
  /** 入围 (written) / 拟录用 (interview) by the published figures, before and after. */
  oldPassed: z.boolean(),
  newPassed: z.boolean(),
});
export type RecheckRankChange = z.infer<typeof recheckRankChange>;

// ---------------------------------------------------------------------------------------------------------------
// The candidate's side

export const myRecheckRow = z.object({
  id: z.number().int(),
  stage: z.number().int(),
  stageName: z.string(),
  reason: z.string(),
  state: z.enum(RECHECK_STATE_KEYS),
  requestedAt: z.string(),
  /** Once answered: the refusal's reason or the staff's note on the correction. */
  answer: z.string(),
  answeredAt: z.string().nullable(),
  errorKind: z.enum(RECHECK_ERROR_KIND_KEYS).nullable(),
  /** The stage score before and after a correction ('78.00'). */
  originalScore: z.string().nullable(),
  correctedScore: z.string().nullable(),
});
export type MyRecheckRow = z.infer<typeof myRecheckRow>;

/** A stage the candidate may ask a re-check of now, and until when (China time 'YYYY-MM-DD HH:mm'). */
export const recheckOffer = z.object({ stage: z.number().int(), name: z.string(), deadline: z.string() });

/** The application's re-check requests and the stages that can be asked now (404 unless the candidate's). */
export const myScoreRechecks = getEndpoint('/candidate/applications/:id/rechecks', {
  auth: false,
  input: z.object({ id: idOf('报名') }),
  output: z.object({ rechecks: z.array(myRecheckRow), offers: z.array(recheckOffer) }),
});

/**
 * Asks a re-check of a published stage inside the plan's window (409 outside it, before publication, without a
 * score, or a second time for the stage; 404 unless the candidate's application).
 */
export const requestScoreRecheck = postEndpoint('/candidate/applications/:id/recheck', {
  auth: false,
  input: z.object({ id: idOf('报名'), stage: examStage, reason: requiredText('复查理由', RECHECK_REASON_MAX) }),
  output: myRecheckRow,
});

// ---------------------------------------------------------------------------------------------------------------
// The staff's side (笔试管理 / 面试管理 → 成绩复查)

export const RECHECK_PERMISSIONS = ['review:written', 'review:audition'] as const satisfies readonly Permission[];

export const scoreRecheckRow = z.object({
  id: z.number().int(),
  ...applicationOnPlanPost,
  stage: z.number().int(),
  reason: z.string(),
  state: z.enum(RECHECK_STATE_KEYS),
  requestedAt: z.string(),
  /** The stage score now (the paper score of 笔试, without 加分). */
  score: z.string().nullable(),
  originalScore: z.string().nullable(),
  correctedScore: z.string().nullable(),
  errorKind: z.enum(RECHECK_ERROR_KIND_KEYS).nullable(),
  answer: z.string(),
  answeredBy: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** A correction's changed places in the post's ranking (empty otherwise). */
  changes: z.array(recheckRankChange),
});
export type ScoreRecheckRow = z.infer<typeof scoreRecheckRow>;

const recheckListFilters = {
  stage: examStage,
  planId: idOf('招录计划').optional(),
  recruitmentId: idOf('岗位').optional(),
  state: z.enum(RECHECK_STATE_KEYS, { error: '复查状态不正确' }).optional(),
  keyword: z.string({ error: '关键词必须是文字' }).trim().max(30, '关键词最长 30 个字').default(''),
};

/** The company's re-check requests of a stage, unanswered first, newest first. */
export const scoreRecheckList = postEndpoint('/recruitment/scoreRecheck/list', {
  reads: true,
  permissions: RECHECK_PERMISSIONS,
  input: pageInput.extend(recheckListFilters),
  output: pageOf(scoreRecheckRow),
});

export const exportScoreRecheckList = exportEndpoint('/recruitment/scoreRecheck/list/export', {
  permissions: RECHECK_PERMISSIONS,
  input: z.object(recheckListFilters),
  output: z.unknown(),
});

/**
 * Answers a request once (409 when answered already; of two at once one wins): `correct` with the corrected stage score
 * (≤ the plan's full marks, two decimals) and the kind of error, or `refuse` with the reason. Answers the request as it
 * now stands, with the ranking's changed places.
 */
export const answerScoreRecheck = postEndpoint('/recruitment/scoreRecheck/answer', {
  permissions: RECHECK_PERMISSIONS,
  input: z
    .object({
      id: idOf('成绩复查申请'),
      decision: z.enum(['correct', 'refuse'], { error: '请选择答复结果' }),
      correctedScore: correctedScore.optional(),
      errorKind: z.enum(RECHECK_ERROR_KIND_KEYS, { error: RECHECK_KIND_REQUIRED }).optional(),
      answer: z.string({ error: '答复必须是文字' }).trim().max(RECHECK_ANSWER_MAX, `答复最长 ${RECHECK_ANSWER_MAX} 个字`).default(''),
    })
    .superRefine((v, ctx) => {
      if (v.decision === 'correct' && v.correctedScore === undefined) ctx.addIssue({ code: 'custom', message: RECHECK_SCORE_REQUIRED, path: ['correctedScore'] });
      if (v.decision === 'correct' && v.errorKind === undefined) ctx.addIssue({ code: 'custom', message: RECHECK_KIND_REQUIRED, path: ['errorKind'] });
      if (v.decision === 'refuse' && v.answer === '') ctx.addIssue({ code: 'custom', message: RECHECK_REFUSAL_REQUIRED, path: ['answer'] });
    }),
  output: scoreRecheckRow,
});
