import { APPLICATION_STATUSES, type ApplicationStatus } from '@zhaokao/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationStage, candidateApplication, recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { FINISHED_DEMO_PLAN } from '../../seed/demo-exams.js';
import { rowsOf } from '../../shared/sql.js';
import { expectError, useTestApp, staffWith } from '../../test/app.js';
import { identityNo, insertPlan, resume } from '../../test/recruitment.js';
import { applicationMoves } from '../pipeline/index.js';

const t = useTestApp({ recruitment: true });

const statistics = (token: string, planId: number | string) => t.post('/api/recruitment/companyStatistics', token, { planId });
const planOptions = (token: string) => t.post('/api/recruitment/companyStatistics/planOptions', token);
const zeros = () => Object.fromEntries(APPLICATION_STATUSES.map((s) => [String(s), 0]));

describe('POST /api/recruitment/companyStatistics', () => {
  it('counts a plan by post and status exactly as inserted', async () => {
    const { plan, posts } = await insertPlan(t.db, t.company1, { name: '统计计划', posts: ['甲', '乙', '无人报名'] });
    // 5 on 甲, 3 on 乙; then statuses set directly: 甲 → 10, 10, 21, 21, 34; 乙 → 12, 10, 21
    const statusesA: ApplicationStatus[] = [10, 10, 21, 21, 34];
    const statusesB: ApplicationStatus[] = [12, 10, 21];
    let seq = 1;
    for (const [postIndex, statuses] of [[0, statusesA], [1, statusesB]] as const) {
      for (const status of statuses) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/open/recruitment/apply',
          payload: {
            recruitmentId: posts[postIndex]!.id,
            talentInfo: resume({ identityNo: identityNo('1990-01-01', seq * 2 + 1), phone: `1360000000${seq}`.slice(0, 11) }),
          },
        });
        seq++;
        expect(res.json().code).toBe(200);
        await t.db.update(candidateApplication).set({ status }).where(eq(candidateApplication.id, res.json().data.applicationId));
      }
    }
    const res = await statistics(t.shenhe, plan.id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.plan).toEqual({
      id: plan.id,
      name: '统计计划',
      status: 'published',
      signUpStartDate: plan.signUpStartDate.toISOString(),
      signUpEndDate: plan.signUpEndDate.toISOString(),
    });
    expect(data.posts).toEqual([
      { recruitmentId: posts[0]!.id, jobVacancy: '甲', places: 2, total: 5, counts: { ...zeros(), 10: 2, 21: 2, 34: 1 } },
      { recruitmentId: posts[1]!.id, jobVacancy: '乙', places: 2, total: 3, counts: { ...zeros(), 10: 1, 12: 1, 21: 1 } },
      { recruitmentId: posts[2]!.id, jobVacancy: '无人报名', places: 2, total: 0, counts: zeros() },
    ]);
    expect(data.total).toBe(8);
    expect(data.counts).toEqual({ ...zeros(), 10: 3, 12: 1, 21: 3, 34: 1 });
  });

  it("matches the seeded demo data of each company's plans, which between them hold a status of every stage", async () => {
    const seen = new Set<number>();
    for (const [token, companyId, expected] of [
      [t.admin, t.company1, [72, 300]],
      [t.hospital, t.company2, [200]],
    ] as const) {
      // the demo's plans come first; later ones are this file's own
      const plans = (await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.companyId, companyId)).orderBy(asc(recruitmentPlan.id))).slice(
        0,
        expected.length,
      );
      for (const [i, plan] of plans.entries()) {
        const groups = await t.db
          .select({ recruitmentId: candidateApplication.recruitmentId, status: candidateApplication.status, n: count() })
          .from(candidateApplication)
          .where(eq(candidateApplication.planId, plan.id))
          .groupBy(candidateApplication.recruitmentId, candidateApplication.status);
        const data = (await statistics(token, plan.id)).json().data;
        expect(data.total).toBe(expected[i]);
        for (const status of APPLICATION_STATUSES) {
          const inDb = groups.filter((g) => g.status === status).reduce((s, g) => s + g.n, 0);
          if (inDb > 0) seen.add(status);
          expect(data.counts[String(status)]).toBe(inDb);
        }
        for (const row of data.posts) {
          for (const status of APPLICATION_STATUSES) {
            const g = groups.find((x) => x.recruitmentId === row.recruitmentId && x.status === status);
            expect(row.counts[String(status)]).toBe(g?.n ?? 0);
          }
        }
      }
    }
    // sign-up review in progress, a written exam half-way (tickets issued, scores entered), a plan finished
    expect([...seen].sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 20, 21, 22, 23, 33, 34]);
  });

  it('seeds history consistent with each status, and grades within full marks', async () => {
    const [plan] = await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.name, FINISHED_DEMO_PLAN));
    const applications = await t.db.select().from(candidateApplication).where(eq(candidateApplication.planId, plan!.id));
    // with the failures' moves that the publications stand for (transitionPublished)
    const history = await rowsOf<{ applicationId: number; fromStatus: number | null; toStatus: number }>(
      t.db,
      sql`select application_id as "applicationId", from_status as "fromStatus", to_status as "toStatus"
        from (${applicationMoves(sql`a.plan_id = ${plan!.id}`)}) h order by h.id nulls last`,
    );
    for (const a of applications) {
      const rows = history.filter((h) => h.applicationId === a.id);
      expect(rows[0]).toMatchObject({ fromStatus: null, toStatus: 10 });
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.fromStatus).toBe(rows[i - 1]!.toStatus);
      expect(rows.at(-1)!.toStatus).toBe(a.status);
      // 缺考 has no score: an absent candidate fails the stage without one
      const stages = await t.db.select().from(applicationStage).where(eq(applicationStage.applicationId, a.id));
      const absentIn = (stage: number) => stages.some((s) => s.stage === stage && s.absent);
      expect(a.writtenGrade !== null).toBe([22, 23, 24, 30, 31, 32, 33, 34].includes(a.status) && !absentIn(2));
      expect(a.auditionGrade !== null).toBe([32, 33, 34].includes(a.status) && !absentIn(3));
      if (a.writtenGrade !== null) expect(Number(a.writtenGrade)).toBeLessThanOrEqual(Number(plan!.writtenFullMarks));
      if (a.auditionGrade !== null) expect(Number(a.auditionGrade)).toBeLessThanOrEqual(Number(plan!.auditionFullMarks));
    }
  });

  it('answers 404 for another company’s plan, 400 for a bad id, 403 without a reading permission', async () => {
    const [theirs] = await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.companyId, t.company2));
    const res = await statistics(t.admin, theirs!.id);
    expectError(res, 404, '招录计划不存在');
    expect((await statistics(t.admin, 'abc')).json()).toMatchObject({ code: 400, msg: '招录计划编号必须是数字' });
    const cashier = await staffWith(t, '孙出纳', 'sunpay', ['wallet:view']);
    expect((await statistics(cashier, theirs!.id)).statusCode).toBe(403);
    expect((await planOptions(cashier)).statusCode).toBe(403);
  });
});

