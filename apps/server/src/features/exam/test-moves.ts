import { type ApplicationStatus, APPLICATION_STATUS } from '@zhaokao/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { candidateApplication } from '../../db/tables.js';
import { transition } from '../application/state-machine.js';

const S = APPLICATION_STATUS;

/** The way from 20 to each later status, one move of the state machine at a time. */
const PATH: ApplicationStatus[] = [S.awaitingWritten, S.awaitingWrittenScore, S.writtenScoreInReview, S.writtenPassed, S.awaitingInterview, S.awaitingInterviewScore, S.interviewScoreInReview, S.interviewPassed];

/**
 * Moves an application at 20 on to `to` through the state machine (so history rows and stage tasks are made as in
 * use): 23 goes by 22, 33 by 32, every other status along 20 → 21 → 22 → 24 → 30 → 31 → 32 → 34.
 */
export async function moveApplication(db: Db, application: { id: number; companyId: number; planId: number }, to: ApplicationStatus, actorId: number) {
  const [row] = await db
    .select({ status: candidateApplication.status })
    .from(candidateApplication)
    .where(and(eq(candidateApplication.id, application.id), eq(candidateApplication.companyId, application.companyId)));
  let status = row!.status;
  const target = to === S.writtenFailed ? S.writtenScoreInReview : to === S.interviewFailed ? S.interviewScoreInReview : to;
  await db.transaction(async (tx) => {
    for (const next of PATH.slice(PATH.indexOf(status) + 1, PATH.indexOf(target) + 1)) {
      await transition(tx, { application: { ...application, status }, to: next, actorId, remarks: '测试' });
      status = next;
    }
    if (target !== to) await transition(tx, { application: { ...application, status }, to, actorId, remarks: '测试' });
  });
}
