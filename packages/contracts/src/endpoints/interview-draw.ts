import { z } from 'zod';
import { allListEndpoint, getEndpoint, idOf, postEndpoint } from '../api.js';
import { INTERVIEW_DRAW_PERMISSIONS, INTERVIEW_DRAW_VIEW_PERMISSIONS, INTERVIEW_EXAMINER_PERMISSIONS } from '../permissions.js';
import { DATE_PATTERN, isRealDate, requiredText } from '../validation.js';
import { optionalText } from './application.js';
import { scoreText } from './exam.js';

/**
 * DESIGN §5 "Fair-exam rules beyond SPEC": interview draws (面试抽签).
 *
 * - 考官库: the company's examiners (name, 招录部门, an optional linked staff account — an examiner who scores on the
 *   tablet signs in as that staff user) and their declared conflicts (回避: with a candidate, or with a whole post).
 * - 面试分组: per plan, a group is an interview room (考场, stage 3) on a date with the posts whose candidates it
 *   interviews (a post's candidates are all in one group). Its candidates are the applications of those posts at the
 *   interview stage (30 待面试 / 31 待录入面试成绩) when the order is drawn.
 * - 抽取面试顺序: a seeded shuffle gives each candidate an order number 1..n in the group; the seed is recorded and the
 *   same seed gives the same order.
 * - 抽取考官: per plan and day, every group gets one 主考官 (chief, seat 0: presides and signs the score sheet, does not
 *   score) and one examiner per interview score item of the plan's 招录工作安排 (seat i scores through the i-th score
 *   item in the workflow's order), drawn from the enabled examiners with a recorded seed, respecting 回避: nobody with a
 *   declared conflict with a candidate or post of the group; no examiner of a post's hiring department (招录部门) as
 *   chief of a group holding that post; nobody in two groups on one day. When no assignment satisfies this: 409,
 *   nothing written. Draws can be repeated only while no score of the group is entered (409 after).
 * - 按序号评分: the drawn examiner sees the group's candidates by order number only and enters their seat's score; once
 *   every seat of a candidate is in, the interview score follows the panel rule of 成绩录入 (mean; five or more seats:
 *   highest and lowest dropped) and the candidate moves 31 → 32, exactly as score entry does.
 * - Staff views show numbers and seat scores; names and ticket codes only once every candidate of the group has all
 *   scores in (`revealed`).
 */


export const DRAW_EXAMINER_NAME_MAX = 20;
export const EXAMINER_REMARKS_MAX = 100;
export const CONFLICT_REASON_MAX = 200;
export const DRAW_GROUP_POSTS_MAX = 50;
export const DRAW_SEED_MAX = 2_147_483_647;

// Messages (every refusal of these calls, in Chinese).
export const EXAMINER_MISSING = '考官不存在';
export const EXAMINER_IN_DRAW = '该考官已被抽入面试分组，不能删除（可停用）';
export const EXAMINER_STAFF_TAKEN = '该工作人员已关联了另一位考官';
export const CONFLICT_MISSING = '回避记录不存在';
export const CONFLICT_TARGET_REQUIRED = '请选择需回避的考生或岗位（二选一）';
export const CONFLICT_TWICE = '该考官已登记了这一回避';
export const DRAW_GROUP_MISSING = '面试分组不存在';
export const DRAW_ROOM_MISSING = '面试考场不存在';
export const DRAW_ROOM_TAKEN = '该考场在这一天已有面试分组';
export const DRAW_POST_TAKEN = (jobVacancy: string) => `岗位“${jobVacancy}”已在另一个面试分组中，一个岗位的考生须在同一组`;
export const DRAW_POSTS_REQUIRED = '请选择该组面试的岗位';
export const DRAW_NO_CANDIDATES = '该组没有待面试的考生';
export const DRAW_SCORES_ENTERED = '该组已有考生录入面试成绩，不能再修改分组或重新抽签';
export const DRAW_ORDER_NOT_DRAWN = '该组尚未抽取面试顺序';
export const DRAW_EXAMINERS_NOT_DRAWN = '该组尚未抽取考官';
export const DRAW_NO_SCORE_ITEMS = '面试阶段还没有安排评分工作，请先在招录工作安排中为每位考官安排一项成绩录入';
export const DRAW_NO_GROUPS = '这一天没有可抽取考官的面试分组';
/** No assignment of examiners satisfies 回避 (or there are too few examiners). */
export const drawImpossibleMessage = (needed: number, available: number) =>
  available < needed
    ? `可抽取的考官不足：这些分组共需 ${needed} 位考官（每组 1 位主考官和各评分考官），当天可用 ${available} 位`
    : '按回避规则无法为这些分组抽取考官（声明回避的考官不能进入相关分组，招录部门的考官不能担任本部门岗位所在分组的主考官），请增加考官或调整回避后重试';
