import { INTERVIEW_STAGE, TIE_BREAK_AFTER_PUBLICATION, type TieBreakLink, tieBreakItemMissing, tieBreakKey } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict } from '../../shared/errors.js';
import { rowsOf } from '../../shared/sql.js';
import { interviewScoreItemNames } from '../pipeline/index.js';

const sameChain = (a: readonly TieBreakLink[], b: readonly TieBreakLink[]) =>
  a.length === b.length && a.every((l, i) => tieBreakKey(l) === tieBreakKey(b[i]!));

/**
 * The plan's 同分排序 and 同分加试 as a save would set them (409 when refused): a score item named must be one of the
 * plan's interview score items (招录工作安排), and neither may change once a post of the plan published its interview
 * results (the publication keeps the tie-break it ranked by; the plan's stays the rule of its other posts). Held
 * against a publication under way by the plan row's lock (publishPost). A new plan is `{ id: 0 }`.
 */
export async function refuseTieBreakChange(
  db: Db,
  plan: { id: number; companyId: number; tieBreakChain: readonly TieBreakLink[]; extraTestOnTie: boolean },
  input: { tieBreakChain: readonly TieBreakLink[]; extraTestOnTie: boolean },
) {
  const changed = !sameChain(plan.tieBreakChain, input.tieBreakChain) || plan.extraTestOnTie !== input.extraTestOnTie;
  if (!changed) return;
  const named = input.tieBreakChain.flatMap((l) => (l.link === 'scoreItem' ? [l.item] : []));
  if (named.length > 0) {
    const items = plan.id === 0 ? [] : await interviewScoreItemNames(db, plan.companyId, plan.id);
    const missing = named.find((n) => !items.includes(n));
    if (missing !== undefined) throw conflict(tieBreakItemMissing(missing));
  }
  if (plan.id === 0) return;
  const [published] = await rowsOf(
    db,
    sql`select 1 from stage_publication sp join recruitment_info ri on ri.id = sp.recruitment_id and ri.company_id = sp.company_id
      where sp.company_id = ${plan.companyId} and ri.plan_id = ${plan.id} and sp.stage = ${INTERVIEW_STAGE} limit 1`,
  );
  if (published) throw conflict(TIE_BREAK_AFTER_PUBLICATION);
}
