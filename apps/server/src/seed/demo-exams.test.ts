import { canMoveApplication, getGradeList } from '@zhaokao/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recruitmentPlan } from '../db/tables.js';
import { rowsOf } from '../shared/sql.js';
import { useTestApp } from '../test/app.js';
import { FINISHED_DEMO_PLAN } from './demo-exams.js';

const t = useTestApp({ recruitment: true });

const plansOf = (companyId: number) => t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.companyId, companyId)).orderBy(asc(recruitmentPlan.id));

describe('the demo exams', () => {
  it('carry the HR company’s first-half plan all the way: every post published in both stages, composite ranked', async () => {
    const [finished] = await plansOf(t.company1);
    expect(finished!.name).toBe(FINISHED_DEMO_PLAN);
    const statuses = await rowsOf<{ status: number; n: number }>(
      t.db,
      sql`select status, count(*)::int as n from candidate_application where plan_id = ${finished!.id} group by status order by status`,
    );
    expect(statuses.map((s) => Number(s.status))).toEqual([23, 33, 34]);
    const posts = await rowsOf<{ id: number; places: number; written: boolean; interview: boolean; hired: number }>(
      t.db,
      sql`select r.id, r.places,
          exists (select 1 from stage_publication p where p.recruitment_id = r.id and p.stage = 2) as written,
          exists (select 1 from stage_publication p where p.recruitment_id = r.id and p.stage = 3) as interview,
          (select count(*)::int from candidate_application a where a.recruitment_id = r.id and a.status = 34) as hired
        from recruitment_info r where r.plan_id = ${finished!.id} and exists (select 1 from candidate_application a where a.recruitment_id = r.id)`,
    );
    expect(posts.length).toBeGreaterThan(1);
    for (const post of posts) {
      expect(post).toMatchObject({ written: true, interview: true });
      // the first `places` pass, more only when tied at the cut-off
      expect(post.hired).toBeGreaterThanOrEqual(Math.min(post.places, 1));
      const ranking = await t.call(getGradeList, { kind: 'complex', recruitmentId: post.id, pageSize: 200 }, { token: t.admin });
      expect(ranking.code, ranking.msg).toBe(200);
      expect(ranking.data.published).toBe(true);
      expect(ranking.data.list.filter((r) => r.passed)).toHaveLength(post.hired);
      for (const row of ranking.data.list) expect(row.explanation).not.toBe('');
    }
    // every move went through the state machine's table, by the staff who made it
    const moves = await rowsOf<{ from: number | null; to: number; actor: number | null }>(
      t.db,
      sql`select h.from_status as "from", h.to_status as "to", h.actor_id as actor from application_history h
        join candidate_application a on a.id = h.application_id where a.plan_id = ${finished!.id}`,
    );
    for (const m of moves) expect(canMoveApplication(m.from as never, m.to as never)).toBe(true);
    expect(moves.filter((m) => m.to >= 21 && m.actor !== t.adminId)).toEqual([]);
  });

  it('leave the hospital’s plan half-way through its written exam: tickets issued, some scores entered, some reviewed', async () => {
    const [plan] = await plansOf(t.company2);
    const [row] = await rowsOf<{ issued: number; entered: number; confirmed: number; published: number }>(
      t.db,
      sql`select count(*) filter (where s.issued_at is not null)::int as issued,
          count(*) filter (where a.status = 22)::int as entered,
          count(*) filter (where s.confirmed_at is not null)::int as confirmed,
          (select count(*)::int from stage_publication p join recruitment_info r on r.id = p.recruitment_id where r.plan_id = ${plan!.id}) as published
        from application_stage s join candidate_application a on a.id = s.application_id
        where s.plan_id = ${plan!.id} and s.stage = 2`,
    );
    expect(row!.issued).toBeGreaterThan(100);
    expect(row!.entered).toBeGreaterThan(0);
    expect(row!.entered).toBeLessThan(row!.issued);
    expect(row!.confirmed).toBeGreaterThan(0);
    expect(row!.confirmed).toBeLessThan(row!.entered);
    expect(row!.published).toBe(0);
  });

  it('give every interview panel distinct examiners, each of whom scored on their own', async () => {
    // who scores through an item: the outside examiner named on it (name and unit), else its assignee
    const panels = await rowsOf<{ planId: number; examiners: string[] }>(
      t.db,
      sql`select plan_id as "planId", array_agg(case when examiner_name <> '' then examiner_name || '（' || examiner_unit || '）'
            else 'staff ' || assignee_id end order by sort) as examiners
        from workflow_item where stage = 3 and kind = 'score' group by plan_id order by plan_id`,
    );
    expect(panels.length).toBeGreaterThan(1);
    for (const panel of panels) expect(new Set(panel.examiners).size, panel.examiners.join('、')).toBe(panel.examiners.length);
    // the finished plan: three outside examiners, and every interview score came through each of them
    const [finished] = await plansOf(t.company1);
    expect(panels.find((p) => p.planId === finished!.id)!.examiners).toHaveLength(3);
    const [scored] = await rowsOf<{ interviewed: number; examiners: number }>(
      t.db,
      sql`select count(distinct t.application_id)::int as interviewed,
          count(distinct i.examiner_name || i.examiner_unit)::int as examiners
        from application_task t join workflow_item i on i.id = t.workflow_item_id
        where i.plan_id = ${finished!.id} and i.stage = 3 and i.kind = 'score' and t.score is not null`,
    );
    expect(scored!.interviewed).toBeGreaterThan(0);
    expect(scored!.examiners).toBe(3);
  });
});
