import { EXAM_STAGE_TABLE } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';

/**
 * The pipeline's part of the schema: `candidate_application.status_key` (migration 0017). A stage's published
 * outcomes (failed, passed) share the key of the status they were published from (in review); every other status
 * is its own key. See status-key.ts for why, and `statusIn` for filtering by it.
 */
export const SHARED_STATUS_KEYS: ReadonlyMap<number, readonly number[]> = new Map(
  EXAM_STAGE_TABLE.map(({ statuses: s }) => [s.inReview, [s.inReview, s.failed, s.passed]]),
);

export const STATUS_KEY_SQL = sql.raw(
  `case status ${[...SHARED_STATUS_KEYS]
    .flatMap(([key, statuses]) => statuses.filter((status) => status !== key).map((status) => `when ${status} then ${key}`))
    .join(' ')} else status end`,
);
