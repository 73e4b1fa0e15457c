import { DEFAULT_TIE_BREAK_CHAIN, EDUCATION_LADDER, INTERVIEW_STAGE, type TieBreakLink, extraTestPendingMessage, tieBreakChainText, tieBreakLabel } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { recruitmentPlan } from '../../db/tables.js';
import { conflict } from '../../shared/errors.js';
import { rowsOf } from '../../shared/sql.js';

/**
 * 同分排序 and 加试 (DESIGN §5 "Fair-exam rules beyond SPEC", contracts' tie-break.ts): the plan's chain of links that
 * order those of equal composite score, as the composite ranking (ranking.ts) needs it — each link's key per
 * application, the chain in words — and whether those still tied across the cut-off take a 加试.
 */

/** A link with the work item it names resolved (a score item of the interview; null when the plan has none of that name). */
export type ResolvedLink = TieBreakLink & { itemId?: number | null };

export interface TieBreak {
  chain: ResolvedLink[];
  extraTestOnTie: boolean;
}

export const NO_TIE_BREAK: TieBreak = { chain: [...DEFAULT_TIE_BREAK_CHAIN], extraTestOnTie: false };

/** The plan's chain, its score items resolved to the first interview score item of that name (by the workflow's order). */
export async function tieBreakOf(db: Db, plan: typeof recruitmentPlan.$inferSelect): Promise<TieBreak> {
  const chain = plan.tieBreakChain ?? [...DEFAULT_TIE_BREAK_CHAIN];
  const names = chain.flatMap((l) => (l.link === 'scoreItem' ? [l.item] : []));
  const items =
    names.length === 0
      ? []
      : await rowsOf<{ id: number; name: string }>(
          db,
          sql`select distinct on (work_item) id, work_item as name from workflow_item
            where company_id = ${plan.companyId} and plan_id = ${plan.id} and stage = ${INTERVIEW_STAGE} and kind = 'score'
              and work_item in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
            order by work_item, sort, id`,
        );
  return {
    chain: chain.map((l) => (l.link === 'scoreItem' ? { ...l, itemId: items.find((i) => i.name === l.item)?.id ?? null } : l)),
    extraTestOnTie: plan.extraTestOnTie,
  };
}

/** The plan's interview score items' names (what a scoreItem link may name). */
export async function interviewScoreItemNames(db: Db, companyId: number, planId: number): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select distinct work_item as name from workflow_item
      where company_id = ${companyId} and plan_id = ${planId} and stage = ${INTERVIEW_STAGE} and kind = 'score'`,
  );
  return rows.map((r) => r.name);
}

/** 学历 as a number, higher first (EDUCATION_LADDER; off the ladder or none: 0). `education`: the resume's 最高学历. */
const educationRankSql = (education: SQL) =>
  sql`coalesce(case regexp_replace(trim(${education}), '学历$', '') ${sql.join(
    Object.entries(EDUCATION_LADDER).map(([word, rank]) => sql`when ${word} then ${rank}::int`),
    sql` `,
  )} end, 0)`;

/**
 * The key of `link` for application `a` of the composite ranking's base query (higher ranks first; null last):
 * `writtenTotal` is the written score that ranks (paper + 加分).
 */
export function linkKeySql(link: ResolvedLink, writtenTotal: SQL): SQL {
  switch (link.link) {
    case 'written':
      return sql`${writtenTotal}`;
    case 'interview':
      return sql`a.audition_grade`;
    case 'scoreItem':
      return link.itemId == null
        ? sql`null::numeric`
        : sql`(select t.score from application_task t where t.company_id = a.company_id and t.application_id = a.id and t.workflow_item_id = ${link.itemId}::int)`;
    case 'education':
      return sql`(select ${educationRankSql(sql`r.education`)} from application_resume r where r.application_id = a.id and r.company_id = a.company_id)`;
  }
}

/** The chain in the rule text: '同分依次按笔试成绩、学历（高者在前）排名'. */
export function tieBreakRuleText(tb: TieBreak): string {
  // A score item no longer in 招录工作安排 (renamed, removed) decides nothing, and the rule says so.
  const missing = tb.chain.filter((l) => l.link === 'scoreItem' && l.itemId === null).map((l) => `${tieBreakLabel(l)}已不是面试评分项，不参与比较`);
  const chain = tb.chain.length === 0 ? '' : `同分${tb.chain.length > 1 ? '依次' : ''}按${tieBreakChainText(tb.chain)}排名${missing.length ? `（${missing.join('；')}）` : ''}，`;
  return `${chain}都相同则同名次`;
}

/** The words of the links in turn, and of the 加试 when the plan tests (the chain's last link then). */
export const linkLabels = (tb: TieBreak) => [...tb.chain.map(tieBreakLabel), ...(tb.extraTestOnTie ? ['加试成绩'] : [])];

/**
 * Refuses (409) while the composite ranking `ranking` (compositeRankingSql, over those about to be published) holds a
 * 需加试 group: candidates tied after the whole chain across the cut-off without 加试 scores that decide them.
 */
export async function refuseUntestedTies(db: Db, ranking: SQL) {
  const [row] = await rowsOf<{ n: number; names: string | null }>(
    db,
    sql`select count(*)::int as n, string_agg(nm, '、' order by id) filter (where k <= 3) as names
      from (select r.id, a.real_name as nm, row_number() over (order by r.id) as k from (${ranking}) r
        join candidate_application a on a.id = r.id where r.extra_test_needed) x`,
  );
  const n = Number(row?.n ?? 0);
  if (n > 0) throw conflict(extraTestPendingMessage(`${row!.names}${n > 3 ? `等 ${n} 人` : ''}`));
}
