import { APPLICATION_STATUSES, companyStatistics, statisticsPlanOptions } from '@zhaokao/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { candidateApplication, recruitmentInfo, recruitmentPlan } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';

const zeroCounts = () => Object.fromEntries(APPLICATION_STATUSES.map((s) => [String(s), 0])) as Record<string, number>;

export function statisticsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, statisticsPlanOptions, async ({ session }) =>
    db
      .select({ id: recruitmentPlan.id, name: recruitmentPlan.name, status: recruitmentPlan.status })
      .from(recruitmentPlan)
      .where(eq(recruitmentPlan.companyId, session.companyId))
      .orderBy(desc(recruitmentPlan.id)),
  );

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
