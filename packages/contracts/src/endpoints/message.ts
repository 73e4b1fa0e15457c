import { z } from 'zod';
import { emptyInput, getEndpoint, idOf, pageInput, pageOf, postEndpoint } from '../api.js';
import type { Permission } from '../permissions.js';

/**
 * 站内信 (DESIGN §10, SPEC dialog 6): messages from a company's staff to a colleague, or to the candidates (talents) of
 * one of its plans or posts. Every message has its own read/unread. A staff member reads only the messages sent to
 * them: another user's message, or another company's, does not exist for them (404). Messages to candidates are kept
 * per talent, for the candidate site.
 */
export const MESSAGE_CONTENT_MAX = 1000;
export const MESSAGE_CONTENT_REQUIRED = '请输入发送内容';
export const MESSAGE_RECIPIENT_REQUIRED = '请选择接收人';
export const MESSAGE_NOT_FOUND = '站内信不存在';
/** The most colleagues one batch reaches. */
export const MESSAGE_BATCH_MAX = 200;

/** Writing to the candidates of a plan or post takes one of these (the people who run the plan's reviews). */
export const CANDIDATE_MESSAGE_PERMISSIONS = ['plan:edit', 'review:signup', 'review:written', 'review:audition'] as const satisfies readonly Permission[];

export const MESSAGE_TARGETS = { staff: '工作人员', plan: '招录计划的报名人员', post: '招录岗位的报名人员' } as const;
export type MessageTarget = keyof typeof MESSAGE_TARGETS;
export const MESSAGE_TARGET_LIST = Object.keys(MESSAGE_TARGETS) as [MessageTarget, ...MessageTarget[]];

/** SPEC §5: the message content is required ('请输入发送内容'). */
export const messageContentSchema = z
  .string({ error: MESSAGE_CONTENT_REQUIRED })
  .trim()
  .min(1, MESSAGE_CONTENT_REQUIRED)
  .max(MESSAGE_CONTENT_MAX, `发送内容最长 ${MESSAGE_CONTENT_MAX} 个字`);

/** A recipient's id; left out, it says who to choose. */
const recipientId = z.union([z.number(), z.string()], { error: MESSAGE_RECIPIENT_REQUIRED }).pipe(idOf('接收人') as z.ZodType<number, string | number>);

export const userMessageRow = z.object({
  id: z.number().int(),
  content: z.string(),
  senderName: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type UserMessageRow = z.infer<typeof userMessageRow>;

/** SPEC §7 addUserNotice / dialog 6: one message to one staff member of the company. */
export const addUserNotice = postEndpoint('/admin/message/addUserNotice', {
  input: z.object({ acceptUserId: recipientId, messageContent: messageContentSchema }),
  output: z.object({ id: z.number().int() }),
});

export const MESSAGE_PLAN_REQUIRED = '请选择招录计划';
export const MESSAGE_POST_REQUIRED = '请选择招录岗位';

/**
 * SPEC §7 batchSaveUserMessage: one message to several staff members (`acceptUserIds`), or to every candidate of one
 * of the company's plans (`planId`) or posts (`recruitmentId`), one message per talent.
 */
export const batchSaveUserMessage = postEndpoint('/admin/message/batchSaveUserMessage', {
  input: z
    .object({
      target: z.enum(MESSAGE_TARGET_LIST, { error: '请选择发送对象' }),
      acceptUserIds: z
        .array(idOf('接收人'), { error: MESSAGE_RECIPIENT_REQUIRED })
        .max(MESSAGE_BATCH_MAX, `一次最多发给 ${MESSAGE_BATCH_MAX} 人`)
        .default([]),
      planId: idOf('计划').optional(),
      recruitmentId: idOf('岗位').optional(),
      messageContent: messageContentSchema,
    })
    .superRefine((v, ctx) => {
      if (v.target === 'staff' && v.acceptUserIds.length === 0) ctx.addIssue({ code: 'custom', message: MESSAGE_RECIPIENT_REQUIRED, path: ['acceptUserIds'] });
      if (v.target === 'plan' && v.planId === undefined) ctx.addIssue({ code: 'custom', message: MESSAGE_PLAN_REQUIRED, path: ['planId'] });
      if (v.target === 'post' && v.recruitmentId === undefined) ctx.addIssue({ code: 'custom', message: MESSAGE_POST_REQUIRED, path: ['recruitmentId'] });
    }),
  /** How many messages were written. */
  output: z.object({ count: z.number().int() }),
});

/** The signed-in user's inbox, newest first; `unread` keeps the unread ones. */
export const userMessageList = postEndpoint('/admin/message/userMessageList', {
  reads: true,
  input: pageInput.extend({ unread: z.boolean({ error: '已读状态不正确' }).optional() }),
  output: pageOf(userMessageRow),
});

export const unreadMessageCount = getEndpoint('/admin/message/unreadCount', { input: emptyInput, output: z.object({ count: z.number().int() }) });

/** Opens one of my messages: it is read from then on. */
export const readUserMessage = postEndpoint('/admin/message/read/:id', { input: z.object({ id: idOf('站内信') }), output: userMessageRow });

/** 全部标为已读: answers how many were unread. */
export const readAllUserMessages = postEndpoint('/admin/message/readAll', { input: emptyInput, output: z.object({ count: z.number().int() }) });

/** The colleagues a message can go to: the company's enabled staff other than the caller. */
export const messageRecipients = getEndpoint('/admin/message/recipients', {
  input: emptyInput,
  output: z.array(z.object({ id: z.number().int(), name: z.string(), departmentName: z.string() })),
});
