import {
  type ApplicationStatus,
  GATE_RESULTS,
  type GateStage,
  PUBLICITY_RESULTS,
  type Permission,
  gatePermissionOf,
  gateStageRow,
  toChinaDateTime,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../shared/errors.js';
import { idArray, rowsOf } from '../../shared/sql.js';
import { APPLICATION_MISSING, MOVE_REFUSED, transitionMany } from '../pipeline/index.js';
import { PUBLICITY } from './list.js';
import { openVacancies } from './vacancy.js';

/** 公示's 聘用 asked before the period ends. */
export const publicityNotOverMessage = (name: string, end: Date) => `${name}的公示期至 ${toChinaDateTime(end)} 结束，公示期满后方可聘用`;

/** Whether the caller may decide at the gate: the gate's own permission, or the plan manager's. */
export function requireGatePermission(permissions: readonly Permission[], stage: GateStage) {
  if (!permissions.includes(gatePermissionOf(stage)) && !permissions.includes('plan:edit')) throw forbidden();
}

export interface GateDecision {
  companyId: number;
  actorId: number;
  gate: GateStage;
  applicationIds: readonly number[];
  result: 'passed' | 'failed' | 'withdrew';
  reason: string;
}

interface Locked {
  id: number;
  planId: number;
  recruitmentId: number;
  status: number;
  realName: string;
  /** 公示 only: when its period ends for the application. */
  periodEnd: Date | string | null;
}

/**
 * 合格 / 不合格 / 放弃 at a gate for a batch of applications, all or none (DESIGN §5 "After the interview"): each is
 * locked, must be the company's (404) and pending at the gate (409); 公示's 合格 (聘用) waits for the period's end
 * (409). The moves go through the state machine with the reason as their remarks; the gate_record keeps the reason,
 * who decided and when; each 不合格 / 放弃 opens a vacancy for 递补.
 */
export async function decideGate(tx: Db, d: GateDecision): Promise<{ done: number; vacancies: number }> {
  const gate = gateStageRow(d.gate);
  const ids = [...new Set(d.applicationIds)];
  const locked = await rowsOf<Locked>(
    tx,
    sql`select a.id, a.plan_id as "planId", a.recruitment_id as "recruitmentId", a.status, a.real_name as "realName",
        g.entered_at + make_interval(days => p.publicity_days) as "periodEnd"
      from candidate_application a
      join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
      left join gate_record g on g.application_id = a.id and g.company_id = a.company_id and g.stage = ${gate.stage}
      where a.company_id = ${d.companyId} and a.id = any(${idArray(ids)})
      order by a.id
      for update of a`,
  );
  if (locked.length !== ids.length) throw notFound(APPLICATION_MISSING);
  if (locked.some((a) => Number(a.status) !== gate.statuses.pending)) throw conflict(MOVE_REFUSED);
  if (d.result === 'passed' && gate.stage === PUBLICITY.stage) {
    const now = Date.now();
    const waiting = locked.find((a) => a.periodEnd === null || new Date(a.periodEnd).getTime() > now);
    if (waiting) throw conflict(publicityNotOverMessage(waiting.realName, new Date(waiting.periodEnd ?? now)));
  }

  const words = gate.stage === PUBLICITY.stage ? PUBLICITY_RESULTS : GATE_RESULTS;
  const remarks = d.reason === '' ? `${gate.name}：${words[d.result]}` : `${gate.name}：${words[d.result]}（${d.reason}）`;
  const to = gate.statuses[d.result] as ApplicationStatus;
  for (const planId of new Set(locked.map((a) => a.planId))) {
    await transitionMany(tx, {
      companyId: d.companyId,
      planId,
      applicationIds: locked.filter((a) => a.planId === planId).map((a) => a.id),
      from: gate.statuses.pending,
      to,
      actorId: d.actorId,
      remarks,
    });
  }
  await tx.execute(sql`
    update gate_record set reason = ${d.reason}, decided_at = now(), decided_by = ${d.actorId}
    where company_id = ${d.companyId} and stage = ${gate.stage} and application_id = any(${idArray(ids)})`);
  const result = d.result;
  const vacancies =
    result === 'passed'
      ? 0
      : await openVacancies(tx, {
          companyId: d.companyId,
          stage: d.gate,
          applications: locked.map((a) => ({ id: a.id, planId: a.planId, recruitmentId: a.recruitmentId, result })),
        });
  return { done: ids.length, vacancies };
}

/** 公示's objection note of an application in 公示 (the company's, 404; pending in 公示, 409). */
export async function saveObjection(tx: Db, companyId: number, applicationId: number, objection: string) {
  const [row] = await rowsOf<{ status: number }>(
    tx,
    sql`select a.status from candidate_application a where a.company_id = ${companyId} and a.id = ${applicationId} for update`,
  );
  if (!row) throw notFound(APPLICATION_MISSING);
  if (Number(row.status) !== PUBLICITY.statuses.pending) throw conflict(MOVE_REFUSED);
  await tx.execute(sql`update gate_record set objection = ${objection}
    where company_id = ${companyId} and application_id = ${applicationId} and stage = ${PUBLICITY.stage}`);
}
