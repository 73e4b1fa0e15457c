import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMetricsModule from 'fastify-metrics';
import promClient from 'prom-client';
import type { PoolStats } from '../db/client.js';
import { quietLogLevel } from './health.js';

export const METRICS_PATH = '/metrics';
export const JOB_QUEUE_DEPTH = 'zhaokao_job_queue_depth';

/** Seconds; from a cached read to a 1,000-ticket PDF. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The process's own figures (CPU, memory, event loop, garbage collection) belong to the process, not to one app:
 * collected once into a registry of their own, however many apps a process builds (the tests build many).
 */
// a CommonJS module whose plugin is its `default` (under node and vitest alike)
const fastifyMetrics = fastifyMetricsModule.default;

let processRegistry: promClient.Registry | undefined;
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new promClient.Registry();
    promClient.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Prometheus metrics at `/metrics` (text format): request duration per route pattern (`http_request_duration_seconds`,
 * by method, route and status), server errors (`zhaokao_http_server_errors_total`, status 500 and above), the database
 * connections (`zhaokao_db_pool_*`, when `poolStats` is given), the process's own figures, and what other parts
 * register (`registerJobQueueDepth`). Each app keeps its metrics in its own registry.
 *
 * Who may read them: with `token` (METRICS_TOKEN) a caller that sends `Authorization: Bearer <token>`; without it the
 * machine itself only — a request from a loopback address that came through no proxy (a reverse proxy on the same
 * machine would otherwise make every visitor look local).
 */
export async function registerMetrics(app: FastifyInstance, { token, poolStats }: { token?: string; poolStats?: () => PoolStats }) {
  const processFigures = processMetrics();
  const registry = new promClient.Registry();
  await app.register(fastifyMetrics, {
    // fastify-metrics makes its metrics with this client: ours registers them in this app's registry
    promClient: { ...promClient, register: registry },
    endpoint: null,
    defaultMetrics: { enabled: false },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      routeBlacklist: [METRICS_PATH],
      // the summary is made even when off; registered nowhere, it stays out of every registry
      overrides: { histogram: { buckets: DURATION_BUCKETS, registers: [registry] }, summary: { registers: [] } },
    },
  });

  const errors = new promClient.Counter({
    name: 'zhaokao_http_server_errors_total',
    help: 'Answers with HTTP status 500 or above, by route pattern',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500) return;
    errors.inc({ method: request.method, route: request.routeOptions.url ?? '__unknown__', status_code: reply.statusCode });
  });

  if (poolStats) {
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new promClient.Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolStats()));
        },
      });
    poolGauge('zhaokao_db_pool_connections', 'Database connections open (busy or idle)', (stats) => stats.total);
    poolGauge('zhaokao_db_pool_idle_connections', 'Database connections open and idle', (stats) => stats.idle);
    poolGauge('zhaokao_db_pool_waiting_queries', 'Queries waiting for a free database connection', (stats) => stats.waiting);
    poolGauge('zhaokao_db_pool_max_connections', 'The most connections the pool opens (DATABASE_POOL_SIZE)', (stats) => stats.max);
  }

  app.get(METRICS_PATH, { logLevel: quietLogLevel(app), onRequest: async (request, reply) => checkMetricsAccess(request, reply, token) }, async (_request, reply) => {
    const merged = promClient.Registry.merge([processFigures, registry]);
    return reply.type(merged.contentType).header('Cache-Control', 'no-store').send(await merged.metrics());
  });
}

/**
 * The background jobs' queue length as the gauge `zhaokao_job_queue_depth`, read at every scrape: a number, or a
 * number per queue (label `queue`). Call once per app, after `registerMetrics`; a second call replaces the first.
 */
export function registerJobQueueDepth(app: FastifyInstance, depth: () => Promise<number | Readonly<Record<string, number>>>) {
  const registry = app.metrics.client.register;
  registry.removeSingleMetric(JOB_QUEUE_DEPTH);
  const gauge = new promClient.Gauge({
    name: JOB_QUEUE_DEPTH,
    help: 'Background jobs waiting or running',
    labelNames: ['queue'],
    registers: [],
    async collect() {
      const value = await depth();
      this.reset();
      if (typeof value === 'number') this.set(value);
      else for (const [queue, count] of Object.entries(value)) this.set({ queue }, count);
    },
  });
  registry.registerMetric(gauge);
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const PROXY_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'];
const digest = (value: string) => createHash('sha256').update(value).digest();

async function checkMetricsAccess(request: FastifyRequest, reply: FastifyReply, token: string | undefined) {
  if (token) {
    const sent = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? '';
    if (timingSafeEqual(digest(sent), digest(token))) return;
    return reply
      .status(401)
      .header('WWW-Authenticate', 'Bearer realm="metrics"')
      .send({ code: 401, msg: '读取监控指标需要正确的令牌（请求头 Authorization: Bearer <METRICS_TOKEN>）', data: null });
  }
  const viaProxy = PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
  if (LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip) && !viaProxy) return;
  return reply.status(403).send({ code: 403, msg: '监控指标只允许本机读取；从其他机器采集请设置 METRICS_TOKEN，并在请求头带上 Authorization: Bearer <令牌>', data: null });
}
