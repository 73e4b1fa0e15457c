import path from 'node:path';
import { buildApp } from './app.js';
import { gatherStatistics, openDatabase } from './db/client.js';
import { runDemoExams } from './seed/demo-exams-run.js';
import { runDemoMoney } from './seed/demo-money.js';
import { seedDemo, seedPlatform } from './seed/seed.js';
import { PaymentConfigError, readConfig, sandboxChannelsOf } from './shared/config.js';
import { SmtpMailer } from './shared/mailer.js';
import { LocalStorage } from './shared/storage.js';

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
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
  poolSize: config.databasePoolSize,
});
await seedPlatform(database.db);
const { accounts, examRuns, moneyRuns } = config.seedDemo ? await seedDemo(database.db) : { accounts: [], examRuns: [], moneyRuns: [] };

const app = await buildApp({
  db: database.db,
  storage: new LocalStorage(path.join(config.dataDir, 'uploads')),
  mailer: config.smtp ? new SmtpMailer(config.smtp) : undefined,
  config,
});

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
// The demo's money and exams run through the API once, on the first start, as staff would make them.
await runDemoMoney(app, moneyRuns);
await runDemoExams(app, examRuns);

process.once('SIGINT', close);
process.once('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
// In the background: about 0.6 s on the demo data, during which PGlite's queries wait (it runs one at a time).
gatherStatistics(database).catch((error: Error) => app.log.warn({ error: error.message }, 'ANALYZE failed'));
const ms = Math.round(performance.now() - startedAt);
const url = `http://localhost:${config.port}`;
const sandboxed = sandboxChannelsOf(config.payment);
const lines = [
  '',
  `招考管理系统已启动：${url}  （${database.kind === 'pglite' ? `内置数据库 ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'}，启动用时 ${ms} ms）`,
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
