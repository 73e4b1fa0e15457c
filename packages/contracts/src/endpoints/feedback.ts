import { z } from 'zod';
import { requiredText } from '../validation.js';
import { getEndpoint, idOf, pageInput, pageOf, postEndpoint } from '../api.js';

/**
 * 公司反馈 (DESIGN §10, §12): a company's staff write to the platform; the platform operator answers once. Any
 * signed-in staff member of the company may send feedback and read the company's (no permission needed: it is the
 * company talking to its supplier, like 帮助中心). Other companies' feedback does not exist for them (404).
 */
export const FEEDBACK_TYPES = { suggestion: '功能建议', problem: '问题反馈', complaint: '投诉', other: '其他' } as const;
export type FeedbackType = keyof typeof FEEDBACK_TYPES;
export const FEEDBACK_TYPE_LIST = Object.keys(FEEDBACK_TYPES) as [FeedbackType, ...FeedbackType[]];

export const FEEDBACK_STATUSES = { waiting: '待回复', replied: '已回复' } as const;
export type FeedbackStatus = keyof typeof FEEDBACK_STATUSES;
export const FEEDBACK_STATUS_LIST = Object.keys(FEEDBACK_STATUSES) as [FeedbackStatus, ...FeedbackStatus[]];

export const FEEDBACK_TITLE_MAX = 50;
export const FEEDBACK_CONTENT_MAX = 2000;
export const FEEDBACK_REPLY_MAX = 2000;

/** What the operator's second reply (or a reply racing another) is told: a feedback has one reply. */
export const FEEDBACK_ALREADY_REPLIED = '该反馈已回复，不能再次回复';

export const feedbackRow = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  status: z.string(),
  reply: z.string(),
  createdAt: z.string(),
  createdByName: z.string(),
  repliedAt: z.string().nullable(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

const statusFilter = z.enum(FEEDBACK_STATUS_LIST, { error: '反馈状态不正确' }).optional();

export const saveCompanyFeedback = postEndpoint('/admin/message/saveCompanyFeedback', {
  input: z.object({
    type: z.enum(FEEDBACK_TYPE_LIST, { error: '请选择反馈类型' }),
    title: requiredText('反馈标题', FEEDBACK_TITLE_MAX),
    content: requiredText('反馈内容', FEEDBACK_CONTENT_MAX),
  }),
  output: feedbackRow,
});

export const companyFeedbackList = postEndpoint('/admin/message/companyFeedbackList', {
  reads: true,
  input: pageInput.extend({ status: statusFilter }),
  output: pageOf(feedbackRow),
});

export const companyFeedbackDetail = getEndpoint('/admin/message/companyFeedback/:id', {
  input: z.object({ id: idOf('反馈') }),
  output: feedbackRow,
});

/** The operator's view of a feedback: which company sent it, and who answered. */
export const platformFeedbackRow = feedbackRow.extend({
  companyId: z.number().int(),
  companyName: z.string(),
  repliedByName: z.string(),
});
export type PlatformFeedbackRow = z.infer<typeof platformFeedbackRow>;

export const platformFeedbackList = postEndpoint('/platform/feedback/list', {
  reads: true,
  auth: false,
  input: pageInput.extend({
    status: statusFilter,
    /** Part of the sending company's name. */
    companyName: z.string({ error: '单位名称必须是文字' }).trim().max(50, '单位名称最长 50 个字符').default(''),
  }),
  output: pageOf(platformFeedbackRow),
});

export const platformFeedbackDetail = getEndpoint('/platform/feedback/:id', {
  auth: false,
  input: z.object({ id: idOf('反馈') }),
  output: platformFeedbackRow,
});

/** The platform's one reply: a feedback already answered refuses another (409, FEEDBACK_ALREADY_REPLIED). */
export const platformReplyFeedback = postEndpoint('/platform/feedback/reply/:id', {
  auth: false,
  input: z.object({
    id: idOf('反馈'),
    reply: requiredText('回复内容', FEEDBACK_REPLY_MAX),
  }),
  output: platformFeedbackRow,
});
