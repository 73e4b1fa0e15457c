import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound } from '../../shared/errors.js';
import { rowsOf } from '../../shared/sql.js';

export const APPLICATION_NOT_FOUND = '报名记录不存在';

/**
 * The application `applicationId` when it is the signed-in candidate's own (made by the talent the account is linked
 * to); else 404, the same for a missing one and someone else's.
 */
export async function ownApplication(db: Db, candidateId: number, applicationId: number) {
  const [application] = await rowsOf<{ id: number; companyId: number; planId: number }>(
    db,
    sql`select a.id, a.company_id as "companyId", a.plan_id as "planId"
      from candidate_application a join candidate_account c on c.talent_id = a.talent_id
      where a.id = ${applicationId} and c.id = ${candidateId}`,
  );
  if (!application) throw notFound(APPLICATION_NOT_FOUND);
  return application;
}
