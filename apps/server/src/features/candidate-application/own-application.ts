import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { candidateAccount, candidateApplication } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { candidateOf } from '../candidate-account/index.js';

export const APPLICATION_NOT_FOUND = '报名记录不存在';

/**
 * The application `applicationId` when it is the signed-in candidate's own (made by the talent the account is linked
 * to); else 404, the same for a missing one and someone else's. `lock`: locked for a change, in the caller's transaction.
 */
export async function ownApplication(db: Db, candidateId: number, applicationId: number, { lock = false } = {}) {
  const query = db
    .select({ application: candidateApplication })
    .from(candidateApplication)
    .innerJoin(candidateAccount, eq(candidateAccount.talentId, candidateApplication.talentId))
    .where(and(eq(candidateApplication.id, applicationId), eq(candidateAccount.id, candidateId)));
  const [row] = lock ? await query.for('update', { of: candidateApplication }) : await query;
  if (!row) throw notFound(APPLICATION_NOT_FOUND);
  return row.application;
}

/** The signed-in candidate's own application `applicationId` (404 otherwise), for a route. */
export async function ownApplicationOf(db: Db, request: FastifyRequest, applicationId: number) {
  return ownApplication(db, (await candidateOf(db, request)).candidateId, applicationId);
}
