#!/usr/bin/env node
// The candidate list (GET /api/recruitment/companyCandidateList/:planId) under concurrent load on the
// large data set, beside the same SQL run directly. A measurement, not a test: always exits 0.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node apps/server/scripts/generate-large-dataset.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node bench/candidate-list.mjs [--seconds 5] [--concurrency 16] [--server-pool 4]
//
// It starts `node apps/server/dist/main.js` on 127.0.0.1 (loopback only) against DATABASE_URL, signs in
// as bench01 (company 压测单位01, one plan of 120,000 applications), and for each case runs
// `concurrency` workers back to back for `seconds`: first over HTTP (the server with DATABASE_POOL_SIZE
// = --server-pool), then the server's own two statements (count and page, built by the server's
// candidateListSql, run as the server runs them: both at once) with a connection per worker.
// Targets: HTTP p99 <= 1.5 × SQL p99; a deep page's HTTP p99 <= 2 × page 1's.
import pg from 'pg';
import { benchDatabaseUrl, jsonClient, ms as f, option, rate, runWorkers, startServer, summary } from './load-kit.mjs';
import { PgDialect } from 'drizzle-orm/pg-core';
import { candidateListSql } from '../apps/server/dist/features/application/candidate-list.js';

const SECONDS = Math.min(option('seconds', 5), 60);
const CONCURRENCY = Math.min(option('concurrency', 16), 64);
const PORT = option('port', 18520);
// PostgreSQL's own sizing advice: about two connections per core of the database machine.
const SERVER_POOL = option('server-pool', 4);
const url = benchDatabaseUrl();

const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
const [bench] = (
  await pool.query(`select c.id as "companyId", p.id as "planId", (select min(id) from recruitment_info r where r.company_id = c.id and r.plan_id = p.id) as "postId",
     (select count(*)::int from candidate_application a where a.company_id = c.id and a.plan_id = p.id) as n
   from company c join recruitment_plan p on p.company_id = c.id where c.name = '压测单位01' order by p.id limit 1`)
).rows;
if (!bench) {
  console.log('no bench company: run apps/server/scripts/generate-large-dataset.mjs first');
  await pool.end();
  process.exit(0);
}

const client = jsonClient(CONCURRENCY);
let server;
try {
  server = await startServer({ port: PORT, pool: SERVER_POOL, dataDir: '/tmp/zhaokao-bench-data', client });
  const base = server.base;
  const headers = await server.signIn('bench01');

  const cases = [
    { name: 'plan, page 1', input: { pageNum: 1, pageSize: 20 } },
    { name: 'plan, page 2000', input: { pageNum: 2000, pageSize: 20 } },
    { name: 'plan + status 21, page 1', input: { pageNum: 1, pageSize: 20, status: 21 } },
    { name: 'plan + status 21, page 500', input: { pageNum: 500, pageSize: 20, status: 21 } },
    { name: 'post, page 1', input: { pageNum: 1, pageSize: 20, recruitmentId: bench.postId } },
    { name: 'post, page 500', input: { pageNum: 500, pageSize: 20, recruitmentId: bench.postId } },
    { name: 'name prefix 张, page 1', input: { pageNum: 1, pageSize: 20, keyword: '张' } },
    { name: 'name prefix 张伟, page 1', input: { pageNum: 1, pageSize: 20, keyword: '张伟' } },
    { name: 'identity prefix 430104, page 1', input: { pageNum: 1, pageSize: 20, keyword: '430104' } },
    { name: 'phone prefix 1380, page 1', input: { pageNum: 1, pageSize: 20, keyword: '1380' } },
  ];

  const dialect = new PgDialect();
  async function load(fn) {
    const latencies = [];
    await runWorkers(CONCURRENCY, SECONDS, fn, latencies);
    return summary(latencies, SECONDS);
  }

  const results = [];
  for (const c of cases) {
    const query = new URLSearchParams(Object.entries(c.input).map(([k, v]) => [k, String(v)]));
    const httpUrl = `${base}/api/recruitment/companyCandidateList/${bench.planId}?${query}`;
    let total = 0;
    const get = async () => {
      const body = await client.get(httpUrl, headers);
      if (body.code !== 200) throw new Error(`${c.name}: ${body.msg}`);
      total = body.data.total;
    };
    const statements = candidateListSql({ companyId: bench.companyId, planId: bench.planId, keyword: '', ...c.input });
    const count = dialect.sqlToQuery(statements.count);
    const page = dialect.sqlToQuery(statements.page);
    const direct = () => Promise.all([pool.query(count.sql, count.params), pool.query(page.sql, page.params)]);
    for (let i = 0; i < 20; i++) await Promise.all([get(), direct()]); // warm up both paths
    const http = await load(get);
    const sql = await load(direct);
    results.push({ name: c.name, total, http, sql });
    console.error(`  done: ${c.name}`);
  }

  console.log(`\ncandidate list on ${bench.n} applications of one plan (company ${bench.companyId}, plan ${bench.planId}); ${CONCURRENCY} concurrent, ${SECONDS} s each; loopback`);
  console.log(`Node ${process.version}, ${(await import('node:os')).cpus().length} CPUs, ${new Date().toISOString()}\n`);
  console.log(`${'case'.padEnd(32)} ${'total'.padStart(7)} | ${'HTTP rps'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} | ${'SQL rps'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} | p99 ratio`);
  for (const x of results) {
    const ratio = x.http.p99 / x.sql.p99;
    console.log(
      `${x.name.padEnd(32)} ${String(x.total).padStart(7)} | ${rate(x.http.rps).padStart(8)} ${f(x.http.p50)} ${f(x.http.p99)} | ${rate(x.sql.rps).padStart(8)} ${f(x.sql.p50)} ${f(x.sql.p99)} | ${ratio.toFixed(2)} ${ratio <= 1.5 ? 'PASS' : 'FAIL'}`,
    );
  }
  const byName = Object.fromEntries(results.map((x) => [x.name, x]));
  console.log('');
  for (const [deep, first] of [
    ['plan, page 2000', 'plan, page 1'],
    ['plan + status 21, page 500', 'plan + status 21, page 1'],
    ['post, page 500', 'post, page 1'],
  ]) {
    const ratio = byName[deep].http.p99 / byName[first].http.p99;
    console.log(`deep page: ${deep} p99 / ${first} p99 = ${ratio.toFixed(2)} (target <= 2) ${ratio <= 2 ? 'PASS' : 'FAIL'}`);
  }
} catch (error) {
  console.log(`bench failed: ${error.message}`);
} finally {
  client.close();
  server?.stop();
  await pool.end();
}
