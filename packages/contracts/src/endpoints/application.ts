import { z } from 'zod';
import { getEndpoint, idOf, pageInput, pageOf, postEndpoint } from '../api.js';
import { DATE_PATTERN, identityNoProblem, identityNoSchema, isRealDate, optionalEmailSchema, phoneSchema, requiredText } from '../validation.js';
import { areAllowedImageUrls } from '../file-url.js';
import { APPLICATION_STATUSES } from '../application-status.js';


/** Values of the dictionaries `sex` and `position_status` (seeded with the platform dictionaries). */
export const SEX_VALUES = ['1', '2'] as const;
export const POSITION_STATUS_VALUES = ['1', '2', '3', '4', '5'] as const;

/** Who may read candidates and their counts: plan editors and every reviewer (DESIGN §4). */
export const CANDIDATE_READ_PERMISSIONS = ['plan:edit', 'review:signup', 'review:written', 'review:audition', 'score:entry', 'score:review'] as const;

/** The birth date (YYYY-MM-DD) written in an 18-character identity number. */
export const birthdayOfIdentityNo = (identityNo: string) =>
  `${identityNo.slice(6, 10)}-${identityNo.slice(10, 12)}-${identityNo.slice(12, 14)}`;

/** What a valid identity number says of its holder: the birthday and the sex (odd 17th digit: 男 1, even: 女 2). */
export function derivedFromIdentityNo(identityNo: string): { birthday: string; sex: '1' | '2' } | null {
  const id = identityNo.trim().toUpperCase();
  if (identityNoProblem(id) !== null) return null;
  return { birthday: birthdayOfIdentityNo(id), sex: Number(id[16]) % 2 === 1 ? '1' : '2' };
}

/** A `YYYY-MM-DD` date, or '' / absent for none (answered as null). */
const optionalDate = (what: string) =>
  z
    .union([z.literal(''), z.string({ error: `${what}格式应为 YYYY-MM-DD` }).regex(DATE_PATTERN, `${what}格式应为 YYYY-MM-DD`)], {
      error: `${what}格式应为 YYYY-MM-DD`,
    })
    .refine((v) => v === '' || isRealDate(v), `${what}不是有效日期`)
    .optional()
    .transform((v) => (v ? v : null));

/** A date inside a resume list entry, kept as written ('' allowed, otherwise `YYYY-MM` or `YYYY-MM-DD`). */
const listDate = (what: string) =>
  z
    .string({ error: `${what}必须是文字` })
    .trim()
    .regex(/^(\d{4}-\d{2}(-\d{2})?)?$/, `${what}格式应为 YYYY-MM 或 YYYY-MM-DD`)
    .default('');

/** Optional text of at most `max` characters, trimmed; '' when absent. */
export const optionalText = (what: string, max: number) =>
  z.string({ error: `${what}必须是文字` }).trim().max(max, `${what}最长 ${max} 个字`).default('');

/** Comma-separated urls of uploaded files or `https:` addresses (see file-url.ts). */
const fileUrls = (what: string) =>
  z
    .string({ error: `${what}必须是文字` })
    .trim()
    .max(500, `${what}最长 500 个字`)
    .refine(areAllowedImageUrls, `${what}不正确`)
    .default('');

const list = <T extends z.ZodType>(item: T, what: string, max: number) =>
  z.array(item, { error: `${what}格式不正确` }).max(max, `${what}最多 ${max} 条`).default([]);

export const educationEntrySchema = z.object({
  startTime: listDate('学习开始时间'),
  endTime: listDate('学习结束时间'),
  schoolName: requiredText('学校名称', 100),
  education: optionalText('学历', 20),
  specialty: optionalText('专业', 50),
  learningStyle: optionalText('学习形式', 20),
});
export const familyEntrySchema = z.object({
  name: requiredText('家庭成员姓名', 30),
  politicalOutlook: optionalText('家庭成员政治面貌', 20),
  position: optionalText('家庭成员工作单位及职务', 100),
  birthday: listDate('家庭成员出生日期'),
});
export const workEntrySchema = z.object({
  startTime: listDate('工作开始时间'),
  endTime: listDate('工作结束时间'),
  companyName: requiredText('工作单位', 100),
  jobPosition: optionalText('职务', 50),
});
export const enclosureEntrySchema = z.object({
  image: fileUrls('附件地址'),
  name: requiredText('附件名称', 50),
  enclosureDescribe: optionalText('附件说明', 200),
});
export const certificateEntrySchema = z.object({
  image: fileUrls('证书图片'),
  skillName: optionalText('技能名称', 50),
  skillLevel: optionalText('技能等级', 20),
  name: requiredText('证书名称', 50),
  certificationDate: listDate('发证日期'),
});
export const rewardEntrySchema = z.object({
  name: requiredText('奖惩名称', 50),
  agencies: optionalText('奖惩机构', 100),
  rewardReasons: optionalText('奖惩原因', 200),
  rewardDate: listDate('奖惩日期'),
});

