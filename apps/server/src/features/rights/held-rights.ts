import type { FunctionCode } from '@zhaokao/contracts';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companyRight, sysFunction } from '../../db/tables.js';

/** The company's rights in force now, optionally for one function only. */
export async function heldRights(db: Db, companyId: number, functionCode?: string) {
  const now = new Date();
  const rows = await db
    .select({ functionCode: companyRight.functionCode, name: sysFunction.name, validUntil: companyRight.validUntil })
    .from(companyRight)
    .innerJoin(sysFunction, eq(sysFunction.code, companyRight.functionCode))
    .where(
      and(
        eq(companyRight.companyId, companyId),
        functionCode ? eq(companyRight.functionCode, functionCode) : undefined,
        lte(companyRight.validFrom, now),
        gt(companyRight.validUntil, now),
      ),
    )
    .orderBy(asc(companyRight.validUntil));
  return rows.map((r) => ({ ...r, validUntil: r.validUntil.toISOString() }));
}

/** Whether the company holds `functionCode` now: what `defineRoute` asks for an endpoint that declares a `right`. */
export async function holdsRight(db: Db, companyId: number, functionCode: FunctionCode): Promise<boolean> {
  return (await heldRights(db, companyId, functionCode)).length > 0;
}
