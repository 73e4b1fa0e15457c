import { APPLICATION_STATUSES } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../shared/sql.js';
import { useTestApp } from '../../test/app.js';
import { insertExamPlan } from '../../test/exam.js';
import { statusIn } from './status-key.js';

const t = useTestApp();

describe('status_key and statusIn', () => {
  it('finds exactly the applications of the statuses asked for, shared keys or not', async () => {
    const plan = await insertExamPlan(t.db, t.company1, {
      name: '状态键计划',
      posts: [{ jobVacancy: '文员', places: 1, candidates: APPLICATION_STATUSES.length }],
      written: [{ workItem: '笔试成绩录入', kind: 'score', assigneeId: t.adminId }],
      interview: [],
      reviewerId: t.shenheId,
    });
    // Test data: one application at each status, set directly (the state machine is tested elsewhere).
    const ids = plan.applications.map((a) => a.id);
    await t.db.execute(sql`update candidate_application a set status = v.status
      from unnest(${`{${ids.join(',')}}`}::int[], ${`{${APPLICATION_STATUSES.join(',')}}`}::smallint[]) as v(id, status) where a.id = v.id`);
    const found = async (statuses: number[]) =>
      (
        await rowsOf<{ status: number }>(
          t.db,
          sql`select status from candidate_application where plan_id = ${plan.plan.id} and ${statusIn(statuses)} order by status`,
        )
      ).map((r) => Number(r.status));
    for (const status of APPLICATION_STATUSES) expect(await found([status])).toEqual([status]);
    expect(await found([22, 23, 24])).toEqual([22, 23, 24]);
    expect(await found([23, 24])).toEqual([23, 24]);
    expect(await found([10, 11, 33])).toEqual([10, 11, 33]);
    // the key the column holds is the one statusIn assumes: a publication's outcomes share their status's key
    const keys = await rowsOf<{ status: number; key: number }>(
      t.db,
      sql`select status, status_key as key from candidate_application where plan_id = ${plan.plan.id} order by status`,
    );
    expect(keys.map((k) => [Number(k.status), Number(k.key)])).toEqual(
      APPLICATION_STATUSES.map((s) => [s, s === 23 || s === 24 ? 22 : s === 33 || s === 34 ? 32 : s]),
    );
  });
});
