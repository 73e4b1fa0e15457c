import { z } from 'zod';
import { exportEndpoint, idOf, pageInput, pageOf, postEndpoint } from '../api.js';
import { EXAM_STAGES, type ExamStage, GATE_RESULTS, GATE_STAGE_TABLE, type GateResult, type GateStage, type GateStageRow } from '../application-status.js';
import { GATE_PERMISSIONS, type Permission } from '../permissions.js';
import { requiredText } from '../validation.js';
import { applicantOnPost, optionalText } from './application.js';

/**
 * DESIGN §5 "After the interview": the gate stages' calls (资格复审, 体检, 考察, 公示 → 聘用) and 递补. The statuses and
 * moves are the contracts' (GATE_STAGE_TABLE, APPLICATION_TRANSITIONS); these calls only say who may do what.
 */


/** Who may decide at a gate (the server checks the gate's own permission among GATE_PERMISSIONS). */
export const gatePermissionOf = (stage: GateStage): Permission => (stage === GATE_STAGE_TABLE[0].stage ? 'review:written' : 'review:audition');

const GATE_STAGE_LIST = GATE_STAGE_TABLE.map((g) => g.stage) as number[];

export const gateStage = z.coerce
  .number({ error: '环节不正确' })
  .refine((v): v is GateStage => GATE_STAGE_LIST.includes(v), '环节不正确');


const gateResult = z.enum(Object.keys(GATE_RESULTS) as [GateResult, ...GateResult[]], { error: '结果不正确' });

export const GATE_REASON_MAX = 200;
export const GATE_REASON_REQUIRED = '不合格或放弃须填写原因';
export const OBJECTION_MAX = 500;
export const GATE_BATCH_MAX = 1000;

/** 资格复审 added or dropped after a post published its written results (that post's passes went on as the plan said then). */
export const gateAfterPublicationMessage = (gate: GateStageRow) =>
  `已有岗位发布了${EXAM_STAGES[gate.after as ExamStage]}成绩，不能再增减${gate.name}环节`;

/** The gate is not among the plan's chosen gates (plan form 录用环节). */
export const gateNotChosenMessage = (name: string) => `该招录计划没有设置${name}环节`;

/** A task's state (TASK_STATUS) as a gate's step list shows it; `closed`: still pending when the candidate left the gate. */
export const GATE_STEP_STATES = { pending: '待处理', passed: '通过', failed: '不通过', closed: '已关闭' } as const;
export type GateStepState = keyof typeof GATE_STEP_STATES;

export const gateStep = z.object({
  workItem: z.string(),
  /** Who decided it, or while pending who is to. */
  verifierName: z.string(),
  state: z.enum(Object.keys(GATE_STEP_STATES) as [GateStepState, ...GateStepState[]]),
  verifiedAt: z.string().nullable(),
  remarks: z.string(),
});
export type GateStep = z.infer<typeof gateStep>;

export const gateApplicationRow = z.object({
  id: z.number().int(),
  ...applicantOnPost,
  status: z.number().int(),
  result: gateResult,
  /** The figure of the ranking the gate follows (written score for 资格复审, composite after the interview). */
  score: z.string().nullable(),
  rank: z.number().int().nullable(),
  /** Entered the gate by 递补. */
  substitute: z.boolean(),
  /** The reason given with 不合格 / 放弃, '' otherwise. */
  reason: z.string(),
  /** 公示 only: the objection note ('' none). */
  objection: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /**
   * The gate's work items for the candidate (招录工作安排), in order, as the review pages' step lists show them: who
   * (the verifier, or the assignee while pending), when (null while pending: 暂无) and the result. Empty when the plan
   * set no work items for the gate (decided directly).
   */
  steps: z.array(gateStep),
  /** The caller's task that can be decided now (pending, every earlier item passed, assigned to the caller); null otherwise. */
  myTaskId: z.number().int().nullable(),
});
export type GateApplicationRow = z.infer<typeof gateApplicationRow>;

const gateListFilters = {
  gate: gateStage,
  planId: idOf('招录计划'),
  recruitmentId: idOf('岗位').optional(),
  result: gateResult.optional(),
  keyword: optionalText('关键词', 30),
};

