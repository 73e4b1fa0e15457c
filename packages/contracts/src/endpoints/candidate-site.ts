import { z } from 'zod';
import { getEndpoint, idOf, keywordFilter, pageInput, pageOf } from '../api.js';
import { PLAN_EXAM_MODES, type PlanExamMode } from '../plan-exam-modes.js';
import { photoRule } from '../photo-rule.js';
import { chinaDateTimeText } from '../china-time.js';
import { publicationFile } from './publication.js';

/**
 * The public pages of the candidate site (DESIGN §11, issue 24): the company page (where the company QR code leads)
 * and the plan page (where a poster leads). No session: anyone may read them, so they answer only what the company
 * published — plans that are not drafts, published notices and news, posts with their requirements and two counts
 * per post — and no candidate's personal data. A thing that is not published answers exactly as one that does not
 * exist (the same 404), so the calls cannot be used to probe drafts or another company's ids.
 */

/** Where a plan's sign-up stands: by its dates, and closed once staff closed sign-up or ended the plan. */
export const PLAN_SIGN_UP_PHASES = { open: '报名中', upcoming: '即将开始报名', closed: '报名已结束' } as const;
export type PlanSignUpPhase = keyof typeof PLAN_SIGN_UP_PHASES;
const phases = Object.keys(PLAN_SIGN_UP_PHASES) as [PlanSignUpPhase, ...PlanSignUpPhase[]];
const examModes = Object.keys(PLAN_EXAM_MODES) as [PlanExamMode, ...PlanExamMode[]];

/** The one answer of each public page for what is missing, unpublished or another company's. */
export const CANDIDATE_SITE_MESSAGES = {
  companyMissing: '单位不存在',
  planMissing: '招录计划不存在或尚未发布',
  publicationMissing: '内容不存在或尚未发布',
} as const;

/** How many notices and news items the company page and the plan page carry (the rest through candidatePublicationList). */
export const CANDIDATE_SITE_FEED_LIMIT = 10;
/** How many plans the company page lists: open ones first, then upcoming, then the most recently ended. */
export const CANDIDATE_SITE_PLAN_LIMIT = 50;

/**
 * The company as the candidate site shows it. Its name, industry and address always; its logo and its texts
 * (简介, 管理理念) only while it holds the customised company info (定制单位信息), as the back office's brand does:
 * without it they are empty and `custom` is false.
 */
export const candidateSiteCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  industryName: z.string(),
  address: z.string(),
  custom: z.boolean(),
  logo: z.string(),
  introduce: z.string(),
  manageIdea: z.string(),
});
export type CandidateSiteCompany = z.infer<typeof candidateSiteCompany>;

export const candidateSitePlan = z.object({
  id: z.number().int(),
  name: z.string(),
  phase: z.enum(phases),
  signUpStartDate: chinaDateTimeText,
  signUpEndDate: chinaDateTimeText,
  writtenStartDate: chinaDateTimeText,
  auditionStartDate: chinaDateTimeText,
  examMode: z.enum(examModes),
  /** 报名费 in yuan with two decimals ('0.00': free). */
  registrationFeeY: z.string(),
  postCount: z.number().int(),
  /** The places of all its posts (cancelled posts left out). */
  places: z.number().int(),
});
export type CandidateSitePlan = z.infer<typeof candidateSitePlan>;

/** A published notice or news item in a list: no content. */
export const candidateSitePublicationRow = z.object({
  id: z.number().int(),
  kind: z.enum(['notice', 'news']),
  title: z.string(),
  top: z.boolean(),
  /** "YYYY-MM-DD HH:mm", China time. */
  publishedAt: chinaDateTimeText,
  /** The plan a notice belongs to; null for the whole company's notices and for news. */
  planId: z.number().int().nullable(),
  summary: z.string(),
  cover: publicationFile.nullable(),
});
export type CandidateSitePublicationRow = z.infer<typeof candidateSitePublicationRow>;

