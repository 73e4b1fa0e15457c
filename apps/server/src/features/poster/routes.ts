import {
  OWN_FILE_PREFIX, POSTER_MESSAGES, POSTER_TEMPLATES, candidateCompanyPath, candidatePlanPath, candidateUrl,
  companyQrCodeLink, companyQrCodePng, fileUrlKind, planPoster, toChinaDateTime,
} from '@zhaokao/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { company, recruitmentInfo, recruitmentPlan, storedFile } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { storedImageOf } from '../../shared/pdf.js';
import { publicOrigin } from '../../shared/public-origin.js';
import { defineFileRoute, defineRoute } from '../../shared/route.js';
import { loadOwned } from '../../shared/rows.js';
import { type PosterPost, renderCompanyQrCode, renderPoster } from './render.js';

/** 推广海报 and 公司二维码 (SPEC §2): PNG images whose QR code leads to the candidate site. */
export function posterRoutes(app: FastifyInstance) {
  const { db, storage, config } = app.deps;

  const baseOf = (request: FastifyRequest) => publicOrigin(config, request);

  /** An image the company uploaded itself (its logo); a key of another company's file is not read. */
  const ownImageOf = async (companyId: number, url: string) => {
    const first = url.split(',')[0]!.trim();
    if (fileUrlKind(first) !== 'own') return null;
    const [own] = await db
      .select({ id: storedFile.id })
      .from(storedFile)
      .where(and(eq(storedFile.key, first.slice(OWN_FILE_PREFIX.length)), eq(storedFile.companyId, companyId)));
    return own ? storedImageOf(storage, first) : null;
  };

  const companyOf = async (companyId: number) => {
    const [row] = await db.select({ name: company.name, logo: company.logo }).from(company).where(eq(company.id, companyId));
    return row!;
  };

  defineFileRoute(app, planPoster, async ({ input, session, request }) => {
    const plan = await loadOwned(db, recruitmentPlan, input.planId, session.companyId, POSTER_MESSAGES.planMissing);
    const conditions = [eq(recruitmentInfo.companyId, session.companyId), eq(recruitmentInfo.planId, plan.id)];
    if (input.postId !== undefined) conditions.push(eq(recruitmentInfo.id, input.postId));
    else conditions.push(isNull(recruitmentInfo.cancelledAt));
    const posts: PosterPost[] = await db
      .select({
        name: recruitmentInfo.jobVacancy,
        places: recruitmentInfo.places,
        education: recruitmentInfo.education,
        salary: recruitmentInfo.salary,
        address: recruitmentInfo.fixedAddress,
        description: recruitmentInfo.jobDescription,
      })
      .from(recruitmentInfo)
      .where(and(...conditions))
      .orderBy(asc(recruitmentInfo.id));
    if (input.postId !== undefined && posts.length === 0) throw notFound(POSTER_MESSAGES.postMissing);
    const owner = await companyOf(session.companyId);
    const body = await renderPoster({
      template: POSTER_TEMPLATES.find((t) => t.id === input.template)!,
      companyName: owner.name,
      logo: owner.logo ? await ownImageOf(session.companyId, owner.logo) : null,
      planTitle: plan.name,
      signUpStart: toChinaDateTime(plan.signUpStartDate),
      signUpEnd: toChinaDateTime(plan.signUpEndDate),
      posts,
      singlePost: input.postId !== undefined,
      url: candidateUrl(baseOf(request), candidatePlanPath(session.companyId, plan.id)),
    });
    const title = input.postId !== undefined ? `${plan.name}-${posts[0]!.name}` : plan.name;
    return { fileName: `${title}-推广海报.png`, contentType: 'image/png', body };
  });

  defineRoute(app, companyQrCodeLink, async ({ session, request }) => ({
    url: candidateUrl(baseOf(request), candidateCompanyPath(session.companyId)),
  }));

  defineFileRoute(app, companyQrCodePng, async ({ session, request }) => {
    const owner = await companyOf(session.companyId);
    const body = await renderCompanyQrCode(owner.name, candidateUrl(baseOf(request), candidateCompanyPath(session.companyId)));
    return { fileName: `${owner.name}-公司二维码.png`, contentType: 'image/png', body };
  });
}
