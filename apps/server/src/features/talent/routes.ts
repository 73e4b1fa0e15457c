import type { FastifyInstance } from 'fastify';
import type { PaymentChannels } from '../order/index.js';
import { talentBlacklistRoutes } from './blacklist-routes.js';
import { talentClassifyRoutes } from './classify-routes.js';
import { talentListRoutes } from './list-routes.js';
import { talentResumeRoutes } from './resume-routes.js';

/** The talent pool (SPEC /talentInfo, DESIGN §9). */
export function talentRoutes(app: FastifyInstance, channels: PaymentChannels) {
  talentClassifyRoutes(app);
  talentListRoutes(app);
  talentResumeRoutes(app, channels);
  talentBlacklistRoutes(app);
}
