import type { FastifyInstance } from 'fastify';
import { entryRoutes } from './entry.js';
import { importRoutes } from './import.js';
import { listRoutes } from './lists.js';
import { publishRoutes } from './publish.js';
import { reviewRoutes } from './review.js';

/** Scores of the written exam and the interview (DESIGN §5): entry, import, review, publication, rankings. */
export function scoreRoutes(app: FastifyInstance) {
  entryRoutes(app);
  importRoutes(app);
  reviewRoutes(app);
  publishRoutes(app);
  listRoutes(app);
}