export const DRAW_ORDER_NO_MISSING = '该序号的考生不存在';
export const DRAW_NOT_YOUR_GROUP = '您不是该组抽中的评分考官';
export const DRAW_CHIEF_DOES_NOT_SCORE = '主考官不评分';
export const DRAW_CANDIDATE_ABSENT = '该考生已登记缺考，不能评分';
export const DRAW_DEPARTMENT_MISSING = '部门不存在';
export const DRAW_STAFF_MISSING = '工作人员不存在';
/** Warnings shown on a group when something changed after its draws (see drawGroupRow.warnings). */
export const drawWarningUnnumbered = (n: number) => `有 ${n} 名考生在抽取面试顺序后进入面试，尚无序号，请重新抽取面试顺序`;
export const drawWarningAvoidance = (name: string) => `考官“${name}”按回避规则不能担任本组现在的席位（抽签后登记了回避或调整了部门），请重新抽取考官`;
export const DRAW_WARNING_ITEMS_CHANGED = '招录工作安排的面试评分项在抽取考官后有变化，请重新抽取考官';
export const DRAW_WARNING_NO_LOGIN = '有评分考官没有可登录平板的工作人员账号（或该账号没有成绩录入权限），其分数须由工作人员在成绩录入中代录';
export const DRAW_POST_NOT_IN_PLAN = '岗位不属于该招录计划';

export const drawDate = z
  .string({ error: '面试日期格式应为 YYYY-MM-DD' })
  .trim()
  .regex(DATE_PATTERN, '面试日期格式应为 YYYY-MM-DD')
  .refine(isRealDate, '面试日期不正确');

/** Optional: without it the server draws a seed and records it; with it the draw is repeated exactly. */
export const drawSeed = z.coerce
  .number({ error: '随机种子必须是数字' })
  .int('随机种子必须是整数')
  .min(0, '随机种子不能为负数')
  .max(DRAW_SEED_MAX, '随机种子太大')
  .optional();

// ---------------------------------------------------------------------------------------------------------------
// 考官库

export const interviewExaminerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 招录部门 (sys_org), null for an examiner from outside the company's departments. */
  departmentId: z.number().int().nullable(),
  departmentName: z.string(),
  /** The staff account the examiner signs in with on the tablet (null: no login; their seat is entered by staff). */
  staffUserId: z.number().int().nullable(),
  staffUserName: z.string(),
  /** The linked account holds 成绩录入 (score:entry) and is enabled: the examiner can score on the tablet. */
  canScore: z.boolean(),
  /** E.g. the outside unit, title. */
  remarks: z.string(),
  enabled: z.boolean(),
  conflictCount: z.number().int(),
});
export type InterviewExaminerRow = z.infer<typeof interviewExaminerRow>;

/** The company's examiners, by name. */
export const interviewExaminerList = postEndpoint('/recruitment/interviewDraw/examiner/list', {
  reads: true,
  permissions: INTERVIEW_DRAW_PERMISSIONS,
  input: z.object({ keyword: optionalText('关键词', 30), enabled: z.boolean({ error: '状态不正确' }).optional() }),
  output: z.array(interviewExaminerRow),
});

/** Adds (no id) or changes an examiner. A staff account links to at most one examiner (409). */
export const saveInterviewExaminer = postEndpoint('/recruitment/interviewDraw/examiner/save', {
  permissions: INTERVIEW_DRAW_PERMISSIONS,
  input: z.object({
    id: idOf('考官').optional(),
    name: requiredText('考官姓名', DRAW_EXAMINER_NAME_MAX),
    departmentId: idOf('招录部门').nullable().default(null),
    staffUserId: idOf('工作人员').nullable().default(null),
    remarks: optionalText('备注', EXAMINER_REMARKS_MAX),
    enabled: z.boolean({ error: '状态不正确' }).default(true),
  }),
  output: z.object({ id: z.number().int() }),
});

