import { applyRecruitment, companyCandidateList, resubmitApplication } from '@zhaokao/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { rowsOf } from '../../shared/sql.js';
import { scoreOf } from '../pipeline/index.js';
import { applyFor, resubmitCorrected } from './apply.js';
import { type CandidateListCount, type CandidateListRow, candidateListSql } from './candidate-list.js';

export function applicationRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(
    app,
    applyRecruitment,
    ({ input }) => applyFor(db, input),
    { successMsg: '报名成功', rateLimit: 'apply' },
  );

  defineRoute(
    app,
    resubmitApplication,
    ({ input }) => resubmitCorrected(db, input),
    { successMsg: '提交成功', rateLimit: 'apply' },
  );

  defineRoute(app, companyCandidateList, async ({ input, session }) => {
    const companyId = session.companyId;
    // Both statements at once: each is limited to the caller's company by its own WHERE, so nothing
    // is answered before the first one has shown that the plan (and post) are theirs.
    const q = candidateListSql({ ...input, companyId });
    const [totals, rows] = await Promise.all([rowsOf<CandidateListCount>(db, q.count), rowsOf<CandidateListRow>(db, q.page)]);
    if (!totals[0]?.planFound) throw notFound('招录计划不存在');
    if (!totals[0].postFound) throw notFound('岗位不存在');
    return {
      total: Number(totals[0]?.total ?? 0),
      list: rows.map((r) => ({
        ...r,
        status: Number(r.status),
        writtenGrade: scoreOf(r.writtenGrade),
        auditionGrade: scoreOf(r.auditionGrade),
        createdAt: new Date(r.createdAt).toISOString(),
      })),
    };
  });
}
