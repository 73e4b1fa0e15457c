import { z } from 'zod';
import { exportEndpoint, idOf, pageInput, pageOf, postEndpoint } from '../api.js';
import { BONUS_PERMISSIONS, BONUS_SETTINGS_PERMISSIONS } from '../permissions.js';
import { requiredText } from '../validation.js';
import { applicantOnPost, optionalText } from './application.js';
import { decimalSchema } from './plan-form.js';

/**
 * DESIGN §5 "Fair-exam rules beyond SPEC": 加分 (bonus points). A plan sets its categories (少数民族, 退役士兵, 三支一扶…)
 * with points, a cap per candidate and whether bonuses stack; a reviewer grants a candidate's bonus against the proof
 * (a note of what was seen), before the post's written results are published; a grant can be revoked (with a reason)
 * until then. The written score that ranks is the paper score plus the bonus (笔试成绩 = 卷面成绩 + 加分, at most the
 * cap); the composite uses it; rankings show the paper score, the bonus and the total, and the explanation names it.
 */


export const BONUS_CATEGORY_NAME_MAX = 30;
export const BONUS_CATEGORIES_MAX = 20;
export const BONUS_PROOF_MAX = 200;
export const DEFAULT_BONUS_CAP = '5';

export const bonusPoints = (what: string) => decimalSchema(what, { places: 2, max: 100, intDigits: 3 });

export const bonusCategoryInput = z.object({
  /** Absent for a new category. */
  id: idOf('加分项目').optional(),
  name: requiredText('加分项目名称', BONUS_CATEGORY_NAME_MAX),
  points: bonusPoints('加分分值'),
});

export const BONUS_POINTS_OVER_CAP = '加分分值不能超过加分上限';
export const BONUS_STACKING_REQUIRED = '请选择加分是否累加';
export const BONUS_CANDIDATE_REQUIRED = '请选择考生';
export const BONUS_CATEGORY_NAME_TWICE = '加分项目名称不能重复';
export const BONUS_NO_WRITTEN = '该招录计划没有笔试，不设加分';
export const BONUS_AFTER_PUBLICATION = '该岗位的笔试成绩已发布，加分须在发布前确定';
export const BONUS_NOT_STACKING = '该考生已有加分项目，本计划的加分不累加';
export const BONUS_CATEGORY_TWICE = '该考生已有这一加分项目';
export const BONUS_CATEGORY_IN_USE = '该加分项目已有考生获得，不能删除（可先撤销其加分）';
/** Once a post's written results are published, its ranking stands: the cap, the stacking rule and the points stay. */
/** Turning stacking off while a candidate holds several categories. */
export const BONUS_STACKED_GRANTS = '已有考生获得多个加分项目，须先撤销多余的加分才能改为不累加';
export const BONUS_NOT_SIGNED_UP = '该考生未通过报名审核，不能加分';
export const BONUS_ALREADY_REVOKED = '该加分已撤销';
export const BONUS_SETTINGS_AFTER_PUBLICATION = '已有岗位发布笔试成绩，不能再修改加分上限、是否累加和加分分值';

export const bonusSettingsView = z.object({
  planId: z.number().int(),
  /** The cap on one candidate's bonus ('5.00'). */
  cap: z.string(),
  /** Whether a candidate's bonuses of several categories add up (to the cap); otherwise one category only. */
  stacking: z.boolean(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), points: z.string(), granted: z.number().int() })),
});
export type BonusSettingsView = z.infer<typeof bonusSettingsView>;

/** The plan's 加分 settings and categories (with how many active grants each has). */
export const bonusSettingsDetail = postEndpoint('/recruitment/bonus/settings', {
  reads: true,
  permissions: BONUS_PERMISSIONS,
  input: z.object({ planId: idOf('招录计划') }),
  output: bonusSettingsView,
});

/**
 * Saves the cap, the stacking rule and the categories as a whole (added, renamed, repointed, removed); a category with
 * an active grant cannot be removed (409), nor can points change once a post's written results are published.
 */
export const saveBonusSettings = postEndpoint('/recruitment/bonus/saveSettings', {
  permissions: BONUS_SETTINGS_PERMISSIONS,
  input: z
    .object({
      planId: idOf('招录计划'),
      cap: bonusPoints('加分上限'),
      stacking: z.boolean({ error: BONUS_STACKING_REQUIRED }),
      categories: z.array(bonusCategoryInput, { error: '加分项目不正确' }).max(BONUS_CATEGORIES_MAX, `加分项目最多 ${BONUS_CATEGORIES_MAX} 个`),
    })
    .superRefine((v, ctx) => {
      const names = new Set<string>();
      v.categories.forEach((c, i) => {
        if (Number(c.points) > Number(v.cap)) ctx.addIssue({ code: 'custom', message: BONUS_POINTS_OVER_CAP, path: ['categories', i, 'points'] });
        if (names.has(c.name)) ctx.addIssue({ code: 'custom', message: BONUS_CATEGORY_NAME_TWICE, path: ['categories', i, 'name'] });
        names.add(c.name);
      });
    }),
  output: z.null(),
});

export const bonusGrantRow = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  ...applicantOnPost,
  categoryName: z.string(),
  points: z.string(),
  proofNote: z.string(),
  grantedBy: z.string(),
  grantedAt: z.string(),
  /** Null while in force. */
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
  revokeReason: z.string(),
});
export type BonusGrantRow = z.infer<typeof bonusGrantRow>;

const bonusListFilters = {
  planId: idOf('招录计划'),
  recruitmentId: idOf('岗位').optional(),
  /** Absent: both; 'active' in force; 'revoked'. */
  state: z.enum(['active', 'revoked'], { error: '加分状态不正确' }).optional(),
  keyword: optionalText('关键词', 30),
};

/** The plan's bonus grants, in force first. */
export const bonusGrantList = postEndpoint('/recruitment/bonus/list', {
  reads: true,
  permissions: BONUS_PERMISSIONS,
  input: pageInput.extend(bonusListFilters),
  output: pageOf(bonusGrantRow),
});

export const exportBonusGrantList = exportEndpoint('/recruitment/bonus/list/export', {
  permissions: BONUS_PERMISSIONS,
  input: z.object(bonusListFilters),
  output: z.unknown(),
});

/**
 * Grants a category's bonus to an application that passed the sign-up review, before its post's written results are
 * published (409 BONUS_AFTER_PUBLICATION), once per category (409), and — unless the plan stacks — only one category
 * per candidate (409 BONUS_NOT_STACKING). The points are the category's at the time (kept on the grant).
 */
export const grantBonus = postEndpoint('/recruitment/bonus/grant', {
  permissions: BONUS_PERMISSIONS,
  input: z.object({
    applicationId: idOf('报名'),
    categoryId: idOf('加分项目'),
    proofNote: requiredText('证明材料核验情况', BONUS_PROOF_MAX),
  }),
  output: z.object({ id: z.number().int() }),
});

/** Revokes a grant in force, with a reason, before the post's written results are published. */
export const revokeBonus = postEndpoint('/recruitment/bonus/revoke', {
  permissions: BONUS_PERMISSIONS,
  input: z.object({ id: idOf('加分记录'), reason: requiredText('撤销原因', BONUS_PROOF_MAX) }),
  output: z.null(),
});

/** The plan's grants in force as a notice draft (加分人员名单: title, table), opened in the notice editor. */
export const bonusNoticeDraft = postEndpoint('/recruitment/bonus/noticeDraft', {
  reads: true,
  permissions: BONUS_PERMISSIONS,
  input: z.object({ planId: idOf('招录计划') }),
  output: z.object({ title: z.string(), content: z.string() }),
});
