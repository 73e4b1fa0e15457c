import { z } from 'zod';
import { allListEndpoint, emptyInput, exportEndpoint, getEndpoint, idOf, idOutput, okOutput, pageInput, pageOf, postEndpoint } from '../api.js';
import { SEX_VALUES } from './application.js';
import { resumeView } from '../resume-view.js';
import { orderView } from '../order-view.js';

/** SPEC §3 buyStatus: 1 once the company has unlocked the talent (its own applicant, a quota use or a paid order). */
export const BUY_STATUS = { locked: 0, unlocked: 1 } as const;

/** What a resume shows of a talent the company has not unlocked (DESIGN §9): contact data masked, the latest job gone. */
export const MASKED_CONTACT = '****';

/** Messages the talent pool's rules give (server and web both show them). */
export const TALENT_MESSAGES = {
  missing: '人才不存在',
  classifyMissing: '分类不存在',
  classifyInUse: '该分类下还有人才，请先将其移出后再删除',
  classifyHasChildren: '该分类下还有子分类，请先删除子分类',
  classifyCycle: '不能把分类移到它自己或它的下级分类之下',
  classifyNameTaken: '同一级下已有同名分类',
  notApplicant: '该人才未报名本单位岗位，不能免费查看，请使用简历额度或购买',
  alreadyUnlocked: '该简历已解锁，无需重复购买',
  noQuota: '简历查看额度已用完或已过期，请购买简历或额度',
  notInPool: '只能为报名本单位的人才设置分类和标签',
  pageBeyondCap: '只能查看前 1000 条结果，请增加筛选条件缩小范围',
  blacklistMissing: '该人才不在黑名单中',
  /**
   * What a blacklisted talent is told when resubmitting, and every public application with an identity number that is
   * already registered (whatever its phone): neutral, it does not say why.
   */
  applyRefused: '很抱歉，您暂时无法报名该单位的岗位',
} as const;

/** The price of unlocking one resume by an order of type 9 (购买简历), in cents. */
export const RESUME_PRICE_CENTS = 1_000;

const nameOf = (what: string, max: number) =>
  z.string({ error: `请输入${what}` }).trim().min(1, `请输入${what}`).max(max, `${what}最长 ${max} 个字`);

const filterText = (what: string, max: number) =>
  z.string({ error: `${what}必须是文字` }).trim().max(max, `${what}最长 ${max} 个字`).default('');

const optionalCount = (what: string, max: number) =>
  z.coerce.number({ error: `${what}必须是数字` }).int(`${what}必须是整数`).min(0, `${what}不能为负`).max(max, `${what}不正确`).optional();

// ── 分类配置 ─────────────────────────────────────────────────────────────

export const talentClassifyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  sort: z.number().int(),
  /** Talents filed directly under it. */
  talentCount: z.number().int(),
});
export type TalentClassifyRow = z.infer<typeof talentClassifyRow>;

export interface TalentClassifyNode extends TalentClassifyRow {
  children: TalentClassifyNode[];
}
export const talentClassifyNode: z.ZodType<TalentClassifyNode> = talentClassifyRow.extend({
  get children() {
    return z.array(talentClassifyNode);
  },
});

/** The company's classification tree, each level by sort then name. */
export const talentClassifyTree = allListEndpoint('/talent/talentClassify/queryTreeList', talentClassifyNode, ['talent:view']);

/** Every classification of the company, flat (SPEC `GET talent/talentClassify/allList`). */
export const talentClassifyAll = getEndpoint('/talent/talentClassify/allList', {
  permissions: ['talent:view'],
  input: emptyInput,
  output: z.array(talentClassifyRow),
});

/** Adds (no id), renames or moves a classification; a parent of null puts it at the top. */
export const saveTalentClassify = postEndpoint('/talent/talentClassify/save', {
  permissions: ['talent:manage'],
  input: z.object({
    id: idOf('分类').optional(),
    name: nameOf('分类名称', 30),
    parentId: idOf('上级分类').nullable().default(null),
    sort: z.coerce.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能为负').max(9999, '排序最大为 9999').default(0),
  }),
  output: idOutput,
});

export const deleteTalentClassify = postEndpoint('/talent/talentClassify/delete/:id', {
  permissions: ['talent:manage'],
  input: z.object({ id: idOf('分类') }),
  output: okOutput,
});

// ── 应聘人才库: classifications and labels of the company's applicants ───────

const talentIds = z
  .array(idOf('人才'), { error: '请选择人才' })
  .min(1, '请选择人才')
  .max(500, '一次最多选择 500 人')
  .transform((ids) => [...new Set(ids)]);

