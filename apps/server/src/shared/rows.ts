import { type PageInput, toChinaDateTime } from '@zhaokao/contracts';
import { type SQL, and, count, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { notFound } from './errors.js';
import { rowsOf } from './sql.js';

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

/*
 * Reading rows by a contract's row schema. Rows are parsed by zod at runtime, not only typed: a column the SQL
 * misnames, or a type it answers differently, fails here with the row and the field named, instead of reaching
 * the page as `undefined`. The cost is small for a page (at most 200 rows) and an export (a few thousand).
 * Where the database answers another form than the contract (a timestamp, a null name), the caller's schema is
 * the contract's row with those columns read by `timestampText`/`chinaTimeText`/`emptyIfNull` (`row.extend({...})`),
 * or with a `.transform` for values computed from several columns (a price in yuan, a masked phone).
 */

/** A timestamp column (a Date, or text from some drivers) as the contract's ISO text. */
export const timestampText = z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString());

/** A timestamp column as the contract's China time, "YYYY-MM-DD HH:mm". */
export const chinaTimeText = z.union([z.date(), z.string()]).transform((value) => toChinaDateTime(new Date(value)));

/** A text column that may be null (a left join that found nothing) as the contract's empty text. */
export const emptyIfNull = z.string().nullable().transform((value) => value ?? '');

/** The rows of a raw statement, read by `row` (a contract's row schema, or one derived from it). */
export async function parsedRows<R extends z.ZodType>(db: Db, query: SQL, row: R): Promise<z.output<R>[]> {
  return parseRows(await rowsOf<unknown>(db, query), row);
}

function parseRows<R extends z.ZodType>(rows: readonly unknown[], row: R): z.output<R>[] {
  return rows.map((value, index) => {
    const parsed = row.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw new Error(`row ${index} does not match its schema at ${issue.path.join('.') || '(row)'}: ${issue.message}`);
  });
}

/**
 * Where a page of a list comes from: a Drizzle select (made `.$dynamic()`, with its where and order) and the
 * table and where to count; or raw SQL: the list's statement, ordered, to which the page's `limit … offset …`
 * is appended (or a function placing it), and a statement answering one row whose one column is the total.
 */
export type PageSource =
  | { table: PgTable; where: SQL | undefined; select: PgSelect }
  | { count: SQL; rows: SQL | ((limit: SQL) => SQL) };

/** One page of a list, `{ total, list }`, its rows read by the contract's `row` schema (see `parsedRows`); count and page run at once. */
export async function pagedRows<R extends z.ZodType>(
  db: Db,
  source: PageSource,
  row: R,
  page: PageInput,
): Promise<{ total: number; list: z.output<R>[] }> {
  const offset = (page.pageNum - 1) * page.pageSize;
  if ('select' in source) {
    const [total, rows] = await Promise.all([countRows(db, source.table, source.where), source.select.limit(page.pageSize).offset(offset)]);
    return { total, list: parseRows(rows, row) };
  }
  const limit = sql`limit ${page.pageSize} offset ${offset}`;
  const statement = typeof source.rows === 'function' ? source.rows(limit) : sql`${source.rows} ${limit}`;
  const [[counted], list] = await Promise.all([rowsOf<Record<string, unknown>>(db, source.count), parsedRows(db, statement, row)]);
  return { total: Number(Object.values(counted ?? {})[0] ?? 0), list };
}
