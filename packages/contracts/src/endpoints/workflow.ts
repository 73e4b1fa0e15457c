import { z } from 'zod';
import { requiredText } from '../validation.js';
import { emptyInput, idOf, postEndpoint } from '../api.js';
import { EXAM_STAGE_TABLE, EXAM_STAGES, type ExamStage, GATE_STAGE_TABLE, GATE_STAGES, type GateStage, SIGN_UP_STAGE, WRITTEN_STAGE } from '../application-status.js';
import { PERMISSIONS, type Permission } from '../permissions.js';

/**
 * SPEC §4 stage types, as the workflow page names them: the sign-up review and the exam stages, which every plan
 * runs, then the gate stages (DESIGN §5 "After the interview"), which a plan runs when it chose them.
 */
export const WORKFLOW_STAGES = { [SIGN_UP_STAGE.stage]: SIGN_UP_STAGE.name, ...EXAM_STAGES, ...GATE_STAGES } as const;
export type WorkflowStage = keyof typeof WORKFLOW_STAGES;
/** The stages every plan runs (sign-up review, written, interview). */
export type ReviewStage = typeof SIGN_UP_STAGE.stage | ExamStage;
/** The stages every plan runs, in order; the gates a plan chose follow them (`planWorkflowStages`). */
export const WORKFLOW_STAGE_LIST: readonly ReviewStage[] = [SIGN_UP_STAGE.stage, ...EXAM_STAGE_TABLE.map((s) => s.stage)];
/** The gate stages as work stages, in their fixed order. */
export const GATE_WORKFLOW_STAGE_LIST: readonly GateStage[] = GATE_STAGE_TABLE.map((g) => g.stage);
/** Whether a work stage is a gate's (its items are decided on the gate's page, verify only, and may be absent). */
export const isGateWorkflowStage = (stage: number): stage is GateStage => (GATE_WORKFLOW_STAGE_LIST as readonly number[]).includes(stage);
/** The work stages of a plan: the stages every plan runs, then the gates it chose (`gates`, the plan's 录用环节). */
export const planWorkflowStages = (gates: readonly number[]): WorkflowStage[] => [
  ...WORKFLOW_STAGE_LIST,
  ...GATE_WORKFLOW_STAGE_LIST.filter((g) => gates.includes(g)),
];
/** 招录工作安排 of a gate the plan does not run. */
export const workflowGateNotChosenMessage = (stage: GateStage) => `该招录计划没有设置${GATE_STAGES[stage]}环节，请先在招录计划的“录用环节”中选择`;
/** A gate without work items: decided directly (the gate page says so). */
export const GATE_NO_WORKFLOW_NOTE = '未设置工作安排：由有权限的人员直接判定';

/** verify: the assignee marks √ or x; score: the assignee fills the score (SPEC §4 markStatus 3). */
export const WORKFLOW_KINDS = { verify: '审核（√/x）', score: '成绩录入' } as const;
export type WorkflowKind = keyof typeof WORKFLOW_KINDS;
/** The permission a work item's assignee needs to decide its tasks: the stage's review, or score entry. */
export function workItemPermission(stage: WorkflowStage, kind: WorkflowKind): Permission {
  if (kind === 'score') return 'score:entry';
  // a gate's items: the gate's own reviewers (资格复审 the written stage's, the gates after the interview the interview's)
  if (isGateWorkflowStage(stage)) return GATE_STAGE_TABLE.find((g) => g.stage === stage)!.after === WRITTEN_STAGE ? 'review:written' : 'review:audition';
  return stage === 1 ? 'review:signup' : stage === 2 ? 'review:written' : 'review:audition';
}

export const assigneeLacksPermissionMessage = (name: string, permission: Permission) =>
  `工作人员“${name}”没有“${PERMISSIONS[permission]}”权限，请另选他人或先修改其角色`;

/** SPEC §4: markStatus 3 means a score must be filled. */
export const WORKFLOW_SCORE_MARK_STATUS = 3;

