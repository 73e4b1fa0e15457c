import { z } from 'zod';
import { requiredText } from '../validation.js';
import { exportEndpoint, getEndpoint, idOf, pageInput, pageOf, postEndpoint } from '../api.js';
import { applicantOnPost, applicationStatusFilter, optionalText } from './application.js';
import { postDetail } from './post.js';
import { EXAM_STAGE_TABLE, type ExamStage } from '../application-status.js';
import type { Permission } from '../permissions.js';

/**
 * The written exam (stage 2) and the interview (stage 3), DESIGN §5: admission tickets and seating, score
 * entry and review, publication per post, rankings. Scores are exact decimals carried as strings with two
 * places ('86.50'); 缺考 (absent) is a flag, never a zero.
 */

/** SPEC §5: a score above the plan's full marks ('entered score cannot exceed full marks' plus the number). */
export const scoreOverFullMarksMessage = (fullMarks: string) => `输入的分数不能超过满分${fullMarks}`;
export const SCORE_FORMAT_MESSAGE = '成绩须为不小于 0 的数字，最多两位小数';
/** The word an import row or the overlay uses for an absent candidate. */
export const ABSENT_WORD = '缺考';

/** A score as typed: '86', '86.5', 86.5 → '86.50'. Full marks are checked by the server against the plan. */
export const scoreText = z
  .union([z.string(), z.number()], { error: SCORE_FORMAT_MESSAGE })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,4}(\.\d{1,2})?$/, SCORE_FORMAT_MESSAGE)
      .transform((v) => {
        const [whole, fraction = ''] = v.split('.');
        return `${Number(whole)}.${fraction.padEnd(2, '0')}`;
      }),
  );

