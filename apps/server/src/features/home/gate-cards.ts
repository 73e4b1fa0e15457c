import {
  GATE_STAGE_TABLE, type GateStage, HOME_GATE_STEPS, type HomeGateCard, type HomeGateStep, type Permission,
  confirmGateList, gateEntrySources, gatePermissionOf, planGates,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Session } from '../../shared/session.js';
import { rowsOf } from '../../shared/sql.js';
import { gateSummaryOf } from '../gate/index.js';
import { statusIn } from '../pipeline/index.js';

/** Who has a card for a gate's step: who may do its work on the gate's page (确认名单; the decisions). */
const STEP_PERMISSIONS: Record<HomeGateStep, (stage: GateStage) => readonly Permission[]> = {
  confirm: () => confirmGateList.permissions,
  pending: (stage) => [gatePermissionOf(stage), 'plan:edit'],
};
const STEPS = Object.keys(HOME_GATE_STEPS) as HomeGateStep[];

/** Whether the session may do the step's work at the gate. */
export const mayDoGateStep = (permissions: readonly Permission[], stage: GateStage, step: HomeGateStep) =>
  STEP_PERMISSIONS[step](stage).some((p) => permissions.includes(p));

/**
 * 首页's cards of the gates: for each plan holding candidates at a gate it runs or waiting to enter one, newest plan
 * first, each gate in its order and each step the caller may do whose figure is not 0, counted by the gate page's
 * own summary (gateSummary: waitingToEnter for 确认名单, the pending count for 待定 / 公示中, or, where the plan set
 * work items for the gate, the caller's tasks there that can be decided now).
 */
export async function gateCardsOf(db: Db, session: Session): Promise<HomeGateCard[]> {
  const { companyId } = session;
  const gates = GATE_STAGE_TABLE.filter((g) => STEPS.some((step) => mayDoGateStep(session.permissions, g.stage, step)));
  if (gates.length === 0) return [];
  // A plan may have a card only while some application is pending at a gate or waits at one's entry.
  const statuses = [...new Set(gates.flatMap((g) => [g.statuses.pending, ...gateEntrySources(g)]))];
  const plans = await rowsOf<{ id: number; name: string; gates: number[] }>(
    db,
    sql`select p.id, p.name, p.gates from recruitment_plan p
      where p.company_id = ${companyId} and cardinality(p.gates) > 0 and exists (
        select 1 from candidate_application a where a.company_id = p.company_id and a.plan_id = p.id and ${statusIn(statuses, 'a')})
      order by p.id desc`,
  );
  const cards: HomeGateCard[] = [];
  for (const plan of plans) {
    const planId = Number(plan.id);
    for (const gate of planGates(plan.gates).filter((g) => gates.includes(g))) {
      const summary = await gateSummaryOf(db, companyId, gate.stage, planId, session.userId);
      for (const step of STEPS) {
        if (!mayDoGateStep(session.permissions, gate.stage, step)) continue;
        // With work items (招录工作安排) the decisions are the assignees': the caller's tasks that can be decided now.
        const decisions = summary.workItems > 0 ? summary.myActionable : summary.counts.pending;
        const total = step === 'confirm' ? summary.waitingToEnter : decisions;
        if (total > 0) cards.push({ stage: gate.stage, step, planId, planName: plan.name, total });
      }
    }
  }
  return cards;
}
