import { z } from 'zod';
import { resumeView } from '../resume-view.js';
import { exportEndpoint, idOf, pageInput, pageOf, postEndpoint } from '../api.js';
import { OTHER_REJECTION_REASON } from '../dict.js';
import {
  APPLICATION_STATUS, type ApplicationStatus, EXAM_STAGE_TABLE, PROPOSED_FOR_HIRING_STATUS,
  SIGN_UP_OPEN_STATUSES, SIGN_UP_REJECTED_STATUSES, SIGN_UP_STAGE, GATE_STAGE_TABLE, examStageOpenStatuses,
  examStageStatuses, gateStatuses,
} from '../application-status.js';
import { CANDIDATE_READ_PERMISSIONS, applicantOnPost, applicationOnPlanPost, applicationStatusFilter, optionalText, talentInput } from './application.js';
import { postDetail } from './post.js';
import type { WorkflowStage } from './workflow.js';
import { PLAN_EXAM_MODES, type PlanExamMode } from '../plan-exam-modes.js';

/** A task of an application for one work item (DESIGN §5): 0 pending, 1 passed, 2 failed. */
export const TASK_STATUS = { pending: 0, passed: 1, failed: 2 } as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

/** The application statuses of each review stage (type 1 sign-up, then the exam stages, then the gates). */
export const STAGE_STATUSES = Object.fromEntries([
  [SIGN_UP_STAGE.stage, Object.values(SIGN_UP_STAGE.statuses)],
  ...EXAM_STAGE_TABLE.map((s) => [s.stage, examStageStatuses(s)]),
  ...GATE_STAGE_TABLE.map((g) => [g.stage, gateStatuses(g)]),
]) as Record<WorkflowStage, readonly ApplicationStatus[]>;

/** The statuses in which the stage's tasks are still being decided (a gate's: its 待定 / 公示中). */
export const STAGE_OPEN_STATUSES = Object.fromEntries([
  [SIGN_UP_STAGE.stage, SIGN_UP_OPEN_STATUSES],
  ...EXAM_STAGE_TABLE.map((s) => [s.stage, examStageOpenStatuses(s)]),
  ...GATE_STAGE_TABLE.map((g) => [g.stage, [g.statuses.pending]]),
]) as Record<WorkflowStage, readonly ApplicationStatus[]>;

const examModes = Object.keys(PLAN_EXAM_MODES) as [PlanExamMode, ...PlanExamMode[]];

/** Where an application goes once its last sign-up task passed, by the plan's exam mode. */
export const SIGN_UP_PASSED_STATUS: Record<PlanExamMode, ApplicationStatus> = {
  full: EXAM_STAGE_TABLE[0].statuses.awaitingTicket,
  interview: APPLICATION_STATUS.awaitingInterview,
  direct: PROPOSED_FOR_HIRING_STATUS,
};

export const REJECT_TYPE_MESSAGE = '请选择审核失败类型';
export const REJECT_REASON_MESSAGE = '请输入驳回原因';
export const REJECT_REASON_MAX = 500;
/** The reject dialog's two types (SPEC dialog 1): the candidate may correct and resubmit (12), or not (13). */
export const REJECT_STATUSES = SIGN_UP_REJECTED_STATUSES;

/**
 * SPEC §5: the chosen reasons' labels joined with commas, 'other' skipped and its free text appended.
 * `reasons` are dictionary entries in the order chosen.
 */
export function rejectionRemarks(reasons: readonly { label: string; value: string }[], otherText: string): string {
  const parts = reasons.filter((r) => r.value !== OTHER_REJECTION_REASON).map((r) => r.label);
  const other = otherText.trim();
  if (other) parts.push(other);
  return parts.join('，');
}

/** At most this many applications in one batch pass. */
export const BATCH_PASS_MAX = 1000;

const stageType = z.coerce
  .number({ error: '审核阶段不正确' })
  .refine((v): v is WorkflowStage => v === 1 || v === 2 || v === 3, '审核阶段不正确')
  .transform((v) => v as WorkflowStage)
  .default(1);