const scoreCents = (s: string) => {
  const [whole, fraction = ''] = s.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

/** Compares two score strings exactly (no floats): negative, zero or positive. */
export function compareScores(a: string, b: string): number {
  const d = scoreCents(a) - scoreCents(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export const examStage = z.coerce
  .number({ error: '考试阶段不正确' })
  .refine((v): v is ExamStage => EXAM_STAGE_TABLE.some((s) => s.stage === v), '考试阶段不正确')
  .transform((v) => v as ExamStage);

/** SPEC §4 ranking kinds. */
export const RANKING_KINDS = { written: '笔试排名', audition: '面试排名', complex: '综合排名' } as const;
export type RankingKind = keyof typeof RANKING_KINDS;
const rankingKind = z.enum(Object.keys(RANKING_KINDS) as [RankingKind, ...RankingKind[]], { error: '排名类型不正确' });

/** Who reads the exam lists, scores and rankings: the reviewers of either exam and the score staff. */
const EXAM_READ_PERMISSIONS = ['review:written', 'review:audition', 'score:entry', 'score:review'] as const satisfies readonly Permission[];

export const EXAM_BATCH_MAX = 1000;
const batchIds = z
  .array(idOf('报名记录'), { error: '请选择考生' })
  .min(1, '请选择考生')
  .max(EXAM_BATCH_MAX, `每次最多处理 ${EXAM_BATCH_MAX} 人`);

export const batchResult = z.object({
  done: z.number().int(),
  refused: z.array(z.object({ id: z.number().int(), realName: z.string(), reason: z.string() })),
});
export type ExamBatchResult = z.infer<typeof batchResult>;

// ---------------------------------------------------------------------------------------------------------------
// 报名通过人员统计 (finalJudgment) and 笔试通过人员统计 (writtenPass)

export const examRatioRow = z.object({
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  departmentName: z.string(),
  places: z.number().int(),
  /** Sign-up passes: applications that reached the written stage (status 20 and on). */
  passed: z.number().int(),
  /** passed ÷ places with two decimals ('2.50'), '—' when places is 0. */
  ratio: z.string(),
  /** places × the plan's minimum ratio. */
  required: z.number().int(),
  /** Below the plan's minimum 开考比例. */
  belowMinimum: z.boolean(),
  cancelled: z.boolean(),
  /** Places or cancellation changes, newest first. */
  changes: z.array(
    z.object({ fromPlaces: z.number().int(), toPlaces: z.number().int(), cancelled: z.boolean(), actorName: z.string(), remarks: z.string(), createdAt: z.string() }),
  ),
});
export type ExamRatioRow = z.infer<typeof examRatioRow>;

/** finalJudgment: per post of the plan, places, sign-up passes and the 开考比例, flagged below the plan's minimum. */
export const examRatioStatistics = postEndpoint('/recruitment/examRatioStatistics', {
  reads: true,
  permissions: ['plan:edit', 'review:signup', 'review:written'],
  input: z.object({ planId: idOf('招录计划') }),
  output: z.object({
    minExamRatio: z.string(),
    /** Tickets of the written stage issued: posts can no longer be cancelled or reduced. */
    ticketsIssued: z.boolean(),
    rows: z.array(examRatioRow),
  }),
});

export const POST_ADJUST_REMARKS_MAX = 200;

/**
 * The plan manager cancels a post below the minimum ratio, or reduces its places, before the written
 * tickets of the plan are issued. Each change is kept (who, when, from, to, why).
 */
export const adjustPost = postEndpoint('/recruitment/adjustPost', {
  permissions: ['plan:edit'],
  input: z.discriminatedUnion(
    'action',
    [
      z.object({
        action: z.literal('cancel'),
        recruitmentId: idOf('岗位'),
        remarks: requiredText('原因', POST_ADJUST_REMARKS_MAX),
      }),
      z.object({
        action: z.literal('reduce'),
        recruitmentId: idOf('岗位'),
        places: z.coerce.number({ error: '招录人数必须是数字' }).int('招录人数必须是整数').min(1, '招录人数最少为 1'),
        remarks: requiredText('原因', POST_ADJUST_REMARKS_MAX),
      }),
    ],
    { error: '请选择调整方式' },
  ),
  output: z.object({ recruitmentId: z.number().int(), places: z.number().int(), cancelled: z.boolean() }),
});

export const writtenPassRow = z.object({
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  places: z.number().int(),
  /** Applications that took part in the written stage (reached status 21). */
  candidates: z.number().int(),
  absent: z.number().int(),
  /** Passed the written exam (24, or on in the interview stage). */
  passed: z.number().int(),
  /** Passed and still waiting for the interview list to be confirmed (24). */
  awaitingConfirmation: z.number().int(),
  published: z.boolean(),
  /** places × entry ratio. */
  quota: z.number().int(),
  passLine: z.string().nullable(),
  /** The lowest score that entered, null before publication or when nobody entered. */
  cutoffScore: z.string().nullable(),
});
export type WrittenPassRow = z.infer<typeof writtenPassRow>;

/** writtenPass (笔试通过人员统计): per post, who passed the written exam and on what figures. */
export const writtenPassStatistics = postEndpoint('/recruitment/writtenPassStatistics', {
  reads: true,
  permissions: ['plan:edit', 'review:written', 'review:audition'],
  input: z.object({ planId: idOf('招录计划') }),
  output: z.array(writtenPassRow),
});

/** 确认面试名单 (24 → 30) for a post's written passes, when the interview's workflow exists. */
export const confirmInterviewList = postEndpoint('/recruitment/confirmInterviewList', {
  permissions: ['plan:edit'],
  input: z.object({ recruitmentId: idOf('岗位') }),
  output: z.object({ moved: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------------------------
// 笔试工作 / 面试工作 (qualifications, type 2 and 3)

export const examApplicationRow = z.object({
  id: z.number().int(),
  ...applicantOnPost,
  status: z.number().int(),
  ticketCode: z.string().nullable(),
  roomName: z.string().nullable(),
  seat: z.number().int().nullable(),
  absent: z.boolean(),
  /** The stage's score ('86.50'), null until entered. */
  score: z.string().nullable(),
  confirmed: z.boolean(),
  rank: z.number().int().nullable(),
  /** The caller's score task that can be entered now, null when none. */
  myTaskId: z.number().int().nullable(),
  /** Each score item's score (a panel: one per examiner, named after them), in the workflow's order. */
  itemScores: z.array(z.object({ workItemId: z.number().int(), examinerName: z.string(), score: z.string().nullable(), entered: z.boolean() })),
  /** Why the score was sent back (退回修改) while it awaits entry again; '' otherwise. */
  returnedReason: z.string(),
});
export type ExamApplicationRow = z.infer<typeof examApplicationRow>;

/**
 * 笔试工作 / 面试工作 and the score pages: the plan's applications that reached the stage. `entry` (status 1)
 * lists those whose score is awaited or not yet reviewed, `review` (status 2) those whose score awaits review.
 */
export const examApplicationList = postEndpoint('/recruitment/examApplicationList', {
  reads: true,
  permissions: EXAM_READ_PERMISSIONS,
  input: pageInput.extend({
    type: examStage,
    planId: idOf('招录计划'),
    recruitmentId: idOf('岗位').optional(),
    /** 1 entry, 2 review (SPEC: score pages use status 1, review pages status 2); absent: every application of the stage. */
    scoreStatus: z.union([z.literal(1), z.literal(2)], { error: '成绩状态不正确' }).optional(),
    status: z.coerce.number({ error: '报名状态不正确' }).int().optional(),
    keyword: optionalText('关键词', 30),
  }),
  output: pageOf(examApplicationRow),
});

/**
 * 笔试工作 / 面试工作 and the score pages as .xlsx (GET, answered as a file): every application the list's filters
 * find, not one page, with the applicant's full data beside the list's columns.
 */
export const exportExamApplicationList = exportEndpoint('/recruitment/examApplicationList/export', {
  permissions: EXAM_READ_PERMISSIONS,
  input: z.object({
    type: examStage,
    planId: idOf('招录计划'),
    recruitmentId: idOf('岗位').optional(),
    scoreStatus: z.coerce
      .number({ error: '成绩状态不正确' })
      .refine((v): v is 1 | 2 => v === 1 || v === 2, '成绩状态不正确')
      .transform((v) => v as 1 | 2)
      .optional(),
    status: applicationStatusFilter,
    keyword: optionalText('关键词', 30),
  }),
  output: z.unknown(),
});

// ---------------------------------------------------------------------------------------------------------------
// 准考证设置 (admissionTicket)

export const ROOM_NAME_MAX = 30;
export const ROOM_SEATS_MAX = 200;
export const ROOMS_MAX = 2000;
export const TICKET_PATTERN_MAX = 60;
/** Placeholders of a ticket code pattern; {room} and {seat} are required so that codes are unique. */
export const TICKET_PATTERN_PARTS = {
  '{year}': '年份（4 位）',
  '{plan}': '计划编号（3 位）',
  '{stage}': '阶段（笔试 2，面试 3）',
  '{room}': '考场序号（3 位）',
  '{seat}': '座位号（2 位）',
} as const;
export const DEFAULT_TICKET_PATTERN = '{year}{plan}{stage}{room}{seat}';
export const TICKET_NOTES_MAX = 1000;
export const EXAM_SUBJECT_MAX = 30;
export const EXAM_END_TIME_EARLY = '考试结束时间须晚于开考时间';

export const examRoom = z.object({
  id: z.number().int().optional(),
  name: requiredText('考场名称', ROOM_NAME_MAX),
  seats: z.coerce
    .number({ error: '座位数必须是数字' })
    .int('座位数必须是整数')
    .min(1, '座位数最少为 1')
    .max(ROOM_SEATS_MAX, `每个考场最多 ${ROOM_SEATS_MAX} 个座位`),
});

export const ticketPattern = requiredText('准考证号规则', TICKET_PATTERN_MAX)
  .refine((v) => v.includes('{room}') && v.includes('{seat}'), '准考证号规则须包含 {room} 和 {seat}')
  .refine((v) => /^[A-Za-z0-9\-{}a-z]*$/.test(v.replace(/\{(year|plan|stage|room|seat)\}/g, '')), '准考证号规则只能包含字母、数字、短横线和占位符');

export const examSessionView = z.object({
  planId: z.number().int(),
  type: z.number().int(),
  planName: z.string(),
  /** Exam time ('YYYY-MM-DD HH:mm', China time) and place, from the plan. */
  examTime: z.string(),
  examAddress: z.string(),
  codePattern: z.string(),
  notes: z.string(),
  /** 考试科目 on tickets ('' prints the stage's name) and the end of the exam on its day ('HH:mm', '' when not set). */
  subject: z.string(),
  endTime: z.string(),
  /** The seed of the last seating, null before seats are assigned. */
  seed: z.number().int().nullable(),
  rooms: z.array(z.object({ id: z.number().int(), name: z.string(), seats: z.number().int(), seated: z.number().int(), issued: z.number().int() })),
  /** Applications waiting for a seat (20/30 without one), seated but not issued, issued. */
  unseated: z.number().int(),
  seatedNotIssued: z.number().int(),
  issued: z.number().int(),
  /** 关闭报名: tickets are issued only once the plan's sign-up is closed; until then, how many await review. */
  signUpClosed: z.boolean(),
  signUpUnreviewed: z.number().int(),
});
export type ExamSessionView = z.infer<typeof examSessionView>;

export const examSessionDetail = postEndpoint('/recruitment/admissionTicket/setting', {
  reads: true,
  permissions: ['review:written', 'review:audition'],
  input: z.object({ planId: idOf('招录计划'), type: examStage }),
  output: examSessionView,
});

/** Saves the code pattern, notes and rooms; a room that holds issued tickets cannot be removed or shrunk below them. */
export const saveExamSession = postEndpoint('/recruitment/admissionTicket/saveSetting', {
  permissions: ['review:written', 'review:audition'],
  input: z.object({
    planId: idOf('招录计划'),
    type: examStage,
    codePattern: ticketPattern.default(DEFAULT_TICKET_PATTERN),
    notes: z.string({ error: '考生须知必须是文字' }).trim().max(TICKET_NOTES_MAX, `考生须知最长 ${TICKET_NOTES_MAX} 个字`).default(''),
    subject: z.string({ error: '考试科目必须是文字' }).trim().max(EXAM_SUBJECT_MAX, `考试科目最长 ${EXAM_SUBJECT_MAX} 个字`).default(''),
    /** Later than the exam's start time (checked by the server, which knows it). */
    endTime: z
      .string({ error: '考试结束时间格式应为 时:分' })
      .trim()
      .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, '考试结束时间格式应为 时:分')
      .default(''),
    rooms: z
      .array(examRoom, { error: '请添加考场' })
      .min(1, '请至少添加一个考场')
      .max(ROOMS_MAX, `最多 ${ROOMS_MAX} 个考场`)
      .refine((rooms) => new Set(rooms.map((r) => r.name)).size === rooms.length, '考场名称不能重复'),
  }),
  output: examSessionView,
});

/**
 * Seats the stage's applications that have no issued ticket (DESIGN §5): a seeded shuffle (the same seed and
 * the same applications give the same seating) that keeps neighbouring seats on different posts wherever the
 * mix allows. Without a seed the server draws one and records it.
 */
export const assignSeats = postEndpoint('/recruitment/admissionTicket/assignSeats', {
  permissions: ['review:written', 'review:audition'],
  input: z.object({
    planId: idOf('招录计划'),
    type: examStage,
    seed: z.coerce.number({ error: '随机种子必须是数字' }).int('随机种子必须是整数').min(0, '随机种子不能为负数').max(2_147_483_647, '随机种子太大').optional(),
  }),
  output: z.object({ seed: z.number().int(), seated: z.number().int(), sameNeighbours: z.number().int() }),
});

export const ticketRow = z.object({
  applicationId: z.number().int(),
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  realName: z.string(),
  identityNo: z.string(),
  status: z.number().int(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  seat: z.number().int().nullable(),
  ticketCode: z.string().nullable(),
  issuedAt: z.string().nullable(),
});
export type TicketRow = z.infer<typeof ticketRow>;

export const TICKET_FILTERS = { unseated: '未排座', seated: '已排座未发放', issued: '已发放' } as const;

/** admissionTicketPage (SPEC §7): the stage's applications with their seat and ticket. */
export const admissionTicketPage = postEndpoint('/recruitment/admissionTicketPage', {
  reads: true,
  permissions: ['review:written', 'review:audition'],
  input: pageInput.extend({
    planId: idOf('招录计划'),
    type: examStage,
    recruitmentId: idOf('岗位').optional(),
    roomId: idOf('考场').optional(),
    ticket: z.enum(Object.keys(TICKET_FILTERS) as [keyof typeof TICKET_FILTERS], { error: '准考证状态不正确' }).optional(),
    keyword: optionalText('关键词', 30),
  }),
  output: pageOf(ticketRow),
});

/**
 * batchUpdateAdmissionTicket (SPEC §7): issues the tickets of seated applications (20 → 21, 30 → 31); `ids`
 * absent: every seated application of the plan's stage (or of one post).
 */
export const batchUpdateAdmissionTicket = postEndpoint('/recruitment/batchUpdateAdmissionTicket', {
  permissions: ['review:written', 'review:audition'],
  input: z.object({
    planId: idOf('招录计划'),
    type: examStage,
    recruitmentId: idOf('岗位').optional(),
    ids: batchIds.optional(),
  }),
  output: batchResult,
});

export const PRINT_KINDS = { tickets: '准考证', doorLabels: '考场门贴', signInSheets: '签到表' } as const;
export type PrintKind = keyof typeof PRINT_KINDS;

/** Starts a PDF (tickets of a room, of chosen applications or of the whole stage; door labels; sign-in sheets) as a background job. */
export const startPrintJob = postEndpoint('/recruitment/admissionTicket/print', {
  permissions: ['review:written', 'review:audition'],
  input: z.object({
    planId: idOf('招录计划'),
    type: examStage,
    kind: z.enum(Object.keys(PRINT_KINDS) as [PrintKind, ...PrintKind[]], { error: '打印内容不正确' }),
    roomId: idOf('考场').optional(),
    ids: batchIds.optional(),
  }),
  output: z.object({ jobId: z.string() }),
});

export const printJobView = z.object({
  jobId: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  /** Where the finished PDF is downloaded (signed-in), null until done. */
  url: z.string().nullable(),
  fileName: z.string(),
  error: z.string(),
});
export type PrintJobView = z.infer<typeof printJobView>;

export const printJobStatus = postEndpoint('/recruitment/admissionTicket/printJob/:jobId', {
  reads: true,
  permissions: ['review:written', 'review:audition'],
  input: z.object({ jobId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '打印任务不存在') }),
  output: printJobView,
});

/** The public answer for a ticket's QR code: whether it is genuine and, masked, for whom. */
export const verifyAdmissionTicket = getEndpoint('/open/admissionTicket/verify/:token', {
  auth: false,
  input: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '准考证校验码不正确') }),
  output: z.discriminatedUnion('genuine', [
    z.object({ genuine: z.literal(false) }),
    z.object({
      genuine: z.literal(true),
      companyName: z.string(),
      planName: z.string(),
      stageName: z.string(),
      jobVacancy: z.string(),
      /** 张*三 */
      maskedName: z.string(),
      /** 110101********1234 */
      maskedIdentityNo: z.string(),
      ticketCode: z.string(),
      roomName: z.string(),
      seat: z.number().int(),
      examTime: z.string(),
      examAddress: z.string(),
    }),
  ]),
});

/** The finished PDF of a print job (GET, answered as a file), for the company that started it. */
export const downloadPrintJob = getEndpoint('/recruitment/admissionTicket/printJob/:jobId/file', {
  permissions: ['review:written', 'review:audition'],
  input: z.object({ jobId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '打印任务不存在') }),
  output: z.unknown(),
});

// ---------------------------------------------------------------------------------------------------------------
// 成绩录入与审核 (scoreEntry, writtenExaminationReview)

export const scoreItem = z.object({
  workItemId: z.number().int(),
  workItem: z.string(),
  /** The examiner the work item is assigned to. */
  examinerName: z.string(),
  taskId: z.number().int().nullable(),
  score: z.string().nullable(),
  entered: z.boolean(),
});

/** SPEC dialog 2 (score input): the job, the candidate, the ticket and the exam, and the stage's score items. */
export const scoreEntryDetail = postEndpoint('/recruitment/scoreEntryDetail/:id', {
  reads: true,
  permissions: ['score:entry', 'score:review'],
  input: z.object({ id: idOf('报名记录'), type: examStage }),
  output: z.object({
    applicationId: z.number().int(),
    status: z.number().int(),
    job: postDetail,
    realName: z.string(),
    identityNo: z.string(),
    ticketCode: z.string().nullable(),
    examTime: z.string(),
    examAddress: z.string(),
    fullMarks: z.string(),
    absent: z.boolean(),
    confirmed: z.boolean(),
    /** The stage's score ('86.50'), the panel rule applied; null until every item is entered. */
    score: z.string().nullable(),
    items: z.array(scoreItem),
    /** Why the score was sent back (退回修改) while it awaits entry again; '' otherwise. */
    returnedReason: z.string(),
  }),
});

export const scoreEntry = z
  .object({
    applicationId: idOf('报名记录'),
    absent: z.boolean({ error: '缺考标记不正确' }).default(false),
    /** One score per score work item of the stage; an absent candidate has none. */
    scores: z
      .array(z.object({ workItemId: idOf('工作事项'), score: scoreText }), { error: '请输入成绩' })
      .max(20, '评分项太多')
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.absent && v.scores.length === 0) ctx.addIssue({ code: 'custom', message: '请输入成绩', path: ['scores'] });
    if (v.absent && v.scores.length > 0) ctx.addIssue({ code: 'custom', message: '缺考考生不能录入成绩', path: ['scores'] });
  });
export type ScoreEntry = z.infer<typeof scoreEntry>;

/**
 * batchSetGrade (SPEC §7): scores (or 缺考) for one or more applications, all or nothing. A score above full
 * marks is refused with SPEC's message; a reviewed score is locked until sent back.
 */
export const batchSetGrade = postEndpoint('/recruitment/batchSetGrade', {
  permissions: ['score:entry'],
  input: z.object({
    type: examStage,
    entries: z.array(scoreEntry, { error: '请输入成绩' }).min(1, '请输入成绩').max(EXAM_BATCH_MAX, `每次最多录入 ${EXAM_BATCH_MAX} 人`),
  }),
  output: z.object({ saved: z.number().int() }),
});

/** Score review: confirm (the score is locked) or send back for correction (22 → 21, 32 → 31). */
export const reviewScores = postEndpoint('/recruitment/reviewScores', {
  permissions: ['score:review'],
  input: z
    .object({
      type: examStage,
      ids: batchIds,
      action: z.enum(['confirm', 'return'], { error: '请选择审核结果' }),
      remarks: optionalText('审核意见', 500),
    })
    .superRefine((v, ctx) => {
      if (v.action === 'return' && !v.remarks) ctx.addIssue({ code: 'custom', message: '请输入退回原因', path: ['remarks'] });
    }),
  output: batchResult,
});

/**
 * batchSendScore (SPEC §7): publishes a post's results. Written: ranked, those inside the interview quota (and
 * above the plan's qualifying line) pass (24, and on to 30 when the interview is arranged), the rest 23.
 * Interview: composite ranked, the first `places` pass (34), the rest 33. Candidates are notified.
 */
export const batchSendScore = postEndpoint('/recruitment/batchSendScore', {
  permissions: ['score:review'],
  input: z.object({ type: examStage, recruitmentId: idOf('岗位') }),
  output: z.object({ passed: z.number().int(), failed: z.number().int(), movedToInterview: z.number().int() }),
});

/** At most this many of each list of a publication's preview (the counts are whole). */
export const PUBLISH_PREVIEW_MAX = 1000;

export const publishPreviewRow = z.object({
  applicationId: z.number().int(),
  realName: z.string(),
  ticketCode: z.string().nullable(),
  /** Written: the written score; interview: the composite score. */
  score: z.string().nullable(),
  rank: z.number().int().nullable(),
  /** Shares the last passing rank with others: all of them pass (末位并列). */
  tiedAtCutoff: z.boolean(),
  explanation: z.string(),
});
export type PublishPreviewRow = z.infer<typeof publishPreviewRow>;

/**
 * What batchSendScore would do to the post now, computed by the ranking statement publishing runs: who
 * passes (those tied at the cut-off marked), who is absent, how many fail. Refused as publishing would be.
 */
export const previewSendScore = postEndpoint('/recruitment/batchSendScore/preview', {
  reads: true,
  permissions: ['score:review'],
  input: z.object({ type: examStage, recruitmentId: idOf('岗位') }),
  output: z.object({
    rule: z.string(),
    /** Written: places × ratio; interview: places. */
    quota: z.number().int(),
    passedCount: z.number().int(),
    failedCount: z.number().int(),
    absentCount: z.number().int(),
    passed: z.array(publishPreviewRow),
    absent: z.array(publishPreviewRow),
  }),
});

// ---------------------------------------------------------------------------------------------------------------
// Rankings (writtenTestRanking, complexTestRanking, auditionPass)

export const rankingRow = z.object({
  applicationId: z.number().int(),
  realName: z.string(),
  identityNo: z.string(),
  ticketCode: z.string().nullable(),
  /** The written score that ranks: the paper score plus the bonus in force (加分). */
  writtenScore: z.string().nullable(),
  /** 卷面成绩: the written score as entered, before the bonus (null until entered). */
  paperScore: z.string().nullable().default(null),
  /** 加分 in force ('3.00'), null for none; `bonusNames` the categories granted. */
  bonus: z.string().nullable().default(null),
  bonusNames: z.string().default(''),
  interviewScore: z.string().nullable(),
  compositeScore: z.string().nullable(),
  absent: z.boolean(),
  /** Null for the absent. */
  rank: z.number().int().nullable(),
  passed: z.boolean(),
  /** The figures and the rule that placed the candidate, in words. */
  explanation: z.string(),
  status: z.number().int(),
  /**
   * Composite ranking with 同分加试: the candidate is of the group tied after the whole chain across the cut-off; `needed`
   * while still tied (需加试: not 拟录用 until the 加试 decides), `score` the 加试 score entered. Null otherwise.
   */
  extraTest: z.object({ needed: z.boolean(), score: z.string().nullable() }).nullable().default(null),
});
export type RankingRow = z.infer<typeof rankingRow>;

/** getGradeList (SPEC §7): one post's ranking of the given kind, published or (before publication) provisional. */
export const getGradeList = postEndpoint('/recruitment/getGradeList', {
  reads: true,
  permissions: EXAM_READ_PERMISSIONS,
  input: pageInput.extend({
    kind: rankingKind,
    recruitmentId: idOf('岗位'),
  }),
  output: pageOf(rankingRow).extend({
    published: z.boolean(),
    /** The rule in words: places, ratio, quota, qualifying line, weight. */
    rule: z.string(),
  }),
});

/** The ranking as .xlsx (GET, answered as a file). */
export const exportRankingList = exportEndpoint('/recruitment/getGradeList/export', {
  permissions: EXAM_READ_PERMISSIONS,
  input: z.object({
    kind: rankingKind,
    recruitmentId: idOf('岗位'),
  }),
  output: z.unknown(),
});

/** A ranking of every post of a plan as one .xlsx, a sheet per post (GET, answered as a file). */
export const exportPlanRankingList = exportEndpoint('/recruitment/getGradeList/exportPlan', {
  permissions: EXAM_READ_PERMISSIONS,
  input: z.object({
    kind: rankingKind,
    planId: idOf('招录计划'),
  }),
  output: z.unknown(),
});

export const hireRow = z.object({
  applicationId: z.number().int(),
  ...applicantOnPost,
  writtenScore: z.string().nullable(),
  interviewScore: z.string().nullable(),
  compositeScore: z.string().nullable(),
  compositeRank: z.number().int().nullable(),
});
export type HireRow = z.infer<typeof hireRow>;

/** auditionPass (审核通过): the plan's 拟录用 list (34). */
export const hireList = postEndpoint('/recruitment/auditionPassList', {
  reads: true,
  permissions: ['review:audition', 'score:review', 'plan:edit'],
  input: pageInput.extend({ planId: idOf('招录计划'), recruitmentId: idOf('岗位').optional(), keyword: optionalText('关键词', 30) }),
  output: pageOf(hireRow),
});

export const exportHireList = exportEndpoint('/recruitment/auditionPassList/export', {
  permissions: ['review:audition', 'score:review', 'plan:edit'],
  input: z.object({ planId: idOf('招录计划'), recruitmentId: idOf('岗位').optional() }),
  output: z.unknown(),
});

// ---------------------------------------------------------------------------------------------------------------
// Import of scores from .xlsx

export const SCORE_IMPORT_MAX_ROWS = 100_000;
export const SCORE_IMPORT_COLUMNS = { ticketCode: '准考证号', realName: '姓名', score: '成绩' } as const;
/**
 * The other header names an office's own sheet uses for the template's columns (a one-examiner score column only;
 * a panel's columns are named after the examiners). Spaces in a header are ignored.
 */
export const SCORE_IMPORT_ALIASES: Record<keyof typeof SCORE_IMPORT_COLUMNS, readonly string[]> = {
  ticketCode: ['准考证', '考号'],
  realName: ['考生姓名'],
  score: ['笔试成绩', '面试成绩', '分数', '总分', '考试成绩'],
};

export const importProblem = z.object({
  /** The row number as Excel shows it (the header is row 1). */
  row: z.number().int(),
  ticketCode: z.string(),
  realName: z.string(),
  score: z.string(),
  problem: z.string(),
});
export type ImportProblem = z.infer<typeof importProblem>;

export const scoreImportPreview = z.object({
  importId: z.string(),
  rows: z.number().int(),
  /** Rows that would be saved. */
  valid: z.number().int(),
  absent: z.number().int(),
  /** Every problem (at most 1,000 listed; `problemCount` counts them all). Any problem: nothing can be saved. */
  problems: z.array(importProblem),
  problemCount: z.number().int(),
});
export type ScoreImportPreview = z.infer<typeof scoreImportPreview>;

/**
 * The template (GET, .xlsx): one row per application awaiting its score in the plan's stage, the score empty; one
 * 成绩 column, or with an examiner panel one per examiner (成绩1（考官甲）, 成绩2（考官乙）…).
 */
export const scoreImportTemplate = getEndpoint('/recruitment/scoreImport/template', {
  permissions: ['score:entry'],
  input: z.object({ planId: idOf('招录计划'), type: examStage }),
  output: z.unknown(),
});

/**
 * The upload (multipart, one .xlsx in field `file`; planId and type in the query) answers a preview: every
 * row's problem (unknown ticket, over full marks, duplicate row, not a number...). Nothing is saved yet.
 */
export const previewScoreImport = postEndpoint('/recruitment/scoreImport/preview', {
  reads: true,
  permissions: ['score:entry'],
  input: z.object({ planId: idOf('招录计划'), type: examStage }),
  output: scoreImportPreview,
});

/** An import of at most this many rows is saved by the call itself; a larger one by a 后台任务 (job) with progress. */
export const SCORE_IMPORT_INLINE_ROWS = 2_000;

/**
 * Saves a previewed import, checked again: any bad row and nothing is saved. Up to SCORE_IMPORT_INLINE_ROWS rows in one
 * transaction, answering `saved`; a larger import answers `jobId` at once (and `saved` 0), and the job checks every
 * row, then saves them a chunk (about half a second's work) at a time, its progress counting rows (see README 后台任务).
 */
export const commitScoreImport = postEndpoint('/recruitment/scoreImport/commit', {
  permissions: ['score:entry'],
  input: z.object({ importId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '导入记录不存在，请重新上传') }),
  output: z.object({ saved: z.number().int(), jobId: z.string().nullable() }),
});
