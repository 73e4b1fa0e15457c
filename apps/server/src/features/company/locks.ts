import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { company } from '../../db/tables.js';

/**
 * Locks the company's row until the transaction `tx` ends, so that transactions checking a rule over
 * several rows of one company (at least one enabled administrator; a department tree without cycles)
 * run one after the other. NO KEY UPDATE leaves rows that only reference the company free to be written.
 */
export async function lockCompany(tx: Db, companyId: number): Promise<void> {
  await tx.select({ id: company.id }).from(company).where(eq(company.id, companyId)).for('no key update');
}