/** Files the talents under exactly these classifications (an empty list takes them out of every one). */
export const batchSaveClassify = postEndpoint('/talent/talentCompanyClassify/batchSaveClassify', {
  permissions: ['talent:manage'],
  input: z.object({
    talentIds,
    classifyIds: z
      .array(idOf('分类'), { error: '分类不正确' })
      .max(20, '最多选择 20 个分类')
      .transform((ids) => [...new Set(ids)]),
  }),
  output: okOutput,
});

const labelName = z.string({ error: '标签必须是文字' }).trim().min(1, '标签不能为空').max(20, '标签最长 20 个字');

/** Gives the talents exactly these labels (new label names are added to the company's labels). */
export const saveTalentLabel = postEndpoint('/talent/talentCompanyClassify/saveLabel', {
  permissions: ['talent:manage'],
  input: z.object({
    talentIds,
    labels: z
      .array(labelName, { error: '标签不正确' })
      .max(10, '每人最多 10 个标签')
      .transform((names) => [...new Set(names)]),
  }),
  output: okOutput,
});

/** One talent's classifications and labels in the company. */
export const getTalentClassify = postEndpoint('/talent/talentCompanyClassify/getTalentClassify/:id', {
  reads: true,
  permissions: ['talent:view'],
  input: z.object({ id: idOf('人才') }),
  output: z.object({ classifyIds: z.array(z.number().int()), labels: z.array(z.string()) }),
});

export const talentLabelRow = z.object({ id: z.number().int(), name: z.string(), talentCount: z.number().int() });
export type TalentLabelRow = z.infer<typeof talentLabelRow>;

export const talentLabelList = allListEndpoint('/talent/talentCompanyLabel/allList', talentLabelRow, ['talent:view']);

// ── Lists ─────────────────────────────────────────────────────────────

/**
 * Filters both talent lists take (SPEC /talentInfo); `keyword` searches name, schools, majors, employers and skills
 * (one character: the names that begin with it).
 */
export const talentFilters = {
  keyword: filterText('关键词', 50),
  education: filterText('学历', 20),
  school: filterText('毕业院校', 50),
  major: filterText('专业', 50),
  sex: z.union([z.literal(''), z.enum(SEX_VALUES)], { error: '性别不正确' }).default(''),
  politicalOutlook: filterText('政治面貌', 20),
  workYearsMin: optionalCount('最少工作年限', 60),
  workYearsMax: optionalCount('最多工作年限', 60),
  ageMin: optionalCount('最小年龄', 100),
  ageMax: optionalCount('最大年龄', 100),
};

export const companyTalentFilters = {
  ...talentFilters,
  /** This classification or any below it. */
  classifyId: idOf('分类').optional(),
  labelId: idOf('标签').optional(),
};

/**
 * Both talent lists count their matches up to one past this (a total above it reads "1000+") and show pages within
 * it: a search that finds more is narrowed by its filters, not paged through.
 */
export const TALENT_COUNT_CAP = 1_000;

export const talentRow = z.object({
  id: z.number().int(),
  buyStatus: z.number().int(),
  realName: z.string(),
  sex: z.string(),
  age: z.number().int().nullable(),
  education: z.string(),
  graduateSchool: z.string(),
  /** Majors of the education entries, joined with 、. */
  major: z.string(),
  workYears: z.number().int(),
  politicalOutlook: z.string(),
  /** Masked (138****5678, z****@qq.com) until the company has unlocked the talent. */
  phone: z.string(),
  email: z.string(),
  blacklisted: z.boolean(),
});
export type TalentRow = z.infer<typeof talentRow>;

export const companyTalentRow = talentRow.extend({
  classifyNames: z.array(z.string()),
  labels: z.array(z.string()),
  applicationCount: z.number().int(),
  lastAppliedAt: z.string(),
});
export type CompanyTalentRow = z.infer<typeof companyTalentRow>;

/** 应聘人才库: the talents who applied to the company, newest application first (total capped, TALENT_COUNT_CAP). */
export const companyTalentList = postEndpoint('/talent/talentCompanyClassify/list', {
  reads: true,
  permissions: ['talent:view'],
  input: pageInput.extend(companyTalentFilters),
  output: pageOf(companyTalentRow),
});

/** 全部人才库: the platform's talents who let companies find them, newest first (total capped, TALENT_COUNT_CAP). */
export const platformTalentList = postEndpoint('/talent/talent/list', {
  reads: true,
  permissions: ['talent:view'],
  input: pageInput.extend(talentFilters),
  output: pageOf(talentRow),
});

