import {
  type ApplicationStatus, GATE_DECIDED_BY_TASKS, GATE_RESULTS, type GateStage, type GateStageRow,
  PUBLICITY_RESULTS, type Permission, gatePermissionOf, gateStageRow, toChinaDateTime,
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
 * (409). A plan that set work items for the gate (招录工作安排) decides 合格 and 不合格 through their tasks
 * (decideGateTasks, tasks.ts): here only 放弃 (409 otherwise). The moves go through the state machine (closeGate).
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
  if (d.result !== 'withdrew' && (await plansWithGateItems(tx, d.companyId, gate.stage, locked.map((a) => a.planId))).length > 0) {
    throw conflict(GATE_DECIDED_BY_TASKS);
  }
  if (d.result === 'passed' && gate.stage === PUBLICITY.stage) refusePublicityNotOver(locked);
  const vacancies = await closeGate(tx, { companyId: d.companyId, actorId: d.actorId, gate, applications: locked, result: d.result, reason: d.reason });
  return { done: ids.length, vacancies };
}

/** Of the plans `planIds`, those that set work items for the gate (招录工作安排): their 合格 / 不合格 go through the tasks. */
export async function plansWithGateItems(tx: Db, companyId: number, stage: GateStage, planIds: readonly number[]): Promise<number[]> {
  const rows = await rowsOf<{ planId: number }>(
    tx,
    sql`select distinct i.plan_id as "planId" from workflow_item i
      where i.company_id = ${companyId} and i.stage = ${stage} and i.plan_id = any(${idArray([...new Set(planIds)])})`,
  );
  return rows.map((r) => Number(r.planId));
}

/** 公示's 聘用 before the period's end (409, with the first such candidate's name and end). */
export function refusePublicityNotOver(applications: readonly { realName: string; periodEnd: Date | string | null }[]) {
  const now = Date.now();
  const waiting = applications.find((a) => a.periodEnd === null || new Date(a.periodEnd).getTime() > now);
  if (waiting) throw conflict(publicityNotOverMessage(waiting.realName, new Date(waiting.periodEnd ?? now)));
}

export interface GateClosing {
  companyId: number;
  actorId: number;
  gate: GateStageRow;
  /** Locked by the caller, each pending at the gate. */
  applications: readonly { id: number; planId: number; recruitmentId: number }[];
  result: 'passed' | 'failed' | 'withdrew';
  reason: string;
}

/**
 * The gate's result for the applications: moved by the state machine (which closes their open tasks of the gate)
 * with the reason in the remarks; the gate_record keeps the reason, who decided and when; each 不合格 / 放弃 opens a
 * vacancy for 递补. Answers how many vacancies were opened.
 */
export async function closeGate(tx: Db, c: GateClosing): Promise<number> {
  const { gate, applications, result } = c;
  if (applications.length === 0) return 0;
  const words = gate.stage === PUBLICITY.stage ? PUBLICITY_RESULTS : GATE_RESULTS;
  const remarks = c.reason === '' ? `${gate.name}：${words[result]}` : `${gate.name}：${words[result]}（${c.reason}）`;
  const to = gate.statuses[result] as ApplicationStatus;
  for (const planId of new Set(applications.map((a) => a.planId))) {
    await transitionMany(tx, {
      companyId: c.companyId,
      planId,
      applicationIds: applications.filter((a) => a.planId === planId).map((a) => a.id),
      from: gate.statuses.pending,
      to,
      actorId: c.actorId,
      remarks,
    });
  }
  await tx.execute(sql`
    update gate_record set reason = ${c.reason}, decided_at = now(), decided_by = ${c.actorId}
    where company_id = ${c.companyId} and stage = ${gate.stage} and application_id = any(${idArray(applications.map((a) => a.id))})`);
  return result === 'passed'
    ? 0
    : openVacancies(tx, {
        companyId: c.companyId,
        stage: gate.stage,
        applications: applications.map((a) => ({ id: a.id, planId: a.planId, recruitmentId: a.recruitmentId, result })),
      });
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
