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

// What other features use of the exam feature: the totals of its lists, for 首页's cards.
export { examListTotal } from './list.js';
export { ticketListTotal } from './tickets/ticket-list.js';
export { drawPhoto } from './tickets/pdf.js';
// 加分 (bonus) waits for a publication of the post under way, as score entry does.
export { holdPostScores } from './scores/common.js';
export { applicationTicketPdf, examTimeOf } from './tickets/print.js';
// 面试抽签 (interview-draw): the seeded generator of seating, and score entry, which scoring by order number feeds.
export { mulberry32 } from './tickets/seating.js';
export { saveScores } from './scores/entry.js';
// 加试 (extra-test) tests hold a publication under way.
export { publishPost } from './scores/publish.js';