/** Deletes an examiner never drawn into a group (409 EXAMINER_IN_DRAW otherwise), with their conflicts. */
export const deleteInterviewExaminer = postEndpoint('/recruitment/interviewDraw/examiner/delete', {
  permissions: INTERVIEW_DRAW_PERMISSIONS,
  input: z.object({ id: idOf('考官') }),
  output: z.null(),
});

export const interviewConflictRow = z.object({
  id: z.number().int(),
  examinerId: z.number().int(),
  examinerName: z.string(),
  planId: z.number().int(),
  /** 'application': with one candidate; 'post': with every candidate of a post. */
  kind: z.enum(['application', 'post']),
  applicationId: z.number().int().nullable(),
  /** The candidate's name ('' for a post conflict): staff declaring conflicts see names, examiners never do. */
  realName: z.string(),
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type InterviewConflictRow = z.infer<typeof interviewConflictRow>;

/** Declared conflicts (回避), of one plan, optionally of one examiner. */
export const interviewConflictList = postEndpoint('/recruitment/interviewDraw/conflict/list', {
  reads: true,
  permissions: INTERVIEW_DRAW_PERMISSIONS,
  input: z.object({ planId: idOf('招录计划'), examinerId: idOf('考官').optional() }),
  output: z.array(interviewConflictRow),
});

/**
 * Declares a conflict of an examiner with a candidate (applicationId) or a post (recruitmentId), exactly one of the two,
 * with a reason. Declared after the examiners were drawn, it shows as a warning on the group (re-draw to honour it).
 */
export const saveInterviewConflict = postEndpoint('/recruitment/interviewDraw/conflict/save', {
  permissions: INTERVIEW_DRAW_PERMISSIONS,
  input: z
    .object({
      examinerId: idOf('考官'),
      applicationId: idOf('报名').optional(),
      recruitmentId: idOf('岗位').optional(),
      reason: requiredText('回避原因', CONFLICT_REASON_MAX),
    })
    .refine((v) => (v.applicationId === undefined) !== (v.recruitmentId === undefined), { message: CONFLICT_TARGET_REQUIRED, path: ['applicationId'] }),
  output: z.object({ id: z.number().int() }),
});

export const deleteInterviewConflict = postEndpoint('/recruitment/interviewDraw/conflict/delete', {
  permissions: INTERVIEW_DRAW_PERMISSIONS,
  input: z.object({ id: idOf('回避记录') }),
  output: z.null(),
});

// ---------------------------------------------------------------------------------------------------------------
// 面试分组与抽签

export const drawGroupExaminer = z.object({
  /** 0 = 主考官 (presides, signs, does not score); 1..n = the seat scoring through the n-th interview score item. */
  seat: z.number().int(),
  chief: z.boolean(),
  examinerId: z.number().int(),
  name: z.string(),
  departmentName: z.string(),
  /** The seat's score item (null for the chief). */
  workItemId: z.number().int().nullable(),
  workItem: z.string(),
  /** The examiner has a tablet login (linked staff account able to score). */
  canScore: z.boolean(),
});
export type DrawGroupExaminer = z.infer<typeof drawGroupExaminer>;

export const drawGroupPost = z.object({
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  departmentName: z.string(),
  /** Applications of the post at the interview stage now (30/31). */
  candidates: z.number().int(),
});

export const drawGroupRow = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  roomId: z.number().int(),
  roomName: z.string(),
  /** 'YYYY-MM-DD' */
  date: z.string(),
  posts: z.array(drawGroupPost),
  /** Candidates holding an order number (0 before the order draw). */
  candidateCount: z.number().int(),
  orderSeed: z.number().int().nullable(),
  orderDrawnAt: z.string().nullable(),
  orderDrawnBy: z.string().nullable(),
  examinerSeed: z.number().int().nullable(),
  examinersDrawnAt: z.string().nullable(),
  examinersDrawnBy: z.string().nullable(),
  examiners: z.array(drawGroupExaminer),
  /** Candidates with every seat's score in (or 缺考). */
  scoredCount: z.number().int(),
  /** Some score of the group is entered: groups and draws are fixed. */
  scoringStarted: z.boolean(),
  /** Every candidate of the group has all scores in: names are shown. */
  revealed: z.boolean(),
  /**
   * What changed since the draws and may need a re-draw: a candidate of the posts now at the stage without a number,
   * a conflict declared after the examiner draw, the number of score items changed. Empty when none.
   */
  warnings: z.array(z.string()),
});
export type DrawGroupRow = z.infer<typeof drawGroupRow>;