/**
 * The candidate's full resume (SPEC §3 TalentInfo) as a candidate site submits it. `id`, `buyStatus`
 * and `age` are not input: the server keeps the first, the buying company decides the second and the
 * third follows from the birthday, which itself must agree with the identity number.
 */
export const talentShape = {
  realName: requiredText('姓名', 30),
  oldRealName: optionalText('曾用名', 30),
  sex: z.enum(SEX_VALUES, { error: '请选择性别' }),
  nation: optionalText('民族', 20),
  nationality: z.string({ error: '国籍必须是文字' }).trim().max(30, '国籍最长 30 个字').default('中国'),
  birthday: optionalDate('出生日期'),
  politicalOutlook: optionalText('政治面貌', 20),
  joinPartyDate: optionalDate('入党（团）时间'),
  marriageHistory: optionalText('婚姻状况', 20),
  candidateType: optionalText('考生类型', 30),
  bodyStatus: optionalText('健康状况', 30),
  positionStatus: z.union([z.literal(''), z.enum(POSITION_STATUS_VALUES)], { error: '在职状态不正确' }).default(''),
  contractExpireDate: optionalDate('合同到期时间'),
  certificateImage: fileUrls('证件照'),
  hometown: optionalText('籍贯', 100),
  registeredResidenceAddress: optionalText('户籍地址', 200),
  nowAddress: optionalText('现住址', 200),
  habitation: optionalText('居住地', 200),
  familyAddress: optionalText('家庭住址', 200),
  postalAddress: optionalText('通讯地址', 200),
  documentType: z.string({ error: '证件类型必须是文字' }).trim().max(20, '证件类型最长 20 个字').default('居民身份证'),
  identityNo: z.string({ error: '请输入身份证号码' }).pipe(identityNoSchema),
  identityType: optionalText('身份类别', 30),
  identityDate: optionalDate('证件有效期'),
  workYears: z.coerce.number({ error: '工作年限必须是数字' }).int('工作年限必须是整数').min(0, '工作年限不能为负').max(60, '工作年限不正确').default(0),
  joinWorkDate: optionalDate('参加工作时间'),
  phone: z.string({ error: '请输入手机号码' }).pipe(phoneSchema),
  email: optionalEmailSchema,
  otherContactInformation: optionalText('其他联系方式', 100),
  archivesStatus: z.union([z.literal(0), z.literal(1)], { error: '档案状态不正确' }).default(0),
  archivesAddress: optionalText('档案所在地', 200),
  drivingLicenseCategory: optionalText('驾照类别', 20),
  drivingLicenseType: optionalText('准驾车型', 20),
  totalDrivingMileage: optionalText('累计驾驶里程', 20),
  drivingLevel: optionalText('驾驶水平', 20),
  computerLevel: optionalText('计算机水平', 50),
  technicalTitle: optionalText('专业技术职称', 50),
  firstForeignLanguage: optionalText('第一外语', 20),
  firstForeignLanguageLevel: optionalText('第一外语水平', 30),
  secondForeignLanguage: optionalText('第二外语', 20),
  secondForeignLanguageLevel: optionalText('第二外语水平', 30),
  education: optionalText('最高学历', 20),
  graduateSchool: optionalText('毕业院校', 100),
  nowPosition: optionalText('现任职务', 50),
  position: optionalText('现工作单位', 100),
  strongPoint: optionalText('特长', 500),
  personalEvaluation: optionalText('自我评价', 1000),
  remarks: optionalText('备注', 500),
  educationList: list(educationEntrySchema, '教育经历', 10),
  familyList: list(familyEntrySchema, '家庭成员', 10),
  workList: list(workEntrySchema, '工作经历', 20),
  enclosureList: list(enclosureEntrySchema, '附件', 20),
  certificateList: list(certificateEntrySchema, '证书', 20),
  rewardList: list(rewardEntrySchema, '奖惩情况', 20),
};
export const talentInput = z.object(talentShape).refine((v) => v.birthday === null || v.birthday === birthdayOfIdentityNo(v.identityNo), {
  message: '出生日期与身份证号码不一致',
  path: ['birthday'],
});
export type TalentInput = z.input<typeof talentInput>;

