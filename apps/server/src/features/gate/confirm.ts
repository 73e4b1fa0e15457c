import { type ApplicationStatus, type GateStage, gateEntrySources, gateStageRow } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict } from '../../shared/errors.js';
import { idArray, rowsOf } from '../../shared/sql.js';
import { MOVE_REFUSED, transitionMany } from '../pipeline/index.js';
import { entrySourceOf, gatePlanOf, requireGateChosen } from './list.js';

export interface ConfirmGateList {
  companyId: number;
  actorId: number;
  gate: GateStage;
  planId: number;
  recruitmentId?: number;
}

/**
 * 确认名单 (DESIGN §5 "After the interview"): every application of the plan (or post) that stands exactly at the pass
 * of the step before the gate (`entrySourceOf`) enters it, through the state machine, with its gate_record. Only for a
 * gate the plan runs (409 otherwise). The plan is share-locked, so that its gates cannot change meanwhile; the
 * applications are locked, so that two confirmations at once move each of them once (the second finds none left).
 */
export async function confirmGateList(tx: Db, c: ConfirmGateList): Promise<{ moved: number }> {
  const gate = gateStageRow(c.gate);
  const plan = await gatePlanOf(tx, c.companyId, c.planId, c.recruitmentId, 'share');
  requireGateChosen(plan, gate);
  const from = entrySourceOf(plan, gate) as ApplicationStatus;
  if (!gateEntrySources(gate).includes(from)) throw conflict(MOVE_REFUSED);
  const ids = (
    await rowsOf<{ id: number }>(
      tx,
      sql`select a.id from candidate_application a
        where a.company_id = ${c.companyId} and a.plan_id = ${plan.id} and a.status = ${from}
          ${c.recruitmentId === undefined ? sql`` : sql`and a.recruitment_id = ${c.recruitmentId}`}
        order by a.id for update`,
    )
  ).map((r) => Number(r.id));
  if (ids.length === 0) return { moved: 0 };
  await transitionMany(tx, {
    companyId: c.companyId,
    planId: plan.id,
    applicationIds: ids,
    from,
    to: gate.statuses.pending,
    actorId: c.actorId,
    remarks: `${gate.name}名单确认`,
  });
  await tx.execute(sql`
    insert into gate_record (company_id, application_id, stage)
    select ${c.companyId}, id, ${gate.stage} from unnest(${idArray(ids)}) as entered(id)`);
  return { moved: ids.length };
}