/** submitAudit (SPEC §7, `tastId` as SPEC spells it): decide one task; a failure needs its type and reason. */
export const submitAudit = postEndpoint('/recruitment/submitAudit', {
  permissions: ['review:signup'],
  input: z
    .object({
      tastId: idOf('审核任务'),
      status: z.union([z.literal(TASK_STATUS.passed), z.literal(TASK_STATUS.failed)], { error: '审核结果不正确' }),
      /** 12 or 13, required when the task fails. */
      failStatus: z.union([z.literal(12), z.literal(13)], { error: REJECT_TYPE_MESSAGE }).optional(),
      remarks: z.string({ error: '审核意见必须是文字' }).trim().max(REJECT_REASON_MAX, `审核意见最长 ${REJECT_REASON_MAX} 个字`).default(''),
    })
    .superRefine((v, ctx) => {
      if (v.status !== TASK_STATUS.failed) return;
      if (v.failStatus === undefined) ctx.addIssue({ code: 'custom', message: REJECT_TYPE_MESSAGE, path: ['failStatus'] });
      else if (!v.remarks) ctx.addIssue({ code: 'custom', message: REJECT_REASON_MESSAGE, path: ['remarks'] });
    }),
  output: z.object({ applicationId: z.number().int(), status: z.number().int() }),
});

export const waitAuditRow = z.object({
  taskId: z.number().int(),
  workItem: z.string(),
  ...applicationOnPlanPost,
  status: z.number().int(),
  createdAt: z.string(),
});
export type WaitAuditRow = z.infer<typeof waitAuditRow>;

/** 待审核: the caller's pending tasks that can be decided now (every earlier item passed), oldest application first. */
export const recruitmentWaitAuditList = postEndpoint('/recruitment/recruitmentWaitAuditList', {
  reads: true,
  permissions: ['review:signup'],
  input: pageInput.extend({
    type: stageType,
    planId: idOf('招录计划').optional(),
    keyword: optionalText('关键词', 30),
    /** Only the applications after this one in the list's order (下一位 in the detail dialog). */
    afterId: idOf('报名记录').optional(),
  }),
  output: pageOf(waitAuditRow),
});

export const auditRow = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  ...applicantOnPost,
  education: z.string(),
  status: z.number().int(),
  /** The work item being decided now, '' when none is pending. */
  currentWorkItem: z.string(),
  /** The caller's task that can be decided now, null when there is none. */
  myTaskId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof auditRow>;

/** 报名资格审核's filters, shared by the list, its export and the batch pass by filter. */
const auditFilters = {
  recruitmentId: idOf('岗位').optional(),
  status: applicationStatusFilter,
  realName: optionalText('姓名', 30),
  identityNo: optionalText('身份证号码', 18),
  phone: optionalText('手机号码', 11),
};

/** 报名资格审核 (type 1): every application of the plan, filtered, newest first, paged on the server. */
export const getCompanyRecruitmentAuditList = postEndpoint('/recruitment/getCompanyRecruitmentAuditList', {
  reads: true,
  permissions: ['review:signup'],
  input: pageInput.extend({
    type: stageType,
    planId: idOf('招录计划'),
    ...auditFilters,
    /** Only the applications after this one in the list's order (下一位 in the detail dialog). */
    afterId: idOf('报名记录').optional(),
  }),
  output: pageOf(auditRow),
});

/** The two sheets the sign-up review lists export (SPEC: the office's forms). */
export const REVIEW_EXPORT_SHEETS = { summary: '报名信息汇总表', review: '资格审查表' } as const;
export type ReviewExportSheet = keyof typeof REVIEW_EXPORT_SHEETS;
export const REVIEW_EXPORT_SHEET_CHOICES = Object.entries(REVIEW_EXPORT_SHEETS).map(([value, label]) => ({ value, label }));
const reviewExportSheet = z
  .enum(Object.keys(REVIEW_EXPORT_SHEETS) as [ReviewExportSheet, ...ReviewExportSheet[]], { error: '导出表格类型不正确' })
  .default('summary');

/**
 * 报名资格审核 as .xlsx (GET, answered as a file): every application the same filters list, not one page;
 * `summary` one row per application with the applicant's full data, `review` with each work item's decision.
 */
export const exportAuditList = exportEndpoint('/recruitment/getCompanyRecruitmentAuditList/export', {
  permissions: ['review:signup'],
  input: z.object({
    type: stageType,
    planId: idOf('招录计划'),
    ...auditFilters,
    sheet: reviewExportSheet,
  }),
  output: z.unknown(),
});

/** 待审核 as .xlsx: every task the same filters list (see exportAuditList for the two sheets). */
export const exportWaitAuditList = exportEndpoint('/recruitment/recruitmentWaitAuditList/export', {
  permissions: ['review:signup'],
  input: z.object({
    type: stageType,
    planId: idOf('招录计划').optional(),
    keyword: optionalText('关键词', 30),
    sheet: reviewExportSheet,
  }),
  output: z.unknown(),
});

