import { z } from 'zod';
import { idOf, postEndpoint } from '../api.js';
import type { Permission } from '../permissions.js';

/**
 * DESIGN §5 "Fair-exam rules beyond SPEC": the tie-break chain and 加试 (extra test) of the composite (interview-stage)
 * ranking.
 *
 * - A plan's `tieBreakChain` orders those with the same composite score: its links in turn — 笔试成绩 (the written
 *   score that ranks, paper + 加分), 面试成绩, a named interview score item (招录工作安排, stage 3, kind score: the
 *   candidate's score of that item) and 学历 (the highest education of the resume submitted with the application,
 *   EDUCATION_LADDER, higher first; a word off the ladder or none counts below 中专). Default: 笔试成绩 alone.
 * - Candidates tied on all of them share a place. Without `extraTestOnTie`, all tied at the cut-off (places) pass (末位同名次者均拟录用).
 *   With it, a still-tied group straddling the cut-off is flagged 需加试: none of them is 拟录用 and the post's interview results
 *   cannot be published until each has a 加试 score; the 加试 score is the chain's last link and orders only that group.
 *   Equal 加试 scores that still straddle the cut-off are flagged again (a new 加试, entered over the old one).
 * - The chain and the flag stand once a post of the plan has published its interview results.
 */

/** Who enters 加试 scores: the interview's score staff and reviewers. */
export const EXTRA_TEST_PERMISSIONS = ['score:entry', 'score:review'] as const satisfies readonly Permission[];
/** Who reads a post's 加试 group. */
export const EXTRA_TEST_VIEW_PERMISSIONS = ['score:entry', 'score:review', 'review:audition'] as const satisfies readonly Permission[];

/** 学历 from the lowest (as the post's 学历要求 is checked at sign-up): a resume's 最高学历 names one of these. */
export const EDUCATION_LADDER: Readonly<Record<string, number>> = { 中专: 1, 高中: 1, 大专: 2, 本科: 3, 硕士研究生: 4, 博士研究生: 5 };

export const TIE_BREAK_LINKS = ['written', 'interview', 'scoreItem', 'education'] as const;
export type TieBreakLinkKind = (typeof TIE_BREAK_LINKS)[number];

export const TIE_BREAK_ITEM_MAX = 50;
export const TIE_BREAK_CHAIN_MAX = 8;
export const TIE_BREAK_LINK_BAD = '同分排序规则不正确';
export const TIE_BREAK_LINK_TWICE = '同分排序规则中同一项只能出现一次';
export const TIE_BREAK_ITEM_REQUIRED = '请选择面试评分项';

export const tieBreakLink = z.discriminatedUnion(
  'link',
  [
    z.object({ link: z.literal('written') }),
    z.object({ link: z.literal('interview') }),
    z.object({
      link: z.literal('scoreItem'),
      item: z.string({ error: TIE_BREAK_ITEM_REQUIRED }).trim().min(1, TIE_BREAK_ITEM_REQUIRED).max(TIE_BREAK_ITEM_MAX, `评分项名称最长 ${TIE_BREAK_ITEM_MAX} 个字`),
    }),
    z.object({ link: z.literal('education') }),
  ],
  { error: TIE_BREAK_LINK_BAD },
);
export type TieBreakLink = z.infer<typeof tieBreakLink>;

export const DEFAULT_TIE_BREAK_CHAIN: readonly TieBreakLink[] = [{ link: 'written' }];

/** A link's key: one per link (a score item's per item name). */
export const tieBreakKey = (l: TieBreakLink) => (l.link === 'scoreItem' ? `scoreItem:${l.item}` : l.link);

/** A key of tieBreakKey back to its link; undefined when it is not one. */
export function tieBreakLinkOf(key: string): TieBreakLink | undefined {
  if (key.startsWith('scoreItem:')) {
    const item = key.slice('scoreItem:'.length).trim();
    return item ? { link: 'scoreItem', item } : undefined;
  }
  return (['written', 'interview', 'education'] as const).find((k) => k === key) ? { link: key as 'written' | 'interview' | 'education' } : undefined;
}

/** The link as the ranking's words name it: '笔试成绩', '面试成绩', '评分项“专业测试”', '学历'. */
export function tieBreakLabel(l: TieBreakLink): string {
  switch (l.link) {
    case 'written':
      return '笔试成绩';
    case 'interview':
      return '面试成绩';
    case 'scoreItem':
      return `评分项“${l.item}”`;
    case 'education':
      return '学历';
  }
}

