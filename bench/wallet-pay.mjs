#!/usr/bin/env node
// Wallet payments on PostgreSQL (DESIGN §6, issue 10), through the server's HTTP API: --orders open orders of one
// company paid from its wallet by --concurrency clients at once. The balance covers only part of them, so the rest
// must be refused with 钱包余额不足 — never an error, never a balance below zero, and the ledger must sum to the balance.
// A measurement, not a test, except for the money: exits 1 when the outcome is wrong (or the bench cannot run).
//
//   npm run build -w @zhaokao/contracts && npm run build -w @zhaokao/server
//   node bench/wallet-pay.mjs [--orders 2000] [--concurrency 50] [--port 18640]
//   node bench/wallet-pay.mjs --smoke    (40 orders, 8 clients, in a database of its own, dropped at the end)
//
// It makes its own database (BENCH_WALLET_URL, default postgres://postgres@127.0.0.1:5432/zk_wallet_bench; dropped
// and made again on every run, migrated by the server's own migrations, the demo accounts seeded), starts
// `node $SERVER_DIST/main.js` (default apps/server/dist) on 127.0.0.1 and signs in as the demo admin.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { bench, freshDatabase, option, POSTGRES_URL, printEnvironment, SMOKE, startServer, summary } from './harness.mjs';

const ORDERS = option('orders', 2000, 40);
const CONCURRENCY = option('concurrency', 50, 8);
const PRICE = 1_000; // 公司二维码, 1 天, in cents
const AFFORDABLE = Math.floor(ORDERS * 0.8);
const url = process.env.BENCH_WALLET_URL ?? `${POSTGRES_URL}/${SMOKE ? `zk_smoke_wallet_${process.pid}` : 'zk_wallet_bench'}`;

await bench(async (defer) => {
  await freshDatabase(url, { defer, demo: true });
  printEnvironment(`wallet payments on PostgreSQL (${new URL(url).pathname.slice(1)}): ${ORDERS} orders, ${CONCURRENCY} concurrent clients`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  defer(() => client.end());
  const q = (text, values) => client.query(text, values);

  const server = await startServer({ databaseUrl: url, port: option('port', 18640), defer });
  const { 'x-token': token } = await server.signIn('admin');
  const [{ company_id: companyId }] = (await q(`select company_id from staff_user where login_account = 'admin'`)).rows;
  const post = async (p, body) => {
    const res = await fetch(`${server.base}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: JSON.stringify(body) });
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
  const cpuBefore = server.cpuMs();
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
  const serverCpu = server.cpuMs() - cpuBefore;
  const pay = summary(latencies, payTook / 1000);

  const [{ balance }] = (await q(`select total_balance::bigint as balance from company_wallet where company_id = $1`, [companyId])).rows;
  const [{ sum }] = (await q(`select coalesce(sum(amount), 0)::bigint as sum from wallet_ledger where company_id = $1`, [companyId])).rows;
  const [{ paid }] = (await q(`select count(*)::int as paid from company_order where company_id = $1 and status = 1 and pay_channel = 3`, [companyId])).rows;

  console.log(`orders made: ${ORDERS} in ${(ordersTook / 1000).toFixed(2)} s (${CONCURRENCY} at once)`);
  console.log(`wallet payments: ${ORDERS} attempts by ${CONCURRENCY} concurrent clients in ${(payTook / 1000).toFixed(2)} s = ${((ORDERS / payTook) * 1000).toFixed(0)} per second`);
  console.log(`  latency ms: p50 ${pay.p50.toFixed(1)}, p95 ${pay.p95.toFixed(1)}, p99 ${pay.p99.toFixed(1)}, max ${pay.max.toFixed(1)}; server CPU ${(serverCpu / ORDERS).toFixed(2)} ms per payment`);
  for (const [key, n] of outcomes) console.log(`  ${key}: ${n}`);
  const errors = [...outcomes.keys()].filter((k) => k !== '支付成功' && k !== '钱包余额不足');
  console.log(`  paid orders ${paid} (expected ${AFFORDABLE}); balance ${balance} cents (expected 0); ledger sum ${sum} cents`);
  if (errors.length === 0 && Number(balance) === 0 && Number(sum) === Number(balance) && paid === AFFORDABLE) {
    console.log('  OK: every attempt succeeded or got 钱包余额不足, the balance never went below zero and the ledger sums to it');
  } else {
    throw new Error('NOT OK: an attempt failed otherwise than 钱包余额不足, or the balance, the ledger or the paid orders are not as expected');
  }
});
