import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../shared/sql.js';
import { useTestApp } from '../test/app.js';

const t = useTestApp({ recruitment: true });

describe('the planner statistics', () => {
  // PGlite runs no autovacuum: without `gatherStatistics` at start the planner guessed a row per table, and the score
  // pages' list (refetched after each confirmation) went over every application of the company 20 times (1.1 s).
  it('are there once the server has written its seed and the demo exams', async () => {
    const tables = await rowsOf<{ table: string }>(
      t.db,
      sql`select distinct tablename as table from pg_stats where schemaname = 'public'
        and tablename in ('candidate_application', 'application_stage', 'application_task', 'recruitment_info') order by 1`,
    );
    expect(tables.map((r) => r.table)).toEqual(['application_stage', 'application_task', 'candidate_application', 'recruitment_info']);
  });
});
