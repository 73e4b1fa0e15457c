import { candidateCompanyDetail, candidatePlanDetail, candidatePostList, candidatePublicationDetail, candidatePublicationList } from '@zhaokao/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../shared/route.js';
import { companyPage } from './company-page.js';
import { planPage, postPage } from './plan-page.js';
import { publicationDetail, publicationPage } from './publications.js';

/**
 * The candidate site's public pages (DESIGN §11): the company page and the plan page, read without a session
 * (rate limit group `public`). Only what the company published, and of the applications only counts.
 */
export function candidateSiteRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  defineRoute(app, candidateCompanyDetail, async ({ input }) => companyPage(db, input.companyId));
  defineRoute(app, candidatePlanDetail, async ({ input }) => planPage(db, input.companyId, input.planId));
  defineRoute(app, candidatePostList, async ({ input }) => postPage(db, input));
  defineRoute(app, candidatePublicationList, async ({ input }) => publicationPage(db, input.companyId, input.kind, input.planId, input));
  defineRoute(app, candidatePublicationDetail, async ({ input }) => publicationDetail(db, input.companyId, input.id));
}
