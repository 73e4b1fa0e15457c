import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { PoolStats } from '../db/client.js';
import { readConfig } from '../shared/config.js';
import { LocalStorage } from '../shared/storage.js';
import { type TestApp, createTestApp } from '../test/app.js';
import { JOB_QUEUE_DEPTH, METRICS_PATH, registerJobQueueDepth } from './metrics.js';

const TOKEN = 'metrics-test-token';
const pool: PoolStats = { total: 7, idle: 3, waiting: 2, max: 20 };

let t: TestApp;
/** No METRICS_TOKEN: the machine itself reads the metrics. */
let local: Awaited<ReturnType<typeof buildApp>>;
/** METRICS_TOKEN set. */
let guarded: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await createTestApp();
  const appWith = (metricsToken?: string) =>
    buildApp({
      db: t.db,
      storage: new LocalStorage(t.uploadsDir),
      config: { ...readConfig({}), logLevel: 'silent', webDist: '/nonexistent', metricsToken },
      poolStats: () => pool,
    });
  local = await appWith();
  local.get('/api/test/fails', async () => {
    throw new Error('a bug');
  });
  guarded = await appWith(TOKEN);
});
afterAll(async () => {
  await local.close();
  await guarded.close();
  await t.close();
});

const scrape = async (app = local) => {
  const res = await app.inject({ method: 'GET', url: METRICS_PATH });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** A read of the guarded app's metrics, from another machine unless said otherwise. */
const read = (headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
  guarded.inject({ method: 'GET', url: METRICS_PATH, headers, remoteAddress });

describe('/metrics', () => {
  it('answers in the Prometheus text format', async () => {
    const res = await local.inject({ method: 'GET', url: METRICS_PATH });
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const sample = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|[+-]Inf)( \d+)?$/;
    const lines = res.body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.filter((line) => !sample.test(line))).toEqual([]);
    expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('times each request under its route pattern, not its address', async () => {
    await local.inject({ method: 'GET', url: '/api/health' });
    await local.inject({ method: 'GET', url: '/api/admin/talent/getTalentInfo/123456' });
    const body = await scrape();
    expect(body).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/m);
    expect(body).toMatch(/^http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/health",status_code="200"\} /m);
    expect(body).toContain('route="/api/admin/talent/getTalentInfo/:id",status_code="401"');
    expect(body).not.toContain('123456');
    expect(body).not.toContain('http_request_summary_seconds');
  });

  it('counts server errors by route', async () => {
    expect((await local.inject({ method: 'GET', url: '/api/test/fails' })).statusCode).toBe(500);
    expect((await local.inject({ method: 'GET', url: '/api/test/fails' })).statusCode).toBe(500);
    const body = await scrape();
    expect(body).toContain('zhaokao_http_server_errors_total{method="GET",route="/api/test/fails",status_code="500"} 2');
    expect(body).not.toMatch(/zhaokao_http_server_errors_total\{[^}]*status_code="(200|401)"/);
  });

  it('shows the database connections', async () => {
    const body = await scrape();
    expect(body).toMatch(/^zhaokao_db_pool_connections 7$/m);
    expect(body).toMatch(/^zhaokao_db_pool_idle_connections 3$/m);
    expect(body).toMatch(/^zhaokao_db_pool_waiting_queries 2$/m);
    expect(body).toMatch(/^zhaokao_db_pool_max_connections 20$/m);
  });

  it('shows the job queue depth the job queue reports, in total or by queue', async () => {
    // buildApp registers the 后台任务 waiting or running, by kind (features/job); a later call replaces it
    expect(await scrape()).toMatch(/^zhaokao_job_queue_depth\{queue="scoreImport"\} 0$/m);
    registerJobQueueDepth(local, async () => 4);
    expect(await scrape()).toMatch(/^zhaokao_job_queue_depth 4$/m);
    registerJobQueueDepth(local, async () => ({ 'score-import': 2, 'ticket-pdf': 5 }));
    const body = await scrape();
    expect(body).toMatch(/^zhaokao_job_queue_depth\{queue="score-import"\} 2$/m);
    expect(body).toMatch(/^zhaokao_job_queue_depth\{queue="ticket-pdf"\} 5$/m);
  });

  it('are read only by the machine itself when no METRICS_TOKEN is set', async () => {
    const remote = await local.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().msg).toContain('METRICS_TOKEN');
    // a reverse proxy on this machine makes every visitor's connection local: what it forwards is refused
    const proxied = await local.inject({ method: 'GET', url: METRICS_PATH, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
    expect((await local.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('need the Bearer token when METRICS_TOKEN is set, from anywhere', async () => {
    const none = await read({}, '127.0.0.1');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect((await read({ authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect((await read({ authorization: TOKEN })).statusCode).toBe(401);
    const allowed = await read({ authorization: `Bearer ${TOKEN}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('zhaokao_db_pool_connections 7');
    // each app keeps its own metrics: the queue depth registered on the other app is not here
    expect(allowed.body).not.toContain(`${JOB_QUEUE_DEPTH}{queue="ticket-pdf"}`);
  });
});