/** A gate's page: the plan's candidates who entered the gate (or are past it), in the post's ranking order. */
export const gateApplicationList = postEndpoint('/recruitment/gate/list', {
  reads: true,
  permissions: GATE_PERMISSIONS,
  input: pageInput.extend(gateListFilters),
  output: pageOf(gateApplicationRow),
});

/** The gate's list as .xlsx, every row the filters find. */
export const exportGateApplicationList = exportEndpoint('/recruitment/gate/list/export', {
  permissions: GATE_PERMISSIONS,
  input: z.object(gateListFilters),
  output: z.unknown(),
});

/** A gate's state for a plan: whether the plan runs it, how many wait to enter, the counts per result, 公示's period. */
export const gateSummary = postEndpoint('/recruitment/gate/summary', {
  reads: true,
  permissions: GATE_PERMISSIONS,
  input: z.object({ gate: gateStage, planId: idOf('招录计划') }),
  output: z.object({
    chosen: z.boolean(),
    /** Candidates who may enter now (the previous step's passes), 确认名单 moves them in. */
    waitingToEnter: z.number().int(),
    counts: z.object({ pending: z.number().int(), passed: z.number().int(), failed: z.number().int(), withdrew: z.number().int() }),
    openVacancies: z.number().int(),
    /** 公示 only: when the period ends (null before anyone entered 公示). */
    publicityEndsAt: z.string().nullable(),
    /** The plan's work items at the gate (招录工作安排); 0: decided directly by permitted staff. */
    workItems: z.number().int(),
    /** How many tasks of the gate the caller may decide now. */
    myActionable: z.number().int(),
  }),
});

/** 确认名单: every candidate of the plan (or post) who passed the step before the gate enters it. */
export const confirmGateList = postEndpoint('/recruitment/gate/confirmList', {
  permissions: ['plan:edit'],
  input: z.object({ gate: gateStage, planId: idOf('招录计划'), recruitmentId: idOf('岗位').optional() }),
  output: z.object({ moved: z.number().int() }),
});

/** The candidates of one batch decision at a gate, by the ids of their `what` (报名 or 审核任务). */
const gateBatchIds = (what: string) =>
  z.array(idOf(what), { error: '请选择考生' }).min(1, '请选择考生').max(GATE_BATCH_MAX, `每次最多处理 ${GATE_BATCH_MAX} 人`);

/** A batch decision at a gate: the candidates (`ids`) and one of `results`, with its reason (see `reasonUnlessPassed`). */
const gateBatchDecision = <Ids extends z.ZodRawShape, const Result extends readonly [string, ...string[]]>(ids: Ids, results: Result) =>
  z.object({ gate: gateStage, ...ids, result: z.enum(results, { error: '结果不正确' }), reason: optionalText('原因', GATE_REASON_MAX) });

/** A batch decision needs a reason for any result but 合格. */
const reasonUnlessPassed = (v: { result: string; reason: string }) => v.result === 'passed' || v.reason !== '';

/**
 * Pass, fail or 放弃 for candidates at the gate (all or none: a candidate no longer pending refuses the batch, 409).
 * 不合格 and 放弃 need a reason and each opens a vacancy of the post for 递补. 公示's 合格 is 聘用, refused before the
 * period ends.
 */
export const decideGate = postEndpoint('/recruitment/gate/decide', {
  permissions: GATE_PERMISSIONS,
  input: gateBatchDecision({ applicationIds: gateBatchIds('报名') }, ['passed', 'failed', 'withdrew'])
    .refine(reasonUnlessPassed, { message: GATE_REASON_REQUIRED, path: ['reason'] }),
  output: z.object({ done: z.number().int(), vacancies: z.number().int() }),
});

export const GATE_FAIL_REASON_REQUIRED = '不合格须填写原因';
/** decideGate's 合格 / 不合格 at a gate whose plan set work items: those go through the tasks. */
export const GATE_DECIDED_BY_TASKS = '该环节已设置工作安排，合格与不合格须由分配的工作人员逐项判定';
/** A gate task decided from the wrong place (the sign-up review's submitAudit). */
export const GATE_TASK_ELSEWHERE = '录用环节的工作请在该环节的页面上判定';

