import type { FastifyInstance } from 'fastify';
import { examListRoutes } from './list-routes.js';
import { examExportRoutes } from './export-routes.js';
import { examStatisticsRoutes } from './statistics-routes.js';
import { scoreRoutes } from './scores/routes.js';
import { ticketRoutes } from './tickets/routes.js';

/** The written exam and the interview (DESIGN §5): statistics, lists, tickets, scores and rankings. */
export function examRoutes(app: FastifyInstance) {
  examStatisticsRoutes(app);
  examListRoutes(app);
  ticketRoutes(app);
  scoreRoutes(app);
  examExportRoutes(app);
}