/**
 * Candidate-site call (no candidate site exists yet): sign up for a post with a full resume.
 *
 * Public on purpose (`auth: false`): candidates are not staff and have no session. In one
 * transaction the server creates the talent and the application (status 10 待审核) with its first
 * history row and its own copy of the resume as submitted, which is what the company reviews. It
 * refuses a plan that is not published ('该招录计划未开放报名'), a date outside the sign-up window
 * ('不在报名时间内'), a resume that leaves empty a field the post's resume template requires
 * ('请填写毕业院校', see `missingRequiredField`), and an identity number that already belongs to a
 * talent, whatever phone comes with it, with the blacklist's neutral answer
 * (`TALENT_MESSAGES.applyRefused`): attaching an existing talent would make it the company's
 * applicant, unlocked with everything it stored, and that needs the candidate to sign in (the
 * candidate site's login), not an identity number and a phone that can be guessed. One answer for
 * every such refusal, so the call tells nobody which phone a number was registered with. Rate
 * limiting is in front of it; a captcha and candidate accounts (SMS-verified) belong there before a
 * real candidate site uses it.
 */
export const applyRecruitment = postEndpoint('/open/recruitment/apply', {
  auth: false,
  input: z.object({
    recruitmentId: idOf('岗位'),
    talentInfo: z.looseObject({}, { error: '请填写简历' }).pipe(talentInput),
  }),
  output: z.object({
    applicationId: z.number().int(),
    talentId: z.number().int(),
    status: z.number().int(),
    /** When the plan charges a registration fee: the order to pay (`/open/fee/pay`), open for 30 minutes. */
    feeOrderId: z.string().nullable(),
  }),
});

/** A list's filter by application status (dictionary candidate_app_status); absent for every status. */
export const applicationStatusFilter = z.coerce
  .number({ error: '报名状态不正确' })
  .refine((v) => (APPLICATION_STATUSES as readonly number[]).includes(v), '报名状态不正确')
  .optional();

/** Who applied to which post, as the lists of applications show them. */
export const applicantOnPost = {
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  realName: z.string(),
  sex: z.string(),
  identityNo: z.string(),
  phone: z.string(),
};

/** An application with its plan, post and applicant, as the staff's work lists (待审核, 成绩复查) show it. */
export const applicationOnPlanPost = {
  applicationId: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  realName: z.string(),
  identityNo: z.string(),
  phone: z.string(),
};

export const candidateRow = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  talentId: z.number().int(),
  ...applicantOnPost,
  education: z.string(),
  graduateSchool: z.string(),
  status: z.number().int(),
  admissionTicketCode: z.string().nullable(),
  /** Exact decimals as strings with two places ('86.50'), or null before the score is entered. */
  writtenGrade: z.string().nullable(),
  auditionGrade: z.string().nullable(),
  createdAt: z.string(),
});
export type CandidateRow = z.infer<typeof candidateRow>;

/**
 * AllCandidatelist (SPEC §7 `GET companyCandidateList/{id}`, the id being the plan's): every
 * application of a plan, or of one of its posts, newest first, paged on the server. `keyword` is a
 * prefix: of the name, or — when it is made of digits (and a final X) — of the identity number or
 * the phone number. A plan of another company answers 404.
 */
export const companyCandidateList = getEndpoint('/recruitment/companyCandidateList/:planId', {
  permissions: CANDIDATE_READ_PERMISSIONS,
  input: pageInput.extend({
    planId: idOf('招录计划'),
    recruitmentId: idOf('岗位').optional(),
    status: applicationStatusFilter,
    keyword: z.string({ error: '关键词必须是文字' }).trim().max(30, '关键词最长 30 个字').default(''),
  }),
  output: pageOf(candidateRow),
});
