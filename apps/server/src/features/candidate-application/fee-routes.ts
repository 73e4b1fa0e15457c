import { myFeeStatus, payMyFee } from '@zhaokao/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { candidateOf } from '../candidate-account/index.js';
import { applicationFeeStatus, payApplicationFee } from '../order/index.js';
import { defineRoute } from '../../shared/route.js';
import { ownApplicationOf } from './own-application.js';

/** The registration fee of the candidate's own application (the same payment as the public fee calls). */
export function feeCallRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const guard = (request: FastifyRequest) => candidateOf(db, request);

  defineRoute(
    app,
    payMyFee,
    async ({ input, request }) => payApplicationFee(db, app.payments, (await ownApplicationOf(db, request, input.id)).id, input.appId as 1 | 2),
    { guard, rateLimit: 'apply' },
  );

  defineRoute(app, myFeeStatus, async ({ input, request }) => applicationFeeStatus(db, app.payments, (await ownApplicationOf(db, request, input.id)).id), { guard });
}
