/**
 * 后台任务 (DESIGN §2): long work runs as jobs in a queue kept in the database (pg-boss), with its progress in the
 * `job` row. A feature that moves work onto a job registers a handler for its kind (`app.deps.jobs.handle`) and adds
 * jobs with `app.deps.jobs.create(db, …)` in its call's transaction. Other features use it through this file only.
 */
export { jobRoutes } from './routes.js';
export { JOB_TIMING, type JobContext, type JobHandler, type JobOutcome, type JobRow, Jobs, jobOf, unfinishedJobExists } from './jobs.js';
export { InProcessQueue, type JobTransport, PgBossQueue, QUEUE_NAME } from './queue.js';
