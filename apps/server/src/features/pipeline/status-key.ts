import { type SQL, sql } from 'drizzle-orm';
import { inList } from '../../shared/sql.js';
import { SHARED_STATUS_KEYS } from './tables.js';

const keyOf = (status: number) => [...SHARED_STATUS_KEYS].find(([, statuses]) => statuses.includes(status))?.[0] ?? status;

/*
 * `candidate_application.status_key` (migration 0017): the status, except that a publication's outcomes share the
 * key of the status they were published from (23 and 24 are 22, 33 and 34 are 32). The plan's status index holds the
 * key, not the status, so that publishing a post (22 → 23 for nearly all of it) leaves every index as it was and
 * PostgreSQL rewrites each row within its page (a HOT update).
 */

/**
 * `status in (statuses)` of the applications `a` (unqualified without an alias), said of the key so that the plan's
 * status index answers it (without reading the rows, unless a key stands for statuses not asked for).
 */
export function statusIn(statuses: readonly number[], alias?: string): SQL {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  const keys = [...new Set(statuses.map(keyOf))];
  const byKey = sql`${column('status_key')} in (${inList(keys)})`;
  const exact = keys.every((key) => (SHARED_STATUS_KEYS.get(key) ?? [key]).every((status) => statuses.includes(status)));
  return exact ? byKey : sql`(${byKey} and ${column('status')} in (${inList(statuses)}))`;
}