/** The chain in words, for the rule text and the form: '笔试成绩、评分项“专业测试”、学历（高者在前）'. */
export const tieBreakChainText = (chain: readonly TieBreakLink[]) =>
  chain.map((l) => (l.link === 'education' ? '学历（高者在前）' : tieBreakLabel(l))).join('、');

export const tieBreakChain = z
  .array(tieBreakLink, { error: TIE_BREAK_LINK_BAD })
  .max(TIE_BREAK_CHAIN_MAX, TIE_BREAK_LINK_BAD)
  .refine((chain) => new Set(chain.map(tieBreakKey)).size === chain.length, TIE_BREAK_LINK_TWICE);

export const TIE_BREAK_AFTER_PUBLICATION = '已有岗位发布面试成绩，不能再修改同分排序规则和是否加试';
export const tieBreakItemMissing = (item: string) => `“${item}”不是本计划面试阶段的评分项（请先在招录工作安排中设置）`;

// ---------------------------------------------------------------------------------------------------------------
// 加试

export const EXTRA_TEST_SCORE_BAD = '加试成绩须为 0–999.99 之间的数字，最多两位小数';
export const EXTRA_TEST_OFF = '该招录计划未设置同分加试';
export const EXTRA_TEST_NO_GROUP = '该岗位没有末位并列需加试的考生';
export const EXTRA_TEST_PUBLISHED = '该岗位面试成绩已发布，不能再录入加试成绩';
export const EXTRA_TEST_NOT_IN_GROUP = '只能为末位并列、需加试的考生录入加试成绩';
export const EXTRA_TEST_WHOLE_GROUP = '请为末位并列的每一位考生录入加试成绩';
export const EXTRA_TEST_TWICE = '同一考生只能录入一个加试成绩';
export const EXTRA_TEST_REQUIRED = '请录入加试成绩';
/** Publication refused while a 需加试 group waits for its scores. */
export const extraTestPendingMessage = (names: string) => `${names}末位并列需加试，请先录入加试成绩再发布面试成绩`;

/** A 加试 score as typed: '86', '86.5' → '86.50'; within [0, 999.99]. */
export const extraTestScore = z
  .union([z.string(), z.number()], { error: EXTRA_TEST_SCORE_BAD })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, EXTRA_TEST_SCORE_BAD)
      .transform((v) => {
        const [whole, fraction = ''] = v.split('.');
        return `${Number(whole)}.${fraction.padEnd(2, '0')}`;
      }),
  );

export const extraTestMember = z.object({
  applicationId: z.number().int(),
  realName: z.string(),
  ticketCode: z.string().nullable(),
  compositeScore: z.string().nullable(),
  /** The 加试 score entered, null until then. */
  score: z.string().nullable(),
  /** Still tied after the 加试 (or not yet tested): not 拟录用 until decided. */
  needed: z.boolean(),
});
export type ExtraTestMember = z.infer<typeof extraTestMember>;

/** The post's 加试 group: those tied after the whole chain across the cut-off (empty when none, or when the plan does not test). */
export const extraTestGroup = postEndpoint('/recruitment/extraTest/group', {
  reads: true,
  permissions: EXTRA_TEST_VIEW_PERMISSIONS,
  input: z.object({ recruitmentId: idOf('岗位') }),
  output: z.object({
    extraTestOnTie: z.boolean(),
    published: z.boolean(),
    places: z.number().int(),
    members: z.array(extraTestMember),
  }),
});

/** Enters (or enters again) the 加试 scores of the post's group: every member at once, before publication. */
export const saveExtraTestScores = postEndpoint('/recruitment/extraTest/save', {
  permissions: EXTRA_TEST_PERMISSIONS,
  input: z.object({
    recruitmentId: idOf('岗位'),
    scores: z
      .array(z.object({ applicationId: idOf('报名记录'), score: extraTestScore }), { error: EXTRA_TEST_REQUIRED })
      .min(1, EXTRA_TEST_REQUIRED)
      .max(1000, EXTRA_TEST_NOT_IN_GROUP)
      .refine((rows) => new Set(rows.map((r) => r.applicationId)).size === rows.length, EXTRA_TEST_TWICE),
  }),
  output: z.object({ saved: z.number().int(), stillTied: z.number().int() }),
});
