import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { CANDIDATE_SITE_PATH, type FunctionCode, ResultCode } from '@zhaokao/contracts';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Db, PoolStats } from './db/client.js';
import { authRoutes } from './features/auth/routes.js';
import { candidateAccountRoutes } from './features/candidate-account/routes.js';
import { candidateSiteRoutes } from './features/candidate-site/routes.js';
import { candidateResumeRoutes } from './features/candidate-resume/routes.js';
import { candidateApplicationRoutes } from './features/candidate-application/routes.js';
import { companyRoutes } from './features/company/routes.js';
import { companyUnitRoutes } from './features/company-units/routes.js';
import { orgRoutes } from './features/org/routes.js';
import { staffRoutes } from './features/staff/routes.js';
import { walletRoutes } from './features/wallet/routes.js';
import { planRoutes } from './features/plan/routes.js';
import { postRoutes } from './features/post/routes.js';
import { workflowRoutes } from './features/workflow/routes.js';
import { talentTemplateRoutes } from './features/talent-template/routes.js';
import { applicationRoutes } from './features/application/routes.js';
import { examineRoutes } from './features/examine/routes.js';
import { statisticsRoutes } from './features/statistics/routes.js';
import { examineReportRoutes } from './features/examine/report-routes.js';
import { examineExportRoutes } from './features/examine/export-routes.js';
import { examRoutes } from './features/exam/index.js';
import { gateRoutes } from './features/gate/index.js';
import { interviewDrawRoutes } from './features/interview-draw/index.js';
import { bonusRoutes } from './features/bonus/index.js';
import { extraTestRoutes } from './features/extra-test/index.js';
import { scoreRecheckRoutes } from './features/score-recheck/index.js';
import { dictRoutes } from './features/dict/routes.js';
import { contentRoutes } from './features/content/routes.js';
import { homeRoutes } from './features/home/routes.js';
import { holdsRight } from './features/rights/held-rights.js';
import { catalogueRoutes } from './features/order/catalogue-routes.js';
import { scheduleOrderSweep } from './features/order/expiry.js';
import { CASHIER_PATH, NOTIFY_PATH, notifyRoutes } from './features/order/notify-routes.js';
import { feeRoutes } from './features/order/fee-routes.js';
import { invoiceRoutes } from './features/order/invoice-routes.js';
import { orderRoutes } from './features/order/order-routes.js';
import { PaymentChannels } from './features/order/providers/channels.js';
import { platformRoutes } from './features/platform/routes.js';
import { feedbackRoutes, platformFeedbackRoutes } from './features/feedback/routes.js';
import { auditRoutes } from './features/audit/index.js';
import { publicationRoutes } from './features/publication/routes.js';
import { messageRoutes } from './features/message/routes.js';
import { posterRoutes } from './features/poster/routes.js';
import { settingsRoutes } from './features/settings/routes.js';
import { storageRoutes } from './features/storage/routes.js';
import { talentRoutes } from './features/talent/routes.js';
import { InProcessQueue, type JobTransport, Jobs, jobRoutes } from './features/job/index.js';
import { registerHealthChecks } from './plugins/health.js';
import { registerJobQueueDepth, registerMetrics } from './plugins/metrics.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import type { Config } from './shared/config.js';
import { AppError } from './shared/errors.js';
import { answerClientError, answerFrameworkError, answerOf, refusalOf } from './shared/refusals.js';
import { serializeError } from './shared/log-redaction.js';
import { requestScopedDb } from './shared/request-transaction.js';
import { LogMailer, type Mailer } from './shared/mailer.js';
import { type SmsSender, smsSenderOf } from './shared/sms.js';
import { SessionStore, shareSessionChanges } from './features/auth/sessions.js';
import type { Notifications } from './db/notifications.js';
import type { Sessions } from './shared/session.js';
import type { FileStorage } from './shared/storage.js';

export interface Deps {
  /** The database; inside a write call, that call's transaction (shared/request-transaction.ts). */
  db: Db;
  /** The database itself, never a request's transaction: for what must not wait on one or roll back with it. */
  rootDb: Db;
  storage: FileStorage;
  mailer: Mailer;
  /** The candidate site's SMS codes (DESIGN §11): the log unless an SMS provider is configured. */
  sms: SmsSender;
  config: Config;
  sessions: Sessions;
  /** PostgreSQL: LISTEN/NOTIFY between the server processes on the database (db/notifications.ts); none on PGlite. */
  notifications?: Notifications;
  /** The database's connections now, for `/metrics` (db/client.ts); no pool figures without it. */
  poolStats?: () => PoolStats;
  /** Whether a company holds a purchased function now (see `right` in the contracts). */
  holdsRight: (companyId: number, functionCode: FunctionCode) => Promise<boolean>;
  /** 后台任务 (features/job): long work as jobs in the queue, with progress. */
  jobs: Jobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** The payment providers behind the QR channels (DESIGN §6). */
    payments: PaymentChannels;
  }
}

/** Largest upload the server accepts at all; each kind has its own, smaller limit. */
const MAX_UPLOAD_BYTES = 10000 * 1024;

