import type { FastifyInstance } from 'fastify';
import { applicationCallRoutes } from './application-routes.js';
import { documentRoutes } from './document-routes.js';
import { feeCallRoutes } from './fee-routes.js';
import { messageRoutes } from './message-routes.js';

/** The signed-in candidate's applications, their fee, PDFs, results and messages (DESIGN §11). */
export function candidateApplicationRoutes(app: FastifyInstance) {
  applicationCallRoutes(app);
  feeCallRoutes(app);
  documentRoutes(app);
  messageRoutes(app);
}
