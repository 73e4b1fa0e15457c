import { APPLICATION_STATUS, type BatchPassResult, SIGN_UP_STAGE, STAGE_OPEN_STATUSES, TASK_STATUS, WORKFLOW_STAGES, WORKFLOW_STAGE_LIST, type WorkflowStage } from '@zhaokao/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { candidateApplication } from '../../db/tables.js';
import { AppError } from '../../shared/errors.js';
import { inList, rowsOf } from '../../shared/sql.js';
import { applicationMoves, scoreOf } from '../pipeline/index.js';

/** Applications passed in one transaction by a batch call. */
const BATCH_CHUNK = 100;

const iso = (v: string | Date) => new Date(v).toISOString();

/** Each application through the state machine on its own, so one refusal does not undo the others. */
export async function batchPass(db: Db, companyId: number, ids: readonly number[], pass: (tx: Db, id: number) => Promise<void>): Promise<BatchPassResult> {
  const result: BatchPassResult = { passed: 0, refused: [] };
  if (ids.length === 0) return result; // a filter that found nobody
  const names = new Map(
    (
      await db
        .select({ id: candidateApplication.id, realName: candidateApplication.realName })
        .from(candidateApplication)
        .where(and(eq(candidateApplication.companyId, companyId), sql`${candidateApplication.id} in (${inList([...new Set(ids)])})`))
    ).map((r) => [r.id, r.realName]),
  );
  const given = [...new Set(ids)];
  // In ascending order, so that two batches over the same applications lock them in the same order (no deadlock).
  const ordered = [...given].sort((a, b) => a - b);
  for (let start = 0; start < ordered.length; start += BATCH_CHUNK) {
    // One commit per chunk rather than per application: waiting for the disk was half the time of a large batch.
    const part = await db.transaction(async (tx) => {
      const outcome: BatchPassResult = { passed: 0, refused: [] };
      for (const id of ordered.slice(start, start + BATCH_CHUNK)) {
        try {
          await tx.transaction((savepoint) => pass(savepoint, id)); // a refusal undoes this application only
          outcome.passed += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcome.refused.push({ id, realName: names.get(id) ?? '', reason: error.message });
        }
      }
      return outcome;
    });
    result.passed += part.passed;
    result.refused.push(...part.refused);
  }
  // refusals in the order the caller gave the applications
  const position = new Map(given.map((id, i) => [id, i]));
  result.refused.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return result;
}

/**
 * The work of an application (candidateTask): every stage's steps with who decided them and when, the task the
 * user `userId` may decide now (a sign-up task assigned to them), and every move of its history.
 */
export async function taskStepsOf(db: Db, application: typeof candidateApplication.$inferSelect, userId: number) {
  const companyId = application.companyId;
  const steps = await rowsOf<{
    stage: number;
    workItemId: number;
    workItem: string;
    kind: 'verify' | 'score';
    assigneeId: number;
    assigneeName: string;
    verifierName: string | null;
    taskId: number | null;
    status: number | null;
    verifiedAt: string | null;
    score: string | number | null;
    remarks: string | null;
  }>(
    db,
    sql`select i.stage, i.id as "workItemId", i.work_item as "workItem", i.kind, i.assignee_id as "assigneeId", s.name as "assigneeName",
        v.name as "verifierName", t.id as "taskId", t.status, t.verified_at as "verifiedAt", t.score, t.remarks
      from workflow_item i
      join staff_user s on s.id = i.assignee_id and s.company_id = i.company_id
      left join application_task t on t.workflow_item_id = i.id and t.company_id = i.company_id and t.application_id = ${application.id}
      left join staff_user v on v.id = t.verifier_id and v.company_id = t.company_id
      where i.company_id = ${companyId} and i.plan_id = ${application.planId}
      order by i.stage, i.sort, i.id`,
  );
  const history = await rowsOf<{ fromStatus: number | null; toStatus: number; actorName: string | null; remarks: string; createdAt: string }>(
    db,
    sql`select h.from_status as "fromStatus", h.to_status as "toStatus", s.name as "actorName", h.remarks, h.created_at as "createdAt"
      from (${applicationMoves(sql`a.company_id = ${companyId} and a.id = ${application.id}`)}) h
      left join staff_user s on s.id = h.actor_id and s.company_id = h.company_id
      order by h.id nulls last`,
  );
  const stageOpen = (stage: WorkflowStage) => STAGE_OPEN_STATUSES[stage].includes(application.status);
  // The first step of the stage not yet passed is the one being decided; it is the caller's to decide when assigned to them.
  const current = steps.find((s) => stageOpen(s.stage as WorkflowStage) && s.taskId !== null && Number(s.status) !== TASK_STATUS.passed);
  const actionable =
    current && Number(current.status) === TASK_STATUS.pending && current.assigneeId === userId && current.stage === SIGN_UP_STAGE.stage ? current.taskId : null;
  return {
    stages: WORKFLOW_STAGE_LIST.map((stage) => ({
      stage,
      stageName: WORKFLOW_STAGES[stage],
      steps: steps
        .filter((s) => Number(s.stage) === stage)
        .map((s) => ({
          workItemId: s.workItemId,
          workItem: s.workItem,
          kind: s.kind,
          taskId: s.taskId,
          verifierName: s.verifierName ?? s.assigneeName,
          status: Number(s.status ?? TASK_STATUS.pending),
          verifiedAt: s.verifiedAt === null ? null : iso(s.verifiedAt),
          score: scoreOf(s.score),
          remarks: s.remarks ?? '',
        })),
    })),
    actionableTaskId: actionable,
    history: history.map((h) => ({
      fromStatus: h.fromStatus === null ? null : Number(h.fromStatus),
      toStatus: Number(h.toStatus),
      actorName: h.actorName ?? (h.fromStatus === null || h.toStatus === APPLICATION_STATUS.pending ? '考生' : ''),
      remarks: h.remarks,
      createdAt: iso(h.createdAt),
    })),
  };
}
