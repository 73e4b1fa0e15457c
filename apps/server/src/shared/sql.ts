import { type Column, type SQL, and, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Escapes LIKE's wildcards so that user text matches literally (the default escape character is `\`). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A list filter: `column = value`, or no condition (which `and()` skips) when the filter is not given. */
export const eqIfGiven = (column: Column, value: unknown) => (value === undefined || value === '' ? undefined : eq(column, value));

/** A list filter: the column contains `text` literally, ignoring case, or no condition when no text is given. */
export const containsIfGiven = (column: Column, text: string | undefined) =>
  text ? ilike(column, `%${escapeLike(text)}%`) : undefined;

/**
 * A list's where clause: the company's rows that pass every filter given. Each `equal` key of the input that is
 * given must equal the table's column of the same name; the keyword, when given, must be in one of `keywordIn`.
 */
export function listWhere<I extends { keyword?: string }, K extends keyof I & string>(
  table: { companyId: Column } & Record<K, Column>,
  companyId: number,
  input: I,
  filters: { equal?: readonly K[]; keywordIn?: readonly Column[] },
): SQL | undefined {
  return and(
    eq(table.companyId, companyId),
    ...(filters.equal ?? []).map((key) => eqIfGiven(table[key], input[key])),
    or(...(filters.keywordIn ?? []).map((column) => containsIfGiven(column, input.keyword))),
  );
}

/** `values` as the list of a raw `in (...)`, one parameter each. */
export const inList = (values: readonly (number | string)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** `ids` as one `int[]` parameter, for `= any(...)` and `unnest(...)`. */
export const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** `values` as a `text[]`, one parameter each. */
export const textArray = (values: readonly string[]) => (values.length ? sql`array[${inList(values)}]::text[]` : sql`'{}'::text[]`);

/** Rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** How many rows a raw write changed: node-postgres answers `rowCount`, PGlite `affectedRows`. */
export async function affectedRowsOf(db: Db, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}
