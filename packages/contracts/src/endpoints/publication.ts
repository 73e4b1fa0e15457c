import { z } from 'zod';
import { requiredText } from '../validation.js';
import { getEndpoint, idOf, idOutput, keywordFilter, okOutput, pageInput, pageOf, postEndpoint } from '../api.js';
import { fileUrlKind } from '../file-url.js';

/**
 * 公示公告 (notices) and 新闻 (news), DESIGN §10: a company's publications, written in the rich-text editor and
 * sanitised on the server with an allow-list. Both have the same life: 草稿 → 已发布 → 已撤回 (→ 已发布 again).
 * A notice may belong to one of the company's plans and carries attachments; a news item has a cover image.
 * Writing needs `content:publish`; every signed-in staff member of the company may read. Other companies'
 * publications do not exist for them (404).
 */
export const PUBLICATION_STATUSES = { draft: '草稿', published: '已发布', withdrawn: '已撤回' } as const;
export type PublicationStatus = keyof typeof PUBLICATION_STATUSES;
export const PUBLICATION_STATUS_LIST = Object.keys(PUBLICATION_STATUSES) as [PublicationStatus, ...PublicationStatus[]];

export const PUBLICATION_TITLE_MAX = 100;
/** Stored HTML, after sanitising; a long notice with many images stays far below this. */
export const PUBLICATION_CONTENT_MAX = 200_000;
export const PUBLICATION_SUMMARY_MAX = 200;
export const NOTICE_ATTACHMENT_MAX = 10;

/** What the server answers when a publication's state does not allow the change (409). */
export const PUBLICATION_MESSAGES = {
  alreadyPublished: '该内容已发布',
  notPublished: '该内容未发布，无需撤回',
  deletePublished: '已发布的内容请先撤回再删除',
  emptyContent: '请输入正文内容',
  attachmentNotFound: '附件不存在或已删除，请重新上传',
  coverNotFound: '封面图片不存在或已删除，请重新上传',
} as const;

/** What the server answers when a change of state succeeded (saving and deleting answer SUCCESS_MESSAGES'). */
export const PUBLICATION_SUCCESS = {
  published: '发布成功',
  withdrawn: '已撤回',
  /** topNotice answers one message for pinning and unpinning. */
  topChanged: '置顶设置已保存',
} as const;

const title = requiredText('标题', PUBLICATION_TITLE_MAX);

/** Rich-text HTML from the editor; the server sanitises it and refuses what is empty once sanitised. */
const content = z
  .string({ error: PUBLICATION_MESSAGES.emptyContent })
  .min(1, PUBLICATION_MESSAGES.emptyContent)
  .max(PUBLICATION_CONTENT_MAX, '正文内容过长，请删减后再保存');

export const publicationFile = z.object({ id: z.number().int(), name: z.string(), url: z.string() });
export type PublicationFile = z.infer<typeof publicationFile>;

const publicationBase = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(PUBLICATION_STATUS_LIST),
  top: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdByName: z.string(),
});

export const noticeRow = publicationBase.extend({
  recruitmentId: z.number().int().nullable(),
  recruitmentName: z.string(),
  attachmentCount: z.number().int(),
});
export type NoticeRow = z.infer<typeof noticeRow>;

export const noticeDetail = noticeRow.extend({ content: z.string(), attachments: z.array(publicationFile) });
export type NoticeDetail = z.infer<typeof noticeDetail>;

export const newsRow = publicationBase.extend({ summary: z.string(), cover: publicationFile.nullable() });
export type NewsRow = z.infer<typeof newsRow>;

export const newsView = newsRow.extend({ content: z.string() });
export type NewsDetail = z.infer<typeof newsView>;

const listFilters = {
  status: z.enum(PUBLICATION_STATUS_LIST, { error: '状态不正确' }).optional(),
  /** Part of the title. */
  keyword: keywordFilter,
};

const fileIds = (what: string, max: number) =>
  z
    .array(idOf(what), { error: `${what}格式不正确` })
    .max(max, `${what}最多 ${max} 个`)
    .refine((ids) => new Set(ids).size === ids.length, `${what}不能重复`);

const top = z.boolean({ error: '置顶标记只能是是或否' }).default(false);

/** Saves a notice: a new one (no id) as a draft, or changes one; a published notice stays published. */
export const addNotice = postEndpoint('/admin/message/addNotice', {
  permissions: ['content:publish'],
  input: z.object({
    id: idOf('公告').optional(),
    title,
    /** The plan the notice belongs to; absent or null for a notice of the whole company. */
    recruitmentId: idOf('招录计划').nullish(),
    content,
    attachmentIds: fileIds('附件', NOTICE_ATTACHMENT_MAX).default([]),
    top,
  }),
  output: idOutput,
});

/** The company's notices, every state (the 公示公告 page). */
export const companyNoticeList = postEndpoint('/admin/message/companyNoticeList', {
  reads: true,
  input: pageInput.extend({ ...listFilters, recruitmentId: idOf('招录计划').optional() }),
  output: pageOf(noticeRow),
});

/** The company's published notices as a reader sees them: pinned first, then the newest. */
export const noticeList = postEndpoint('/admin/message/noticeList', {
  reads: true,
  input: pageInput.extend({ keyword: keywordFilter, recruitmentId: idOf('招录计划').optional() }),
  output: pageOf(noticeRow),
});

export const getCompanyNoticeDetail = getEndpoint('/admin/message/getCompanyNoticeDetail/:id', {
  input: z.object({ id: idOf('公告') }),
  output: noticeDetail,
});

const stateChange = (path: string, what: string) =>
  postEndpoint(path, { permissions: ['content:publish'], input: z.object({ id: idOf(what) }), output: okOutput });

export const publishNotice = stateChange('/admin/message/publishNotice/:id', '公告');
export const withdrawNotice = stateChange('/admin/message/withdrawNotice/:id', '公告');
export const deleteNotice = stateChange('/admin/message/deleteNotice/:id', '公告');
export const topNotice = postEndpoint('/admin/message/topNotice/:id', {
  permissions: ['content:publish'],
  input: z.object({ id: idOf('公告'), top: z.boolean({ error: '置顶标记只能是是或否' }) }),
  output: okOutput,
});

/** Saves a news item: a new one (no id) as a draft, or changes one; a published item stays published. */
export const saveNews = postEndpoint('/admin/news/save', {
  permissions: ['content:publish'],
  input: z.object({
    id: idOf('新闻').optional(),
    title,
    summary: z
      .string({ error: '摘要必须是文字' })
      .trim()
      .max(PUBLICATION_SUMMARY_MAX, `摘要最长 ${PUBLICATION_SUMMARY_MAX} 个字`)
      .default(''),
    /** An uploaded image of the company; absent or null for none. */
    coverId: idOf('封面图片').nullish(),
    content,
    top,
  }),
  output: idOutput,
});

export const newsList = postEndpoint('/admin/news/list', {
  reads: true,
  input: pageInput.extend(listFilters),
  output: pageOf(newsRow),
});

export const newsDetail = getEndpoint('/admin/news/detail/:id', {
  input: z.object({ id: idOf('新闻') }),
  output: newsView,
});

export const publishNews = stateChange('/admin/news/publish/:id', '新闻');
export const withdrawNews = stateChange('/admin/news/withdraw/:id', '新闻');
export const deleteNews = stateChange('/admin/news/delete/:id', '新闻');

/** True when an editor image's address may be kept: our own uploaded files or https images. */
export const isAllowedContentImage = (src: string) => fileUrlKind(src) !== null;