/** `logStream`: where the log goes instead of stdout (tests read it). */
export async function buildApp(
  deps: Omit<Deps, 'mailer' | 'sms' | 'sessions' | 'holdsRight' | 'rootDb' | 'jobs'> & {
    mailer?: Mailer;
    sms?: SmsSender;
    /** The job queue (pg-boss on the database); without one, jobs run in this process as soon as they are made (tests). */
    queue?: JobTransport;
  },
  { logStream, ...options }: FastifyServerOptions & { logStream?: { write(line: string): void } } = {},
) {
  const app = Fastify({
    logger: { level: deps.config.logLevel, serializers: { err: serializeError }, ...(logStream && { stream: logStream }) },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // unique across server processes: the 操作日志 and the log lines of one call share it
    genReqId: () => randomUUID(),
    ...options,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  const sessions = new SessionStore(deps.db, deps.config.sessionCacheSeconds, deps.notifications, app.log);
  app.decorate('deps', {
    ...deps,
    db: requestScopedDb(deps.db),
    rootDb: deps.db,
    mailer: deps.mailer ?? new LogMailer(app.log),
    sms: deps.sms ?? smsSenderOf(deps.config.sms, app.log),
    sessions,
    holdsRight: (companyId, functionCode) => holdsRight(deps.db, companyId, functionCode),
    jobs: new Jobs({
      db: deps.db,
      storage: deps.storage,
      log: app.log,
      transport: deps.queue ?? new InProcessQueue(),
      drainMs: deps.config.jobs.drainSeconds * 1000,
    }),
  });
  await shareSessionChanges(app, sessions);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.httpStatus >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.status(error.httpStatus).send({ code: error.code, msg: error.message, data: null });
    }
    const refusal = refusalOf(error as { statusCode?: number; code?: string });
    if (refusal) {
      request.log.info({ err: error }, 'request refused');
      return reply.status(refusal.status).send(answerOf(refusal));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ResultCode.SERVER_ERROR, msg: '服务器开小差了，请稍后再试', data: null });
  });

  // Channels 1 and 2 are WeChat Pay and Alipay when configured (README 支付渠道配置), the sandbox otherwise.
  const payments = PaymentChannels.fromConfig(
    {
      secret: deps.config.payment.sandboxSecret,
      cashierBase: CASHIER_PATH,
      retryDelaysMs: deps.config.payment.sandboxRetryDelaysMs,
      deliver: async ({ headers, rawBody }) => {
        const answer = await app.inject({ method: 'POST', url: `${NOTIFY_PATH}/sandbox`, headers, payload: rawBody });
        return { status: answer.statusCode };
      },
    },
    deps.config.payment,
    NOTIFY_PATH,
  );
  app.decorate('payments', payments);

  await registerSecurityHeaders(app);
  await registerRateLimit(app, deps.db);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });

  // before every route, so that each is measured
  await registerMetrics(app, { token: deps.config.metricsToken, poolStats: deps.poolStats });
  registerJobQueueDepth(app, () => app.deps.jobs.depth());
  registerHealthChecks(app);
  await registerOpenApi(app);
  await app.register(async (api) => {
    authRoutes(api);
    dictRoutes(api);
    storageRoutes(api);
    contentRoutes(api);
    homeRoutes(api);
    settingsRoutes(api);
    companyRoutes(api);
    companyUnitRoutes(api);
    orgRoutes(api);
    staffRoutes(api);
    walletRoutes(api);
    planRoutes(api);
    postRoutes(api);
    workflowRoutes(api);
    talentTemplateRoutes(api);
    applicationRoutes(api);
    examineRoutes(api);
    statisticsRoutes(api);
    examineReportRoutes(api);
    examineExportRoutes(api);
    examRoutes(api);
    gateRoutes(api);
    interviewDrawRoutes(api);
    bonusRoutes(api);
    extraTestRoutes(api);
    scoreRecheckRoutes(api);
    catalogueRoutes(api);
    orderRoutes(api, payments);
    feeRoutes(api, payments);
    invoiceRoutes(api);
    platformRoutes(api);
    feedbackRoutes(api);
    platformFeedbackRoutes(api);
    auditRoutes(api);
    publicationRoutes(api);
    messageRoutes(api);
    posterRoutes(api);
    talentRoutes(api, payments);
    candidateAccountRoutes(api);
    candidateSiteRoutes(api);
    candidateResumeRoutes(api);
    candidateApplicationRoutes(api);
    jobRoutes(api);
  });
  await notifyRoutes(app, payments);
  scheduleOrderSweep(app, payments, deps.config.payment.orderSweepSeconds);
  app.addHook('onClose', async () => payments.stop());
  // Workers start once every feature has registered its kinds of job; a stopping server lets running jobs finish first.
  app.addHook('onReady', async () => app.deps.jobs.start());
  app.addHook('onClose', async () => app.deps.jobs.stop());

  const webDist = deps.config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  // The candidate site (DESIGN §11) is a separate entry of the web build: its pages load apply.html and its own bundle.
  const hasCandidateSite = hasWeb && existsSync(path.join(webDist, 'apply.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // Vite's assets carry a content hash in their names; everything else (index.html, logo) is checked each time.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ code: ResultCode.NOT_FOUND, msg: '接口不存在', data: null });
    }
    const pathname = request.url.split('?')[0]!;
    const candidateSite = pathname === CANDIDATE_SITE_PATH || pathname.startsWith(`${CANDIDATE_SITE_PATH}/`);
    return reply.header('Cache-Control', 'no-cache').sendFile(candidateSite && hasCandidateSite ? 'apply.html' : 'index.html');
  });
  return app;
}
