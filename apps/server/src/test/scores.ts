import { type ApplicationStatus, type ExamStage } from '@zhaokao/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { applicationStage, candidateApplication, recruitmentPlan } from '../db/tables.js';
import { STAGE_RULES, createStageTasks, transition } from '../features/pipeline/index.js';

/**
 * Issues the stage's tickets of the applications as the ticket endpoints would (they are written elsewhere):
 * an application_stage row with a code, then 20 → 21 (30 → 31) through the state machine. Codes: T<stage>-<id>.
 */
export async function issueTickets(db: Db, companyId: number, applicationIds: readonly number[], stage: ExamStage) {
  const rows = await db
    .select()
    .from(candidateApplication)
    .where(and(eq(candidateApplication.companyId, companyId), inArray(candidateApplication.id, [...applicationIds])));
  await db.transaction(async (tx) => {
    for (const a of rows.sort((x, y) => x.id - y.id)) {
      await tx
        .insert(applicationStage)
        .values({ companyId, applicationId: a.id, stage, planId: a.planId, recruitmentId: a.recruitmentId, ticketCode: ticketOf(a.id, stage), issuedAt: new Date() })
        .onConflictDoUpdate({ target: [applicationStage.applicationId, applicationStage.stage], set: { ticketCode: ticketOf(a.id, stage) } });
      await transition(tx, {
        application: { id: a.id, companyId, planId: a.planId, status: a.status as ApplicationStatus },
        to: STAGE_RULES[stage].awaitingScore,
        actorId: null,
        remarks: '发放准考证',
      });
    }
  });
}

/**
 * Puts the applications at the interview with its tickets issued: set straight to 30 (awaiting the interview),
 * their interview tasks created, then the tickets issued (31).
 */
export async function issueInterviewTickets(db: Db, companyId: number, planId: number, applicationIds: readonly number[]) {
  await db.update(candidateApplication).set({ status: 30 }).where(inArray(candidateApplication.id, [...applicationIds]));
  await createStageTasks(db, companyId, applicationIds, planId, 3);
  await issueTickets(db, companyId, applicationIds, 3);
}

export const ticketOf = (applicationId: number, stage: ExamStage) => `T${stage}-${String(applicationId).padStart(6, '0')}`;

export async function statusesOf(db: Db, ids: readonly number[]) {
  const rows = await db
    .select({ id: candidateApplication.id, status: candidateApplication.status })
    .from(candidateApplication)
    .where(inArray(candidateApplication.id, [...ids]));
  return ids.map((id) => rows.find((r) => r.id === id)!.status);
}

export async function scoresOf(db: Db, ids: readonly number[]) {
  const rows = await db
    .select({ id: candidateApplication.id, written: candidateApplication.writtenGrade, interview: candidateApplication.auditionGrade })
    .from(candidateApplication)
    .where(inArray(candidateApplication.id, [...ids]));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

/** The plan's rules that rankings use. */
export const setPlanRules = (db: Db, planId: number, rules: Partial<typeof recruitmentPlan.$inferInsert>) =>
  db.update(recruitmentPlan).set(rules).where(eq(recruitmentPlan.id, planId));

/** The plan's score work item ids of a stage, in order. */
export async function scoreItemIds(db: Db, planId: number, stage: ExamStage): Promise<number[]> {
  const result = (await db.execute(sql`select id from workflow_item where plan_id = ${planId} and stage = ${stage} and kind = 'score' order by sort, id`)) as {
    rows: { id: number }[];
  };
  return result.rows.map((r) => r.id);
}