/** A plan's interview groups (by date, then room) and its interview-stage posts not yet in a group. */
export const interviewDrawGroupList = postEndpoint('/recruitment/interviewDraw/group/list', {
  reads: true,
  permissions: INTERVIEW_DRAW_VIEW_PERMISSIONS,
  input: z.object({ planId: idOf('招录计划') }),
  output: z.object({
    /** The plan's interview date ('YYYY-MM-DD', from 面试开始时间), the default for a new group; null when not set. */
    defaultDate: z.string().nullable(),
    /** The plan's interview score items (the scoring seats per group), in order. */
    scoreItems: z.array(z.object({ workItemId: z.number().int(), workItem: z.string() })),
    groups: z.array(drawGroupRow),
    unassignedPosts: z.array(drawGroupPost),
  }),
});

/**
 * Adds (no id) or changes a group: an interview room of the plan, a date and its posts (each post in one group of the
 * plan, 409 otherwise; one group per room and date, 409). Changing a group clears its draws; refused once a score of
 * the group is entered (409 DRAW_SCORES_ENTERED).
 */
export const saveInterviewDrawGroup = postEndpoint('/recruitment/interviewDraw/group/save', {
  permissions: INTERVIEW_DRAW_PERMISSIONS,
  input: z.object({
    id: idOf('面试分组').optional(),
    planId: idOf('招录计划'),
    roomId: idOf('面试考场'),
    date: drawDate,
    recruitmentIds: z
      .array(idOf('岗位'), { error: DRAW_POSTS_REQUIRED })
      .min(1, DRAW_POSTS_REQUIRED)
      .max(DRAW_GROUP_POSTS_MAX, `每组最多 ${DRAW_GROUP_POSTS_MAX} 个岗位`)
      .refine((ids) => new Set(ids).size === ids.length, '岗位不能重复'),
  }),
  output: z.object({ id: z.number().int() }),
});

/** Deletes a group with its draws, before any score of it is entered (409 after). */
export const deleteInterviewDrawGroup = postEndpoint('/recruitment/interviewDraw/group/delete', {
  permissions: INTERVIEW_DRAW_PERMISSIONS,
  input: z.object({ id: idOf('面试分组') }),
  output: z.null(),
});

export const drawCandidateRow = z.object({
  orderNo: z.number().int(),
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  /** Each scoring seat's score, seat 1..n (null: not entered). */
  seatScores: z.array(z.object({ seat: z.number().int(), score: z.string().nullable() })),
  /** The panel's interview score once every seat is in (null before). */
  interviewScore: z.string().nullable(),
  absent: z.boolean(),
  /** Every seat is in (or 缺考). */
  complete: z.boolean(),
  /** Null until the group is revealed (every candidate complete). */
  applicationId: z.number().int().nullable(),
  realName: z.string().nullable(),
  ticketCode: z.string().nullable(),
});
export type DrawCandidateRow = z.infer<typeof drawCandidateRow>;

/** One group for staff: the group, then its candidates by order number (names only once revealed). */
export const interviewDrawGroupDetail = postEndpoint('/recruitment/interviewDraw/group/detail', {
  reads: true,
  permissions: INTERVIEW_DRAW_VIEW_PERMISSIONS,
  input: z.object({ id: idOf('面试分组') }),
  output: z.object({ group: drawGroupRow, fullMarks: z.string(), candidates: z.array(drawCandidateRow) }),
});

/**
 * 抽取面试顺序: the group's candidates at the interview stage (30/31) get order numbers 1..n from a seeded shuffle (the
 * same seed and candidates give the same order); the seed is recorded. Again (re-draw) only while no score of the
 * group is entered.
 */
export const drawInterviewOrder = postEndpoint('/recruitment/interviewDraw/group/drawOrder', {
  permissions: INTERVIEW_DRAW_PERMISSIONS,
  input: z.object({ id: idOf('面试分组'), seed: drawSeed }),
  output: z.object({ seed: z.number().int(), candidates: z.number().int() }),
});

