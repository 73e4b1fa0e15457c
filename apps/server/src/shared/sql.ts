import { type Column, type SQL, eq, ilike } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Escapes LIKE's wildcards so that user text matches literally (the default escape character is `\`). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A list filter: `column = value`, or no condition (which `and()` skips) when the filter is not given. */
export const eqIfGiven = (column: Column, value: unknown) => (value === undefined || value === '' ? undefined : eq(column, value));

/** A list filter: the column contains `text` literally, ignoring case, or no condition when no text is given. */
export const containsIfGiven = (column: Column, text: string | undefined) =>
  text ? ilike(column, `%${escapeLike(text)}%`) : undefined;

/** Rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