/**
 * A gate's work items (招录工作安排) decided for a batch of candidates, all or none: each task must be the caller's,
 * pending, with every earlier item of the gate passed, and its candidate pending at the gate (otherwise 403 / 409,
 * nothing written). The last item's pass is the gate's 合格 (公示: 聘用, after the period); a failure is the gate's
 * 不合格 at once (reason required), closing the candidate's other tasks and opening a vacancy for 递补.
 */
export const decideGateTasks = postEndpoint('/recruitment/gate/decideTasks', {
  permissions: GATE_PERMISSIONS,
  input: gateBatchDecision({ taskIds: gateBatchIds('审核任务') }, ['passed', 'failed'])
    .refine(reasonUnlessPassed, { message: GATE_FAIL_REASON_REQUIRED, path: ['reason'] }),
  output: z.object({
    done: z.number().int(),
    /** Candidates whose gate was decided by this call (合格 by their last item, or 不合格). */
    gatePassed: z.number().int(),
    gateFailed: z.number().int(),
    vacancies: z.number().int(),
  }),
});

/** 公示: the objection note of a candidate in 公示 (saved as written; upholding it is 不合格 through decideGate). */
export const savePublicityObjection = postEndpoint('/recruitment/gate/objection', {
  permissions: GATE_PERMISSIONS,
  input: z.object({ applicationId: idOf('报名'), objection: optionalText('异议情况', OBJECTION_MAX) }),
  output: z.null(),
});

export const gateVacancyRow = z.object({
  id: z.number().int(),
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  /** Who left: their name and why (不合格 / 放弃 and the reason). */
  leftName: z.string(),
  leftResult: z.enum(['failed', 'withdrew']),
  leftReason: z.string(),
  createdAt: z.string(),
  /** Who filled it by 递补 (null while open). */
  filledByName: z.string().nullable(),
  filledAt: z.string().nullable(),
});
export type GateVacancyRow = z.infer<typeof gateVacancyRow>;

/** The gate's vacancies for 递补, open ones first. */
export const gateVacancyList = postEndpoint('/recruitment/gate/vacancies', {
  reads: true,
  permissions: GATE_PERMISSIONS,
  input: z.object({ gate: gateStage, planId: idOf('招录计划') }),
  output: z.array(gateVacancyRow),
});

/** Someone the proposal passed over, and why (already out, under the qualifying line, absent…). */
const skipped = z.object({ realName: z.string(), rank: z.number().int().nullable(), why: z.string() });

/**
 * 递补's proposal for a vacancy: the next eligible candidate of the post in the ranking the gate follows, with the
 * reason (rank and score) and who was passed over; null when nobody is left.
 */
export const previewSubstitute = postEndpoint('/recruitment/gate/substitute/preview', {
  reads: true,
  permissions: GATE_PERMISSIONS,
  input: z.object({ vacancyId: idOf('空缺') }),
  output: z.object({
    candidate: z
      .object({ applicationId: z.number().int(), realName: z.string(), identityNo: z.string(), score: z.string().nullable(), rank: z.number().int().nullable() })
      .nullable(),
    explanation: z.string(),
    skipped: z.array(skipped),
  }),
});

export const SUBSTITUTE_CHANGED = '递补人选已变化，请重新查看后确认';
export const VACANCY_FILLED = '该空缺已递补，请刷新后查看';
export const NO_SUBSTITUTE = '该岗位已没有可递补的考生';

/**
 * 递补 on confirmation: the proposed candidate (sent back as the caller saw it) enters the gate and fills the vacancy,
 * once: a vacancy already filled, or a proposal that changed meanwhile, is a 409 and nothing is written.
 */
export const substituteGate = postEndpoint('/recruitment/gate/substitute', {
  permissions: ['plan:edit'],
  input: z.object({ vacancyId: idOf('空缺'), applicationId: idOf('报名'), remarks: optionalText('说明', GATE_REASON_MAX) }),
  output: z.object({ applicationId: z.number().int() }),
});

/** A gate's list as a notice draft (title, table, deadline), opened in the notice editor before anything is published. */
export const gateNoticeDraft = postEndpoint('/recruitment/gate/noticeDraft', {
  reads: true,
  permissions: GATE_PERMISSIONS,
  input: z.object({ gate: gateStage, planId: idOf('招录计划') }),
  output: z.object({ title: requiredText('标题', 100), content: z.string(), deadline: z.string().nullable() }),
});
