import type { AppError } from './errors.js';

/** PostgreSQL's unique_violation, as node-postgres and PGlite both report it (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** PostgreSQL's foreign_key_violation: a referenced row went away, or a row still references the one deleted. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

/**
 * Runs `write`, answering the database's refusals in the caller's words: `unique` for a unique violation
 * (the same name saved at the same moment), `foreignKey` for a foreign-key violation (a row it refers to
 * was deleted since it was checked). Other errors pass unchanged.
 */
export async function refusingViolations<T>(
  write: () => Promise<T>,
  refusals: { unique?: AppError; foreignKey?: AppError },
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (refusals.unique && isUniqueViolation(error)) throw refusals.unique;
    if (refusals.foreignKey && isForeignKeyViolation(error)) throw refusals.foreignKey;
    throw error;
  }
}
