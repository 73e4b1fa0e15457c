import { z } from 'zod';
import { requiredText } from '../validation.js';
import { emptyInput, idOf, postEndpoint } from '../api.js';
import { EXAM_STAGE_TABLE, EXAM_STAGES, SIGN_UP_STAGE } from '../application-status.js';
import { PERMISSIONS, type Permission } from '../permissions.js';

/** SPEC §4 stage types, as the workflow page names them. */
export const WORKFLOW_STAGES = { [SIGN_UP_STAGE.stage]: SIGN_UP_STAGE.name, ...EXAM_STAGES } as const;
export type WorkflowStage = keyof typeof WORKFLOW_STAGES;
export const WORKFLOW_STAGE_LIST: readonly WorkflowStage[] = [SIGN_UP_STAGE.stage, ...EXAM_STAGE_TABLE.map((s) => s.stage)];

/** verify: the assignee marks √ or x; score: the assignee fills the score (SPEC §4 markStatus 3). */
export const WORKFLOW_KINDS = { verify: '审核（√/x）', score: '成绩录入' } as const;
export type WorkflowKind = keyof typeof WORKFLOW_KINDS;
/** The permission a work item's assignee needs to decide its tasks: the stage's review, or score entry. */
export function workItemPermission(stage: WorkflowStage, kind: WorkflowKind): Permission {
  if (kind === 'score') return 'score:entry';
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
  if (kinds.length === 0) return stageEmptyMessage(stage);
  const scores = kinds.filter((k) => k === 'score').length;
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
  if (items.length === 0) return WORKFLOW_ITEMS_EMPTY_MESSAGE;
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
  .refine((v): v is WorkflowStage => WORKFLOW_STAGE_LIST.includes(v as WorkflowStage), '阶段不正确')
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

/** Replaces the stage's ordered list in one go: items keep the order given. */
export const saveWorkflow = postEndpoint('/recruitment/workflow/save', {
  permissions: ['plan:edit'],
  input: z.object({
    planId: idOf('招录计划'),
    stage: stageSchema,
    items: z
      .array(workflowItemInput, { error: WORKFLOW_ITEMS_EMPTY_MESSAGE })
      .min(1, WORKFLOW_ITEMS_EMPTY_MESSAGE)
      .max(WORKFLOW_ITEMS_MAX, `每个阶段最多安排 ${WORKFLOW_ITEMS_MAX} 项工作`),
  }),
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
  input: z.object({ planId: idOf('招录计划') }),
  output: z.object({ planId: z.number().int(), valid: z.boolean(), stages: z.array(workflowStageCheck) }),
});

/** Enabled staff of the company, to assign work to, with the permissions that decide which items they may take. */
export const workflowStaffOptions = postEndpoint('/recruitment/workflow/staffOptions', {
  input: emptyInput,
  output: z.array(
    z.object({ id: z.number().int(), name: z.string(), departmentName: z.string(), permissions: z.array(z.string()) }),
  ),
});