/**
 * 抽取考官: for the plan's groups on `date` (all of them, or `groupIds`), a chief and one examiner per score item each,
 * from the enabled examiners not already drawn into another group that day, respecting 回避; seeded and recorded (the
 * same seed, examiners and conflicts give the same draw). All or nothing: 409 when no assignment satisfies 回避, or a
 * group has a score entered.
 */
export const drawInterviewExaminers = postEndpoint('/recruitment/interviewDraw/drawExaminers', {
  permissions: INTERVIEW_DRAW_PERMISSIONS,
  input: z.object({
    planId: idOf('招录计划'),
    date: drawDate,
    groupIds: z.array(idOf('面试分组')).max(100, '分组太多').optional(),
    seed: drawSeed,
  }),
  output: z.object({ seed: z.number().int(), groups: z.number().int() }),
});

/**
 * 抽签表 (PDF, GET answered as a file): the group, room, date and, by order number, ticket code, post and a signature
 * column, for the sign-in desk of the waiting room (which checks the ticket and identity card against the number).
 * Refused (409) before the order draw.
 */
export const interviewDrawSheetPdf = getEndpoint('/recruitment/interviewDraw/group/:id/drawSheet', {
  permissions: INTERVIEW_DRAW_PERMISSIONS,
  input: z.object({ id: idOf('面试分组') }),
  output: z.unknown(),
});

/**
 * 面试评分汇总表 (PDF, GET answered as a file): order number × seat scores, the panel's score, and signature lines for
 * every examiner and the chief; by number only (no names). Refused (409) before both draws.
 */
export const interviewScoreSheetPdf = getEndpoint('/recruitment/interviewDraw/group/:id/scoreSheet', {
  permissions: INTERVIEW_DRAW_VIEW_PERMISSIONS,
  input: z.object({ id: idOf('面试分组') }),
  output: z.unknown(),
});

// ---------------------------------------------------------------------------------------------------------------
// 考官评分（平板）

export const examinerGroupRow = z.object({
  groupId: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  roomName: z.string(),
  date: z.string(),
  /** The caller's seat: 0 chief (does not score), 1..n scoring. */
  seat: z.number().int(),
  chief: z.boolean(),
  workItem: z.string(),
  candidateCount: z.number().int(),
  /** Candidates the caller's seat has scored. */
  scoredByMe: z.number().int(),
});
export type ExaminerGroupRow = z.infer<typeof examinerGroupRow>;

/** The groups the signed-in staff user was drawn into (as a linked examiner), newest date first. */
export const myInterviewDrawGroups = allListEndpoint('/recruitment/interviewDraw/mine', examinerGroupRow, INTERVIEW_EXAMINER_PERMISSIONS);

export const examinerCandidateRow = z.object({
  orderNo: z.number().int(),
  jobVacancy: z.string(),
  /** The caller's seat's score (null: not yet). */
  myScore: z.string().nullable(),
  absent: z.boolean(),
  /** The score was reviewed (审核): it can no longer change. */
  locked: z.boolean(),
});

/**
 * The caller's group for scoring: candidates by order number only — no name, identity number or ticket code.
 * Another company's group: 404; a group the caller was not drawn into: 403.
 */
export const myInterviewDrawGroup = postEndpoint('/recruitment/interviewDraw/mine/detail', {
  reads: true,
  permissions: INTERVIEW_EXAMINER_PERMISSIONS,
  input: z.object({ groupId: idOf('面试分组') }),
  output: z.object({ group: examinerGroupRow, fullMarks: z.string(), candidates: z.array(examinerCandidateRow) }),
});

/**
 * The caller's seat's score for one order number (≤ full marks; may be corrected until reviewed). When every seat of the
 * candidate is in, the interview score is set by the panel rule and the candidate moves 31 → 32 (as 成绩录入 does).
 */
export const scoreByOrderNo = postEndpoint('/recruitment/interviewDraw/mine/score', {
  permissions: INTERVIEW_EXAMINER_PERMISSIONS,
  input: z.object({ groupId: idOf('面试分组'), orderNo: z.coerce.number({ error: '面试序号必须是数字' }).int('面试序号必须是整数').min(1, '面试序号从 1 开始').max(10000, '面试序号不正确'), score: scoreText }),
  output: z.object({ orderNo: z.number().int(), score: z.string(), complete: z.boolean() }),
});
