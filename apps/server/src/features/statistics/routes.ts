import { APPLICATION_STATUSES, companyStatistics, statisticsPlanOptions } from '@zhaokao/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { candidateApplication, recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { rowsOf } from '../../shared/sql.js';
import { statusIn } from '../pipeline/index.js';

const zeroCounts = () => Object.fromEntries(APPLICATION_STATUSES.map((s) => [String(s), 0])) as Record<string, number>;

export function statisticsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  // Which statuses each plan's applications hold: per status one `exists` on the plan's status index (it stops at
  // the first application found), rather than reading every application of the company.
  defineRoute(app, statisticsPlanOptions, async ({ session }) => {
    const held = APPLICATION_STATUSES.map(
      (status) =>
        sql`case when exists (select 1 from candidate_application a where a.company_id = p.company_id and a.plan_id = p.id and ${statusIn([status], 'a')})
          then ${status}::int end`,
    );
    const rows = await rowsOf<{ id: number; name: string; status: string; statuses: (number | null)[]; publishedStages: number[] }>(
      db,
      sql`select p.id, p.name, p.status, array[${sql.join(held, sql`, `)}] as statuses,
          array(select distinct sp.stage::int from stage_publication sp join recruitment_info r on r.id = sp.recruitment_id and r.company_id = sp.company_id
            where sp.company_id = p.company_id and r.plan_id = p.id order by 1) as "publishedStages"
        from recruitment_plan p where p.company_id = ${session.companyId} order by p.id desc`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      status: r.status,
      statuses: r.statuses.filter((s) => s !== null).map(Number),
      publishedStages: r.publishedStages.map(Number),
    }));
  });

  defineRoute(app, companyStatistics, async ({ input, session }) => {
    const companyId = session.companyId;
    const [plan] = await db
      .select()
      .from(recruitmentPlan)
      .where(and(eq(recruitmentPlan.id, input.planId), eq(recruitmentPlan.companyId, companyId)));
    if (!plan) throw notFound('招录计划不存在');
    const posts = await db
      .select({ id: recruitmentInfo.id, jobVacancy: recruitmentInfo.jobVacancy, places: recruitmentInfo.places })
      .from(recruitmentInfo)
      .where(and(eq(recruitmentInfo.companyId, companyId), eq(recruitmentInfo.planId, plan.id)))
      .orderBy(asc(recruitmentInfo.id));
    // one pass over the (company_id, plan_id, status, id) index
    const groups = await db
      .select({ recruitmentId: candidateApplication.recruitmentId, status: candidateApplication.status, n: count() })
      .from(candidateApplication)
      .where(and(eq(candidateApplication.companyId, companyId), eq(candidateApplication.planId, plan.id)))
      .groupBy(candidateApplication.recruitmentId, candidateApplication.status);
    const byPost = new Map(posts.map((p) => [p.id, { recruitmentId: p.id, jobVacancy: p.jobVacancy, places: p.places, total: 0, counts: zeroCounts() }]));
    const counts = zeroCounts();
    let total = 0;
    for (const g of groups) {
      const row = byPost.get(g.recruitmentId);
      const key = String(g.status);
      if (row) {
        row.counts[key] = (row.counts[key] ?? 0) + g.n;
        row.total += g.n;
      }
      counts[key] = (counts[key] ?? 0) + g.n;
      total += g.n;
    }
    return {
      plan: {
        id: plan.id,
        name: plan.name,
        status: plan.status,
        signUpStartDate: plan.signUpStartDate.toISOString(),
        signUpEndDate: plan.signUpEndDate.toISOString(),
      },
      posts: [...byPost.values()],
      total,
      counts,
    };
  });
}