/** The filtered list as .xlsx (everything the filters find, at most 5,000 rows), masked as the list is. */
export const exportCompanyTalentList = exportEndpoint('/talent/talentCompanyClassify/export', {
  permissions: ['talent:view'],
  input: z.object(companyTalentFilters),
  output: z.unknown(),
});
export const exportPlatformTalentList = exportEndpoint('/talent/talent/export', {
  permissions: ['talent:view'],
  input: z.object(talentFilters),
  output: z.unknown(),
});
export const TALENT_EXPORT_MAX_ROWS = 5_000;

// ── Resume (SPEC dialog 3) ───────────────────────────────────────────────

export const talentApplicationRow = z.object({
  id: z.number().int(),
  planName: z.string(),
  jobVacancy: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
});

export const talentInfo = z.object({
  id: z.number().int(),
  buyStatus: z.number().int(),
  realName: z.string(),
  /** The talent applied to the company: unlocking is free (companyFreeBuyTalent). */
  ownApplicant: z.boolean(),
  blacklisted: z.boolean(),
  blacklistReason: z.string(),
  /** Uses left of the company's resume quota in force (0 when none). */
  quotaLeft: z.number().int(),
  /** What unlocking by an order costs (购买简历). */
  priceY: z.string(),
  resume: resumeView,
  applications: z.array(talentApplicationRow),
});
export type TalentInfo = z.infer<typeof talentInfo>;

const resumeInput = z.object({
  id: idOf('人才'),
  /** Shows the fields this resume template shows (SPEC `templateExpand`); every field when absent. */
  templateId: idOf('简历模板').optional(),
});

/** SPEC `GET /admin/talent/getTalentInfo/{id}`: the resume, masked by the server until unlocked. */
export const getTalentInfo = getEndpoint('/admin/talent/getTalentInfo/:id', {
  auditsView: true,
  permissions: ['talent:view'],
  input: resumeInput,
  output: talentInfo,
});

/** The resume as a PDF (打印简历), masked as the view is. */
export const talentResumePdf = getEndpoint('/admin/talent/resumePdf/:id', {
  permissions: ['talent:view'],
  input: resumeInput,
  output: z.unknown(),
});

const unlocked = z.object({ buyStatus: z.number().int() });

/** Unlocks one of the company's own applicants, free. */
export const companyFreeBuyTalent = getEndpoint('/admin/order/companyFreeBuyTalent/:id', {
  permissions: ['talent:view'],
  writes: true,
  input: z.object({ id: idOf('人才') }),
  output: unlocked,
});

/** Unlocks a talent with one use of the company's resume quota. */
export const unlockTalentByQuota = postEndpoint('/admin/talent/unlockByQuota/:id', {
  permissions: ['talent:buy'],
  input: z.object({ id: idOf('人才') }),
  output: unlocked.extend({ quotaLeft: z.number().int() }),
});

/** The open order of type 9 that unlocks the talent once paid (the same one while it is open). */
export const companyBuyUserTalent = postEndpoint('/admin/order/companyBuyUserTalent/:id', {
  permissions: ['talent:buy'],
  input: z.object({ id: idOf('人才') }),
  output: orderView,
});

/** The company's latest order for this talent, or null. */
export const getByTalentOrder = postEndpoint('/order/omsOrder/getByTalentOrder/:id', {
  reads: true,
  permissions: ['talent:buy'],
  input: z.object({ id: idOf('人才') }),
  output: orderView.nullable(),
});

// ── 黑名单 ─────────────────────────────────────────────────────────────

/** Adds a talent (by id, or by one of the company's applications) to the blacklist, or changes the reason. */
export const saveBlacklist = postEndpoint('/talent/talentCompanyBlack/saveUpData', {
  permissions: ['talent:manage'],
  input: z
    .object({
      talentId: idOf('人才').optional(),
      applicationId: idOf('报名记录').optional(),
      reason: nameOf('拉黑原因', 200),
    })
    .refine((v) => (v.talentId === undefined) !== (v.applicationId === undefined), { message: '请选择人才', path: ['talentId'] }),
  output: z.object({ talentId: z.number().int() }),
});

export const removeBlacklist = postEndpoint('/talent/talentCompanyBlack/remove/:id', {
  permissions: ['talent:manage'],
  input: z.object({ id: idOf('人才') }),
  output: okOutput,
});

export const blacklistRow = z.object({
  talentId: z.number().int(),
  realName: z.string(),
  sex: z.string(),
  /** Masked as in the lists unless unlocked. */
  phone: z.string(),
  reason: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type BlacklistRow = z.infer<typeof blacklistRow>;

export const blacklistList = postEndpoint('/talent/talentCompanyBlack/list', {
  reads: true,
  permissions: ['talent:view'],
  input: pageInput.extend({ keyword: filterText('姓名', 30) }),
  output: pageOf(blacklistRow),
});
