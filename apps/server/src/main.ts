import path from 'node:path';
import { buildApp } from './app.js';
import { gatherStatistics, openDatabase } from './db/client.js';
import { runDemoExams } from './seed/demo-exams-run.js';
import { runDemoMoney } from './seed/demo-money.js';
import { seedDemo, seedPlatform } from './seed/seed.js';
import { PaymentConfigError, readConfig, sandboxChannelsOf } from './shared/config.js';
import { SmtpMailer } from './shared/mailer.js';
import { LocalStorage } from './shared/storage.js';
import { writePidFile } from './db/pid-file.js';
import { PgBossQueue } from './features/job/index.js';

const startedAt = performance.now();
const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof PaymentConfigError)) throw error;
    // A configuration mistake: the message says which variable, a stack trace would only hide it.
    console.error(`启动失败：${error.message}`);
    process.exit(1);
  }
})();
// The AWS SDK takes about a second to load: only when the files go to S3.
const storage =
  config.storage.driver === 's3'
    ? new (await import('./shared/storage-s3.js')).S3Storage(config.storage)
    : new LocalStorage(path.join(config.dataDir, 'uploads'));
try {
  await storage.check();
} catch (error) {
  console.error(`启动失败：${(error as Error).message}`);
  process.exit(1);
}
// The embedded database serves one process only: `npm run backup` and `restore` look for this file (see README 备份与恢复).
if (!config.databaseUrl) writePidFile(config.dataDir);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
  poolSize: config.databasePoolSize,
});
await seedPlatform(database.db);
const { accounts, examRuns, moneyRuns } = config.seedDemo ? await seedDemo(database.db) : { accounts: [], examRuns: [], moneyRuns: [] };

const app = await buildApp({
  db: database.db,
  storage,
  mailer: config.smtp ? new SmtpMailer(config.smtp) : undefined,
  config,
  notifications: database.notifications,
  poolStats: database.poolStats,
  // 后台任务 in the database's own queue (pg-boss: schema `pgboss`); stopped with the app (its close hook)
  queue: new PgBossQueue(database, { workers: config.jobs.workers }, (error) => app.log.error({ err: error }, 'job queue error')),
});

// the jobs' drain (JOB_DRAIN_SECONDS) and the requests under way fit in it
const SHUTDOWN_TIMEOUT_MS = Math.max(30, config.jobs.drainSeconds + 15) * 1000;
let stopping = false;
/**
 * SIGTERM / SIGINT: no new connections (a request on an open connection is answered 503), the requests under way
 * finish, the app's close hooks stop its timers and background work, then the database closes. A second signal, or
 * 30 s without the end, exits at once.
 */
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) {
    app.log.warn({ signal }, 'second signal: exiting without waiting');
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing the requests under way');
  setTimeout(() => {
    app.log.error(`shutdown not finished after ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  // a connection whose request was under way stays open after its answer (keep-alive): closed once idle
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
    clearInterval(closeIdle);
    await database.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  app.log.info('stopped');
  process.exit(0);
};
// The demo's money and exams run through the API once, on the first start, as staff would make them.
await runDemoMoney(app, moneyRuns);
await runDemoExams(app, examRuns);

process.on('SIGINT', stop);
process.on('SIGTERM', stop);

await app.listen({ port: config.port, host: config.host });
// In the background: about 0.6 s on the demo data, during which PGlite's queries wait (it runs one at a time).
gatherStatistics(database).catch((error: Error) => app.log.warn({ error: error.message }, 'ANALYZE failed'));
const ms = Math.round(performance.now() - startedAt);
const url = `http://localhost:${config.port}`;
const sandboxed = sandboxChannelsOf(config.payment);
const lines = [
  '',
  `招考管理系统已启动：${url}  （${database.kind === 'pglite' ? `内置数据库 ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'}，启动用时 ${ms} ms）`,
  ...(config.storage.driver === 's3' ? [`上传文件存于对象存储：存储桶 ${config.storage.bucket}（${config.storage.endpoint ?? `AWS S3 ${config.storage.region}`}）`] : []),
  // Said at every start: on the sandbox, a purchase costs nothing.
  ...(sandboxed.length > 0 ? [`注意：${sandboxed.join('、')}使用内置沙箱支付网关，付款不收真钱，仅供演示和测试；真实商户的配置见 README“支付渠道配置”。`] : []),
  '演示账号：',
  ...accounts.map((a) => `  ${a.loginAccount} / ${a.password}（初始密码）  ${a.companyName}（单位编号 ${a.companyId}）${a.note}  登录页：${url}/login?id=${a.companyId}`),
  '',
];
console.log(lines.join('\n'));
if (database.templateSkipped) app.log.warn({ reason: database.templateSkipped }, 'PGlite template not used; created the database with initdb');
if (sandboxed.length > 0) app.log.warn({ channels: sandboxed }, 'payment channels on the sandbox gateway: no real money is taken');
app.log.info({ startupMs: ms, database: database.kind, ...(database.origin ? { pglite: database.origin } : {}) }, 'ready');