describe('POST /api/recruitment/companyStatistics/planOptions', () => {
  it('lists only the caller company’s plans, newest first', async () => {
    const mine = await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.companyId, t.company2));
    const res = await planOptions(t.hospital);
    expect((res.json().data as { id: number; name: string; status: string }[]).map(({ id, name, status }) => ({ id, name, status }))).toEqual(
      mine.sort((a, b) => b.id - a.id).map((p) => ({ id: p.id, name: p.name, status: p.status })),
    );
    const posts = await t.db.select().from(recruitmentInfo).where(and(eq(recruitmentInfo.companyId, t.company2)));
    expect(posts.length).toBeGreaterThanOrEqual(5);
  });

  it('says of each plan which statuses its applications hold and in which stages it published scores (pages open on a plan that has data)', async () => {
    for (const [token, companyId] of [
      [t.admin, t.company1],
      [t.hospital, t.company2],
    ] as const) {
      const truth = await rowsOf<{ id: number; statuses: number[]; publishedStages: number[] }>(
        t.db,
        sql`select p.id,
            array(select distinct a.status::int from candidate_application a where a.plan_id = p.id order by 1) as statuses,
            array(select distinct s.stage::int from stage_publication s join recruitment_info r on r.id = s.recruitment_id where r.plan_id = p.id order by 1) as "publishedStages"
          from recruitment_plan p where p.company_id = ${companyId} order by p.id desc`,
      );
      const res = await planOptions(token);
      expect(res.json().code).toBe(200);
      expect((res.json().data as { id: number; statuses: number[]; publishedStages: number[] }[]).map(({ id, statuses, publishedStages }) => ({ id, statuses, publishedStages }))).toEqual(
        truth.map((r) => ({ id: Number(r.id), statuses: r.statuses.map(Number), publishedStages: r.publishedStages.map(Number) })),
      );
    }
    // the demo: the HR company's finished plan published both stages; the hospital's is half-way through the written exam
    const [finished] = await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.name, FINISHED_DEMO_PLAN));
    const ofAdmin = (await planOptions(t.admin)).json().data as { id: number; statuses: number[]; publishedStages: number[] }[];
    expect(ofAdmin.find((p) => p.id === finished!.id)).toMatchObject({ statuses: [23, 33, 34], publishedStages: [2, 3] });
    const [ofHospital] = (await planOptions(t.hospital)).json().data as { statuses: number[]; publishedStages: number[] }[];
    expect(ofHospital).toMatchObject({ publishedStages: [] });
    expect(ofHospital!.statuses).toEqual(expect.arrayContaining([21, 22]));
  });
});
