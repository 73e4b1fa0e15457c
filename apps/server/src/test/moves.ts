import { type ApplicationStatus, EXAM_STAGE_TABLE } from '@zhaokao/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { candidateApplication } from '../db/tables.js';
import { transition } from '../features/pipeline/index.js';

/** The way from the first exam stage's first status to each later status, one move of the state machine at a time. */
const PATH: ApplicationStatus[] = EXAM_STAGE_TABLE.flatMap(({ statuses: s }) => [s.awaitingTicket, s.awaitingScore, s.inReview, s.passed]);

/**
 * Moves an application at 20 on to `to` through the state machine (so history rows and stage tasks are made as in
 * use): a stage's failure goes by its review (23 by 22, 33 by 32), every other status along the path
 * 20 → 21 → 22 → 24 → 30 → 31 → 32 → 34.
 */
export async function moveApplication(db: Db, application: { id: number; companyId: number; planId: number }, to: ApplicationStatus, actorId: number) {
  const [row] = await db
    .select({ status: candidateApplication.status })
    .from(candidateApplication)
    .where(and(eq(candidateApplication.id, application.id), eq(candidateApplication.companyId, application.companyId)));
  let status = row!.status;
  const target = EXAM_STAGE_TABLE.find((s) => s.statuses.failed === to)?.statuses.inReview ?? to;
  await db.transaction(async (tx) => {
    for (const next of PATH.slice(PATH.indexOf(status) + 1, PATH.indexOf(target) + 1)) {
      await transition(tx, { application: { ...application, status }, to: next, actorId, remarks: '测试' });
      status = next;
    }
    if (target !== to) await transition(tx, { application: { ...application, status }, to, actorId, remarks: '测试' });
  });
}