const feed = z.object({ list: z.array(candidateSitePublicationRow), total: z.number().int() });

const companyId = idOf('单位');
const planId = idOf('招录计划');

/** 单位主页: the company, its plans that are not drafts (flagged by phase) and the newest of its notices and news. */
export const candidateCompanyDetail = getEndpoint('/candidate/site/companies/:companyId', {
  auth: false,
  input: z.object({ companyId }),
  output: z.object({
    company: candidateSiteCompany,
    plans: z.array(candidateSitePlan),
    planTotal: z.number().int(),
    notices: feed,
    news: feed,
  }),
});

/** 计划页: the plan with its addresses and remark, its published notices with their attachments, and the posts' 学历 values. */
export const candidatePlanDetail = getEndpoint('/candidate/site/companies/:companyId/plans/:planId', {
  auth: false,
  input: z.object({ companyId, planId }),
  output: z.object({
    company: candidateSiteCompany.pick({ id: true, name: true, custom: true, logo: true }),
    plan: candidateSitePlan.extend({
      writtenExamAddress: z.string(),
      auditionExamAddress: z.string(),
      remark: z.string(),
      /** 缴费方式: after the sign-up review passed, within `feePayDays` days; false: when applying. */
      feeAfterReview: z.boolean(),
      feePayDays: z.number().int(),
      /** The plan's 证件照要求 (photoRuleText). */
      photoRule,
    }),
    notices: z.object({
      list: z.array(candidateSitePublicationRow.extend({ attachments: z.array(publicationFile) })),
      total: z.number().int(),
    }),
    /** The posts' distinct 学历要求, for the education filter. */
    educations: z.array(z.string()),
  }),
});

/** A post as candidates read it: its requirements and the live counts, never who applied. */
export const candidateSitePost = z.object({
  id: z.number().int(),
  jobVacancy: z.string(),
  departmentName: z.string(),
  places: z.number().int(),
  education: z.string(),
  workExperience: z.string(),
  salary: z.string(),
  fixedAddress: z.string(),
  jobDescription: z.string(),
  skillsRequired: z.string(),
  candidateRemark: z.string(),
  applicationPlace: z.string(),
  /** 取消岗位 (开考比例 not reached). */
  cancelled: z.boolean(),
  /** 报名人数: applications submitted to the post, whatever their status. */
  applicationCount: z.number().int(),
  /** 审核通过人数: applications that passed the sign-up review (any exam stage's status). */
  passedCount: z.number().int(),
});
export type CandidateSitePost = z.infer<typeof candidateSitePost>;

const filterText = (what: string) => z.string({ error: `${what}必须是文字` }).trim().max(50, `${what}最长 50 个字`).default('');

/** The plan's posts: `education` is part of the 学历要求, `major` part of the requirements (专业 is written there), `keyword` part of the post's or department's name. */
export const candidatePostList = getEndpoint('/candidate/site/companies/:companyId/plans/:planId/posts', {
  auth: false,
  input: pageInput.extend({ companyId, planId, education: filterText('学历'), major: filterText('专业'), keyword: keywordFilter }),
  output: pageOf(candidateSitePost),
});

/** The company's published notices or news, newest first (pinned first); `planId` for one plan's notices. */
export const candidatePublicationList = getEndpoint('/candidate/site/companies/:companyId/publications', {
  auth: false,
  input: pageInput.extend({
    companyId,
    kind: z.enum(['notice', 'news'], { error: '内容类型不正确' }),
    planId: planId.optional(),
  }),
  output: pageOf(candidateSitePublicationRow),
});

/** One published notice or news item: its HTML as the back office stored it (sanitised on saving). */
export const candidatePublicationDetail = getEndpoint('/candidate/site/companies/:companyId/publications/:id', {
  auth: false,
  input: z.object({ companyId, id: idOf('内容') }),
  output: candidateSitePublicationRow.extend({ content: z.string(), attachments: z.array(publicationFile) }),
});