export const WORKFLOW_ITEM_NAME_MAX = 30;
export const WORKFLOW_ITEMS_MAX = 20;

/** A stage without work items. */
export const stageEmptyMessage = (stage: WorkflowStage) => `${WORKFLOW_STAGES[stage]}阶段还没有安排工作`;

/** An interview panel: at most this many examiners (score items) per candidate. */
export const PANEL_MAX = 9;

/**
 * Why a stage's list of kinds cannot run, or null: sign-up review is verify only; the written test needs
 * exactly one score item; the interview one score item per examiner of its panel (DESIGN §5's panel rule).
 * In the exam stages, checks (√/x) come before the scores.
 */
export function stageKindProblem(stage: WorkflowStage, kinds: readonly WorkflowKind[]): string | null {
  const scores = kinds.filter((k) => k === 'score').length;
  // A gate may have no items (decided directly by permitted staff); its items are checks (√/x) only.
  if (isGateWorkflowStage(stage)) return scores > 0 ? `${WORKFLOW_STAGES[stage]}环节只能安排审核（√/x）类工作，不能安排成绩录入` : null;
  if (kinds.length === 0) return stageEmptyMessage(stage);
  if (stage === 1) return scores > 0 ? '报名资格审核只能安排审核（√/x）类工作，不能安排成绩录入' : null;
  if (scores === 0) return `${WORKFLOW_STAGES[stage]}阶段需要安排一项成绩录入工作`;
  if (stage === 2 && scores > 1) return '笔试阶段只能安排一项成绩录入工作';
  if (scores > PANEL_MAX) return `面试阶段最多安排 ${PANEL_MAX} 位考官评分`;
  if (kinds.lastIndexOf('verify') > kinds.indexOf('score')) return `${WORKFLOW_STAGES[stage]}阶段的审核（√/x）工作须排在成绩录入之前`;
  return null;
}

export const WORKFLOW_ITEMS_EMPTY_MESSAGE = '请至少安排一项工作';

export const EXAMINER_NAME_MAX = 20;
export const EXAMINER_UNIT_MAX = 50;

/** Who scores through a score item: the outside examiner named on it, or else its assignee (null: not chosen yet). */
const examinerKey = (item: { assigneeId?: number; examinerName?: string; examinerUnit?: string }) =>
  item.examinerName ? `${item.examinerName}\u0000${item.examinerUnit ?? ''}` : item.assigneeId === undefined ? null : `staff:${item.assigneeId}`;

/**
 * Why a stage's list (names already trimmed) cannot be saved, or null: a repeated name, a kind the stage cannot run,
 * or one examiner twice in an interview panel (a panel's examiners are distinct people).
 */
export function workflowItemsProblem(
  stage: WorkflowStage,
  items: readonly { workItem: string; kind: WorkflowKind; assigneeId?: number; examinerName?: string; examinerUnit?: string }[],
  assigneeName: (assigneeId: number | undefined) => string = () => '',
): string | null {
  if (items.length === 0) return isGateWorkflowStage(stage) ? null : WORKFLOW_ITEMS_EMPTY_MESSAGE;
  const names = items.map((i) => i.workItem);
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated !== undefined) return `工作事项“${repeated}”重复，请换一个名称`;
  const kindProblem = stageKindProblem(
    stage,
    items.map((i) => i.kind),
  );
  if (kindProblem) return kindProblem;
  if (stage !== 3) {
    const named = items.find((i) => i.examinerName);
    if (named) return `只有面试阶段的评分工作可以填写考官（“${named.workItem}”）`;
    return null;
  }
  const panel = items.filter((i) => i.kind === 'score');
  const keys = panel.map(examinerKey);
  const twice = panel.find((_, i) => keys[i] !== null && keys.indexOf(keys[i]!) !== i);
  if (twice) return `考官“${twice.examinerName || assigneeName(twice.assigneeId)}”在考官组中出现了两次，一个考官组的考官须各不相同`;
  return null;
}