export const batchPassResult = z.object({
  passed: z.number().int(),
  refused: z.array(z.object({ id: z.number().int(), realName: z.string(), reason: z.string() })),
});
export type BatchPassResult = z.infer<typeof batchPassResult>;

const batchIds = z
  .array(idOf('报名记录'), { error: '请选择报名人员' })
  .min(1, '请选择报名人员')
  .max(BATCH_PASS_MAX, `每次最多处理 ${BATCH_PASS_MAX} 人`);

/**
 * "All pages" of 报名资格审核 or 待审核: their filters (a plan, post, status, name, identity number and phone
 * prefixes, or 待审核's keyword), of the sign-up stage, applied to the applications whose task the caller can decide now.
 */
export const candidatePassFilter = z.object(
  {
    planId: idOf('招录计划').optional(),
    ...auditFilters,
    keyword: optionalText('关键词', 30),
  },
  { error: '筛选条件不正确' },
);
export type CandidatePassFilter = z.input<typeof candidatePassFilter>;

/**
 * Batch pass (报名资格审核, 待审核): for each application, the caller's task that can be decided now passes. The
 * applications are the chosen `ids`, or every one `filter` finds (at most BATCH_PASS_MAX).
 */
export const updateCandidatePass = postEndpoint('/recruitment/updateCandidatePass', {
  permissions: ['review:signup'],
  input: z
    .object({ ids: batchIds.optional(), filter: candidatePassFilter.optional(), remarks: optionalText('审核意见', REJECT_REASON_MAX) })
    .refine((v) => (v.ids === undefined) !== (v.filter === undefined), '请选择报名人员'),
  output: batchPassResult,
});

/** How many applications a batch pass by `filter` would take now (the count "已选择全部 N 份" states). */
export const candidatePassCount = postEndpoint('/recruitment/candidatePassCount', {
  reads: true,
  permissions: ['review:signup'],
  input: z.object({ filter: candidatePassFilter }),
  output: z.object({ total: z.number().int() }),
});

export const auditDetail = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  examMode: z.enum(examModes),
  recruitmentId: z.number().int(),
  realName: z.string(),
  identityNo: z.string(),
  phone: z.string(),
  status: z.number().int(),
  admissionTicketCode: z.string().nullable(),
  writtenGrade: z.string().nullable(),
  auditionGrade: z.string().nullable(),
  createdAt: z.string(),
  job: postDetail,
});
export type AuditDetail = z.infer<typeof auditDetail>;

/** The detail dialog's application, job and company (SPEC dialog 1). */
export const recruitmentAuditDetail = postEndpoint('/recruitment/recruitmentAuditDetail/:id', {
  reads: true,
  permissions: CANDIDATE_READ_PERMISSIONS,
  input: z.object({ id: idOf('报名记录') }),
  output: auditDetail,
});

/** The resume as submitted with the application, as the post's resume template shows it (SPEC dialog 3). */
export const candidateDetail = postEndpoint('/recruitment/candidateDetail/:id', {
  reads: true,
  auditsView: true,
  permissions: CANDIDATE_READ_PERMISSIONS,
  input: z.object({ id: idOf('报名记录') }),
  output: resumeView,
});

export const taskStep = z.object({
  workItemId: z.number().int(),
  workItem: z.string(),
  kind: z.enum(['verify', 'score']),
  /** The task's id, null while the application has not reached the stage. */
  taskId: z.number().int().nullable(),
  /** Who decided, or who is to decide. */
  verifierName: z.string(),
  status: z.number().int(),
  /** ISO time, null while pending. */
  verifiedAt: z.string().nullable(),
  score: z.string().nullable(),
  remarks: z.string(),
});
export type TaskStep = z.infer<typeof taskStep>;

