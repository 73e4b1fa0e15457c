import { type GateStage, gateStageRow } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../shared/sql.js';
import { actionableCount, gateItemCount } from './tasks.js';
import { PUBLICITY, gatePlanOf, planRunsGate, publicityEndOf, resultSql, waitingToEnter } from './list.js';

/**
 * A gate's state for a plan (gateSummary): chosen or not, who waits to enter, the counts per result, open vacancies,
 * 公示's end, how many work items the plan set for the gate and how many of their tasks `userId` may decide now.
 */
export async function gateSummaryOf(db: Db, companyId: number, stage: GateStage, planId: number, userId?: number) {
  const gate = gateStageRow(stage);
  const plan = await gatePlanOf(db, companyId, planId);
  const rows = await rowsOf<{ result: string; n: number }>(
    db,
    sql`select ${resultSql(gate)} as result, count(*)::int as n
      from candidate_application a
      join gate_record g on g.application_id = a.id and g.company_id = a.company_id and g.stage = ${gate.stage}
      where a.company_id = ${companyId} and a.plan_id = ${plan.id}
      group by 1`,
  );
  const counts = { pending: 0, passed: 0, failed: 0, withdrew: 0 };
  for (const r of rows) if (r.result in counts) counts[r.result as keyof typeof counts] = Number(r.n);
  const [open] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from gate_vacancy
      where company_id = ${companyId} and plan_id = ${plan.id} and stage = ${gate.stage} and filled_by is null`,
  );
  const end = gate.stage === PUBLICITY.stage ? await publicityEndOf(db, companyId, plan) : null;
  return {
    chosen: planRunsGate(plan, gate),
    waitingToEnter: await waitingToEnter(db, companyId, plan, gate),
    counts,
    openVacancies: Number(open?.n ?? 0),
    publicityEndsAt: end ? end.toISOString() : null,
    workItems: await gateItemCount(db, companyId, stage, plan.id),
    myActionable: userId === undefined ? 0 : await actionableCount(db, companyId, stage, plan.id, userId),
  };
}
