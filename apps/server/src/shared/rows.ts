import type { PageInput } from '@zhaokao/contracts';
import { type SQL, and, count, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { notFound } from './errors.js';

/** A table of one company's records: an `id` and the `company_id` every query is limited by. */
export type CompanyTable = PgTable & { id: PgColumn; companyId: PgColumn };

type LockStrength = 'update' | 'no key update' | 'share' | 'key share';

/** How many rows of `table` match `where`. */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row!.n;
}

/** How many of the company's rows of `table` have `value` in `column`. */
export const countOwned = (db: Db, table: CompanyTable, companyId: number, column: PgColumn, value: unknown) =>
  countRows(db, table, and(eq(table.companyId, companyId), eq(column, value)));

/** For each row of `parent` in a select, how many rows of `child` point at it by `column` (a subquery column). */
export function childCount(db: Db, child: CompanyTable, column: PgColumn, parent: CompanyTable) {
  const rows = db
    .select({ n: count() })
    .from(child)
    .where(and(eq(child.companyId, parent.companyId), eq(column, parent.id)));
  return sql<number>`(${rows})`.mapWith(Number);
}

/** The company's record `id` of `table`, or undefined; with `lock`, locked until the end of the transaction `db`. */
export async function findOwned<T extends CompanyTable>(
  db: Db,
  table: T,
  id: number,
  companyId: number,
  lock?: LockStrength,
): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table as CompanyTable)
    .where(and(eq(table.id, id), eq(table.companyId, companyId)));
  const [row] = lock ? await query.for(lock) : await query;
  return row as T['$inferSelect'] | undefined;
}

/** The company's record `id` of `table`, or a 404 with `missing` (e.g. '招录计划不存在'). */
export async function loadOwned<T extends CompanyTable>(
  db: Db,
  table: T,
  id: number,
  companyId: number,
  missing: string,
  lock?: LockStrength,
): Promise<T['$inferSelect']> {
  const row = await findOwned(db, table, id, companyId, lock);
  if (!row) throw notFound(missing);
  return row;
}

/**
 * One page of a list: the total of the rows of `table` that match `where`, and the page of `query`
 * (the list's select, made `.$dynamic()`, with the same `where` and its order).
 */
export async function pageRows<Q extends PgSelect>(db: Db, table: PgTable, where: SQL | undefined, query: Q, page: PageInput) {
  const total = await countRows(db, table, where);
  const list: Awaited<Q> = await query.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize);
  return { total, list };
}
