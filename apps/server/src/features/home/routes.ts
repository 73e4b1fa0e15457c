import { homeOverview } from '@zhaokao/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../shared/route.js';
import { homeOverviewOf } from './overview.js';

export function homeRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  defineRoute(app, homeOverview, ({ session }) => homeOverviewOf(db, session));
}
