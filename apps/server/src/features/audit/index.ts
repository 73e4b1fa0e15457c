/**
 * 操作日志 (DESIGN §7): the pages that read the log — the company administrator's and the platform operator's, each
 * with its Excel export. The rows themselves are written by shared/route.ts, in each call's own transaction.
 */
export { auditRoutes } from './routes.js';
