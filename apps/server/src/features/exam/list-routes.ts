import { examApplicationList } from '@zhaokao/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../shared/route.js';
import { rowsOf } from '../../shared/sql.js';
import { type ExamListDbRow, examListPlan, examListRow, examListSql } from './list.js';
import { withScoreDetails } from './scores/entry.js';

export function examListRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(app, examApplicationList, async ({ input, session }) => {
    const filter = { ...input, companyId: session.companyId, staffId: session.userId };
    const { sits } = await examListPlan(db, filter);
    if (!sits) return { total: 0, list: [] };
    const q = examListSql(filter);
    const [totals, rows] = await Promise.all([rowsOf<{ total: number }>(db, q.count), rowsOf<ExamListDbRow>(db, q.page)]);
    return { total: Number(totals[0]?.total ?? 0), list: await withScoreDetails(db, session.companyId, input.type, rows.map(examListRow)) };
  });
}