/** The operation history as three step lists (SPEC dialog 9), and what the caller may do now. */
export const candidateTask = postEndpoint('/recruitment/candidateTask/:id', {
  reads: true,
  permissions: CANDIDATE_READ_PERMISSIONS,
  input: z.object({ id: idOf('报名记录') }),
  output: z.object({
    stages: z.array(z.object({ stage: z.number().int(), stageName: z.string(), steps: z.array(taskStep) })),
    /** The caller's task that can be decided now (enables the audit buttons), else null. */
    actionableTaskId: z.number().int().nullable(),
    history: z.array(
      z.object({
        fromStatus: z.number().int().nullable(),
        toStatus: z.number().int(),
        actorName: z.string(),
        remarks: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
});

export const reviewerRow = z.object({
  workItemId: z.number().int(),
  workItem: z.string(),
  staffName: z.string(),
  pending: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
});
export type ReviewerRow = z.infer<typeof reviewerRow>;

/** 人数统计 (/examine): the sign-up stage's tasks of a plan by work item and reviewer. */
export const reviewerStatistics = postEndpoint('/recruitment/reviewerStatistics', {
  reads: true,
  permissions: CANDIDATE_READ_PERMISSIONS,
  input: z.object({ planId: idOf('招录计划'), type: stageType }),
  output: z.array(reviewerRow),
});

export const signUpResultRow = z.object({
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  places: z.number().int(),
  applied: z.number().int(),
  inReview: z.number().int(),
  rejected: z.number().int(),
  passed: z.number().int(),
});
export type SignUpResultRow = z.infer<typeof signUpResultRow>;

/** signUpFinalReview: the sign-up review's outcome per post of a plan (passed: moved on to a later stage). */
export const signUpFinalReview = postEndpoint('/recruitment/signUpFinalReview', {
  permissions: CANDIDATE_READ_PERMISSIONS,
  input: z.object({ planId: idOf('招录计划') }),
  output: z.array(signUpResultRow),
});

/** casualRecruitmentPass (考核招聘): set which exams the plan runs, while nobody has passed its sign-up review yet. */
export const casualRecruitmentPass = postEndpoint('/recruitment/casualRecruitmentPass', {
  permissions: ['plan:edit'],
  input: z.object({ planId: idOf('招录计划'), examMode: z.enum(examModes, { error: '请选择考试方式' }) }),
  output: z.object({ planId: z.number().int(), examMode: z.enum(examModes) }),
});

/**
 * casualRecruitmentCandidatePass: in a plan without exams (or interview only), the plan manager passes
 * candidates still in sign-up review straight on (10/11 → 34, or → 30), recorded in the history.
 */
export const casualRecruitmentCandidatePass = postEndpoint('/recruitment/casualRecruitmentCandidatePass', {
  permissions: ['plan:edit'],
  input: z.object({ ids: batchIds, remarks: optionalText('备注', REJECT_REASON_MAX) }),
  output: batchPassResult,
});

/**
 * Candidate-site call: a candidate whose application was returned (12) sends a corrected resume; the
 * application goes back to 10 with its sign-up tasks pending again, its history kept. The identity
 * number and phone must be the application's own.
 */
export const resubmitApplication = postEndpoint('/open/recruitment/resubmit', {
  auth: false,
  input: z.object({
    applicationId: idOf('报名记录'),
    talentInfo: z.looseObject({}, { error: '请填写简历' }).pipe(talentInput),
  }),
  output: z.object({ applicationId: z.number().int(), status: z.number().int() }),
});

export const DUPLICATE_KINDS = {
  identity: '身份证号码相同',
  phone: '手机号码相同但姓名不同',
  nameBirthday: '姓名和出生日期相同但身份证号码不同',
} as const;
export type DuplicateKind = keyof typeof DUPLICATE_KINDS;

export const duplicateMember = z.object({
  applicationId: z.number().int(),
  planName: z.string(),
  jobVacancy: z.string(),
  realName: z.string(),
  identityNo: z.string(),
  phone: z.string(),
  birthday: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
});
export const duplicateGroup = z.object({
  kind: z.enum(Object.keys(DUPLICATE_KINDS) as [DuplicateKind, ...DuplicateKind[]]),
  /** Why these applications look like one person, in words. */
  reason: z.string(),
  members: z.array(duplicateMember),
});
export type DuplicateGroup = z.infer<typeof duplicateGroup>;

/** 应聘查重: groups of the company's applications that look like one person applying twice. */
export const duplicateCandidateGroups = postEndpoint('/recruitment/duplicateCandidateGroups', {
  reads: true,
  permissions: CANDIDATE_READ_PERMISSIONS,
  input: z.object({ planId: idOf('招录计划').optional() }),
  output: z.array(duplicateGroup),
});

/** 应聘查重 as .xlsx: one row per member of every group, the group's number and reason beside it. */
export const exportDuplicateGroups = exportEndpoint('/recruitment/duplicateCandidateGroups/export', {
  permissions: CANDIDATE_READ_PERMISSIONS,
  input: z.object({ planId: idOf('招录计划').optional() }),
  output: z.unknown(),
});
