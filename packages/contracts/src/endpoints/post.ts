import { z } from 'zod';
import { requiredText } from '../validation.js';
import { deleteById, idOf, idOutput, keywordFilter, pagedListEndpoint, postEndpoint } from '../api.js';
import { isAllowedFileUrl } from '../file-url.js';
import { companyInfo } from './company.js';
import { chinaDateTimeText } from '../china-time.js';

/** SPEC §5 / §9: an attachment's name is required and at most 50 characters; its file is required. */
export const ATTACHMENT_NAME_MAX = 50;
export const ATTACHMENT_MAX_COUNT = 20;

export const attachmentSchema = z.object(
  {
    fileName: requiredText('附件名称', ATTACHMENT_NAME_MAX),
    url: z
      .string({ error: '请上传附件' })
      .trim()
      .min(1, '请上传附件')
      .max(500, '附件地址过长')
      .refine(isAllowedFileUrl, '附件地址不正确'),
  },
  { error: '附件不正确' },
);
export type Attachment = z.infer<typeof attachmentSchema>;

/** A required id whose absence reads as "please choose". */
const chosenId = (what: string, missing: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', missing)
    .pipe(idOf(what));

const text = (what: string, max: number) =>
  z.string({ error: `${what}必须是文字` }).trim().max(max, `${what}最长 ${max} 个字`).default('');

export const postRow = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string(),
  jobVacancy: z.string(),
  places: z.number().int(),
  salary: z.string(),
  fixedAddress: z.string(),
  workExperience: z.string(),
  education: z.string(),
  applicationPlace: z.string(),
  talentTemplateId: z.number().int().nullable(),
  talentTemplateName: z.string(),
  fileCount: z.number().int(),
  applicationCount: z.number().int(),
  createdAt: z.string(),
});
export type PostRow = z.infer<typeof postRow>;

export const postList = pagedListEndpoint('/recruitment/recruitmentInfo/allList', {
  filters: { planId: idOf('招录计划').optional(), departmentId: idOf('部门').optional(), keyword: keywordFilter },
  row: postRow,
});

/** A post with everything the edit form and the job detail view (SPEC dialog 8) show. */
export const postDetail = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string(),
  jobVacancy: z.string(),
  places: z.number().int(),
  talentTemplateId: z.number().int().nullable(),
  recruitment: z.object({
    salary: z.string(),
    fixedAddress: z.string(),
    workExperience: z.string(),
    education: z.string(),
    jobDescription: z.string(),
    skillsRequired: z.string(),
    candidateRemark: z.string(),
    applicationPlace: z.string(),
    fileList: z.array(z.object({ fileName: z.string(), url: z.string() })),
  }),
  companyInfo: companyInfo.omit({ id: true, industry: true }),
  /** Null when the post has no plan. */
  recruitmentPlan: z
    .object({
      id: z.number().int(),
      name: z.string(),
      signUpStartDate: chinaDateTimeText,
      signUpEndDate: chinaDateTimeText,
      examAddress: z.string(),
    })
    .nullable(),
});
export type PostDetail = z.infer<typeof postDetail>;

export const getPostDetail = postEndpoint('/recruitment/recruitmentInfo/detail/:id', {
  reads: true,
  input: z.object({ id: idOf('招录岗位') }),
  output: postDetail,
});

export const savePost = postEndpoint('/recruitment/recruitmentInfo/save', {
  permissions: ['plan:edit'],
  input: z.object({
    id: idOf('招录岗位').optional(),
    planId: chosenId('招录计划', '请选择招录计划'),
    departmentId: chosenId('部门', '请选择招录部门'),
    jobVacancy: requiredText('岗位名称', 60),
    places: z.coerce
      .number({ error: '招录人数必须是数字' })
      .int('招录人数必须是整数')
      .min(1, '招录人数最少为 1')
      .max(9999, '招录人数最多为 9999'),
    salary: text('薪资待遇', 60),
    fixedAddress: text('工作地点', 200),
    workExperience: text('工作经验', 60),
    education: text('学历要求', 60),
    jobDescription: text('岗位描述', 5000),
    skillsRequired: text('技能要求', 5000),
    candidateRemark: text('考生须知', 5000),
    applicationPlace: text('报名地点', 200),
    talentTemplateId: idOf('简历模板').nullable().default(null),
    fileList: z
      .array(attachmentSchema, { error: '附件列表不正确' })
      .max(ATTACHMENT_MAX_COUNT, `附件最多 ${ATTACHMENT_MAX_COUNT} 个`)
      .default([]),
  }),
  output: idOutput,
});

export const deletePost = deleteById('/recruitment/recruitmentInfo/delete/:id', '招录岗位', 'plan:edit');