const stageSchema = z.coerce
  .number({ error: '阶段不正确' })
  .refine((v): v is WorkflowStage => v in WORKFLOW_STAGES, '阶段不正确')
  .transform((v) => v as WorkflowStage);

export const workflowItemRow = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  stage: z.number().int(),
  sort: z.number().int(),
  workItem: z.string(),
  kind: z.enum(['verify', 'score']),
  /** 3 for a score item, 0 otherwise (SPEC §4). */
  markStatus: z.number().int(),
  assigneeId: z.number().int(),
  assigneeName: z.string(),
  assigneeEnabled: z.boolean(),
  /** An outside examiner of an interview score item ('' when the assignee scores themself). */
  examinerName: z.string(),
  examinerUnit: z.string(),
});
export type WorkflowItemRow = z.infer<typeof workflowItemRow>;

/** The plan's work items, by stage then order; `stage` narrows to one stage. */
export const workflowList = postEndpoint('/recruitment/workflow/list', {
  reads: true,
  input: z.object({ planId: idOf('招录计划'), stage: stageSchema.optional() }),
  output: z.array(workflowItemRow),
});

export const workflowItemInput = z.object({
  /** An existing item of this plan and stage keeps its id (tasks refer to it); without id it is new. */
  id: idOf('工作事项').optional(),
  workItem: requiredText('工作事项名称', WORKFLOW_ITEM_NAME_MAX),
  kind: z.enum(['verify', 'score'], { error: '请选择工作类型' }),
  assigneeId: idOf('工作人员'),
  /** Interview score items only: the outside examiner whose scores the assignee enters. */
  examinerName: z
    .string({ error: '考官姓名不正确' })
    .trim()
    .max(EXAMINER_NAME_MAX, `考官姓名最长 ${EXAMINER_NAME_MAX} 个字`)
    .default(''),
  examinerUnit: z
    .string({ error: '考官单位不正确' })
    .trim()
    .max(EXAMINER_UNIT_MAX, `考官单位最长 ${EXAMINER_UNIT_MAX} 个字`)
    .default(''),
});

/**
 * Replaces the stage's ordered list in one go: items keep the order given. A gate's list may be emptied (its
 * decisions are then direct again) as long as no task refers to its items.
 */
export const saveWorkflow = postEndpoint('/recruitment/workflow/save', {
  permissions: ['plan:edit'],
  input: z
    .object({
      planId: idOf('招录计划'),
      stage: stageSchema,
      items: z
        .array(workflowItemInput, { error: WORKFLOW_ITEMS_EMPTY_MESSAGE })
        .max(WORKFLOW_ITEMS_MAX, `每个阶段最多安排 ${WORKFLOW_ITEMS_MAX} 项工作`),
    })
    .refine((v) => v.items.length > 0 || isGateWorkflowStage(v.stage), { message: WORKFLOW_ITEMS_EMPTY_MESSAGE, path: ['items'] }),
  output: z.array(workflowItemRow),
});

export const workflowStageCheck = z.object({
  stage: z.number().int(),
  stageName: z.string(),
  itemCount: z.number().int(),
  valid: z.boolean(),
  /** Why the stage cannot start yet; empty when valid. */
  message: z.string(),
});
export type WorkflowStageCheck = z.infer<typeof workflowStageCheck>;

/** SPEC §7 judgeWorkflow: whether each stage of the plan has a usable arrangement. */
export const judgeWorkflow = postEndpoint('/recruitment/judgeWorkflow', {
  reads: true,
  input: z.object({ planId: idOf('招录计划') }),
  output: z.object({ planId: z.number().int(), valid: z.boolean(), stages: z.array(workflowStageCheck) }),
});

/** Enabled staff of the company, to assign work to, with the permissions that decide which items they may take. */
export const workflowStaffOptions = postEndpoint('/recruitment/workflow/staffOptions', {
  reads: true,
  input: emptyInput,
  output: z.array(
    z.object({ id: z.number().int(), name: z.string(), departmentName: z.string(), permissions: z.array(z.string()) }),
  ),
});
