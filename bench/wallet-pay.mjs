#!/usr/bin/env node
// Wallet payments on PostgreSQL (DESIGN §6, issue 10), through the server's HTTP API: --orders open orders of one
// company paid from its wallet by --concurrency clients at once. The balance covers only part of them, so the rest
// must be refused with 钱包余额不足 — never an error, never a balance below zero, and the ledger must sum to the balance.
// A measurement, not a test: always exits 0.
//
//   npm run build -w @zhaokao/contracts && npm run build -w @zhaokao/server
//   node bench/wallet-pay.mjs [--orders 2000] [--concurrency 50] [--port 18640]
//
// It makes its own database (BENCH_WALLET_URL, default postgres://postgres@127.0.0.1:5432/zk_wallet_bench; dropped
// and made again on every run, migrated by the server's own migrations, the demo accounts seeded), starts
// `node $SERVER_DIST/main.js` (default apps/server/dist) on 127.0.0.1 and signs in as the demo admin.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const ORDERS = option('orders', 2000);
const CONCURRENCY = option('concurrency', 50);
const PORT = option('port', 18640);
const PRICE = 1_000; // 公司二维码, 1 天, in cents
const AFFORDABLE = Math.floor(ORDERS * 0.8);
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.resolve(root, process.env.SERVER_DIST ?? 'apps/server/dist');
const url = new URL(process.env.BENCH_WALLET_URL ?? 'postgres://postgres@127.0.0.1:5432/zk_wallet_bench');
const dbName = url.pathname.slice(1);

const adminUrl = new URL(url);
adminUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`drop database if exists "${dbName}" with (force)`);
await admin.query(`create database "${dbName}"`);
await admin.end();

const { openDatabase } = await import(pathToFileURL(path.join(dist, 'db/client.js')).href);
const { seedPlatform, seedDemo, DEMO_PASSWORD } = await import(pathToFileURL(path.join(dist, 'seed/seed.js')).href);
const database = await openDatabase({ url: url.toString() });
await seedPlatform(database.db);
await seedDemo(database.db, { recruitment: false });
await database.close();

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const q = (text, values) => client.query(text, values);

const dataDir = await mkdtemp(path.join(tmpdir(), 'zk-wallet-bench-'));
const server = spawn(process.execPath, [path.join(dist, 'main.js')], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATA_DIR: dataDir, DATABASE_URL: url.toString() },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${PORT}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 1000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 20));
  }
  const login = await (
    await fetch(`${base}/api/app/company/companyLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginAccount: 'admin', password: DEMO_PASSWORD }),
    })
  ).json();
  const token = login.data.token;
  const companyId = login.data.company?.id ?? (await q(`select company_id from staff_user where login_account = 'admin'`)).rows[0].company_id;
  const post = async (p, body) => {
    const res = await fetch(`${base}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: JSON.stringify(body) });
    return res.json();
  };

  // The balance covers AFFORDABLE orders exactly; an adjustment row keeps the ledger whole.
  const [{ total_balance: before }] = (await q(`select total_balance from company_wallet where company_id = $1`, [companyId])).rows;
  const target = AFFORDABLE * PRICE;
  await q('begin');
  await q(`update company_wallet set total_balance = $2 where company_id = $1`, [companyId, target]);
  await q(`insert into wallet_ledger (company_id, type, amount, balance_after, remark) values ($1, 'adjust', $2, $3, '压测调整')`, [companyId, target - Number(before), target]);
  await q('commit');

  let started = performance.now();
  const orders = [];
  for (let i = 0; i < ORDERS; i += CONCURRENCY) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, ORDERS - i) }, () => post('/admin/order/companyBuyFunction', { time: 1, timeType: 1, functionList: ['company_qr_code'] })),
    );
    for (const answer of batch) {
      if (answer.code !== 200) throw new Error(`order: ${answer.msg}`);
      orders.push(answer.data.id);
    }
  }
  const ordersTook = performance.now() - started;

  const outcomes = new Map();
  const latencies = [];
  let next = 0;
  started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < orders.length) {
        const id = orders[next++];
        const t0 = performance.now();
        const answer = await post(`/wallet/pay/${id}`, {});
        latencies.push(performance.now() - t0);
        const key = answer.code === 200 ? '支付成功' : answer.msg;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
    }),
  );
  const payTook = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))].toFixed(1);

  const [{ balance }] = (await q(`select total_balance::bigint as balance from company_wallet where company_id = $1`, [companyId])).rows;
  const [{ sum }] = (await q(`select coalesce(sum(amount), 0)::bigint as sum from wallet_ledger where company_id = $1`, [companyId])).rows;
  const [{ paid }] = (await q(`select count(*)::int as paid from company_order where company_id = $1 and status = 1 and pay_channel = 3`, [companyId])).rows;

  console.log(`orders made: ${ORDERS} in ${(ordersTook / 1000).toFixed(2)} s (${CONCURRENCY} at once)`);
  console.log(`wallet payments: ${ORDERS} attempts by ${CONCURRENCY} concurrent clients in ${(payTook / 1000).toFixed(2)} s = ${((ORDERS / payTook) * 1000).toFixed(0)} per second`);
  console.log(`  latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${latencies.at(-1).toFixed(1)}`);
  for (const [key, n] of outcomes) console.log(`  ${key}: ${n}`);
  const errors = [...outcomes.keys()].filter((k) => k !== '支付成功' && k !== '钱包余额不足');
  console.log(`  paid orders ${paid} (expected ${AFFORDABLE}); balance ${balance} cents (expected 0); ledger sum ${sum} cents`);
  console.log(`  ${errors.length === 0 && Number(balance) === 0 && Number(sum) === Number(balance) && paid === AFFORDABLE ? 'OK: every attempt succeeded or got 钱包余额不足, the balance never went below zero and the ledger sums to it' : 'NOT OK'}`);
} catch (error) {
  console.log(`bench failed: ${error.message}`);
} finally {
  server.kill('SIGTERM');
  await client.end();
  await rm(dataDir, { recursive: true, force: true });
}
