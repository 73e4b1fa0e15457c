#!/usr/bin/env node
// The talent search of 全部人才库 (POST /api/talent/talent/list, platformTalentList) under concurrent load on
// 1,000,000 talents, beside the same SQL run directly. A measurement, not a test: always exits 0.
//
//   createdb -h 127.0.0.1 -U postgres zhaokao_bench
//   npm run build -w @zhaokao/contracts && npm run build -w @zhaokao/server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node apps/server/scripts/generate-large-dataset.mjs --talents 1000000
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node bench/talent-search.mjs [--seconds 6] [--rounds 2] [--concurrency 16] [--server-pool 4] [--only 护理,湘雅] [--explain] [--no-http] [--port 18720]
//
// It starts `node apps/server/dist/main.js` on 127.0.0.1 (loopback only) against DATABASE_URL, signs in as bench01
// (company 压测单位01) and for each case runs `concurrency` workers back to back for `seconds` over HTTP (the server
// with DATABASE_POOL_SIZE = --server-pool), and as long with the two statements of the search (count and page, both
// at once, as a list route runs them) sent directly with a connection per worker. HTTP and SQL alternate in `rounds`
// slices so that load from elsewhere on the shared machine falls on both. --no-http (or a server without the route)
// measures the SQL only.
//
// The SQL is the route's own (platformTalentSql of apps/server/dist/features/talent/list-routes.js): searchable
// talents; the keyword's bigrams contained in search_grams (GIN index talent_search_grams) and the keyword itself in
// search_text_public, or in search_text when the company unlocked the talent; equality on education / sex / political
// outlook; a work-years range; the age range as a birthday range; newest id first, limit/offset; and the count up to
// 10,001, both at once. Before the load it
// prints EXPLAIN (ANALYZE, BUFFERS) of each case's two statements run alone (one line each: the plan's nodes and
// indexes, the time; the whole plan of the first case, or of all with --explain).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { benchDatabaseUrl, jsonClient, ms as f, option, rate, runWorkers, startServer, summary as summaryOver, textOption } from './load-kit.mjs';

const SECONDS = Math.min(option('seconds', 6), 60);
const ROUNDS = Math.max(1, Math.min(option('rounds', 2), 20));
const CONCURRENCY = Math.min(option('concurrency', 16), 64);
const PORT = option('port', 18720);
// PostgreSQL's own sizing advice: about two connections per core of the database machine.
const SERVER_POOL = option('server-pool', 4);
const ONLY = textOption('only');
const EXPLAIN_ALL = process.argv.includes('--explain');
const NO_HTTP = process.argv.includes('--no-http');
const url = benchDatabaseUrl();

const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
const [bench] = (
  await pool.query(`select c.id as "companyId",
     (select count(*)::int from talent) as talents,
     (select count(*)::int from talent where searchable) as searchable
   from company c where c.name = '压测单位01'`)
).rows;
if (!bench || bench.searchable < 1000) {
  console.log('no bench data: run apps/server/scripts/generate-large-dataset.mjs --talents 1000000 first');
  await pool.end();
  process.exit(0);
}

// three filters and a keyword (the issue's case), then the same with a common keyword, deep pages, and no keyword
const filters = { education: '本科', sex: '2', ageMin: 25, ageMax: 35 };
const allCases = [
  { name: '3 filters + 护理 (major), p1', input: { ...filters, keyword: '护理', pageNum: 1, pageSize: 20 } },
  { name: '3 filters + 湘雅 (employer), p1', input: { ...filters, keyword: '湘雅', pageNum: 1, pageSize: 20 } },
  { name: '3 filters + 会计学 (major), p1', input: { ...filters, keyword: '会计学', pageNum: 1, pageSize: 20 } },
  { name: '3 filters + 湖南 (common), p1', input: { ...filters, keyword: '湖南', pageNum: 1, pageSize: 20 } },
  { name: '3 filters + 大学 (~all), p1', input: { ...filters, keyword: '大学', pageNum: 1, pageSize: 20 } },
  { name: '3 filters + 大学, p50 (the last page within the cap)', input: { ...filters, keyword: '大学', pageNum: 50, pageSize: 20 } },
  { name: '3 filters + 护理, p50', input: { ...filters, keyword: '护理', pageNum: 50, pageSize: 20 } },
  { name: '3 filters, no keyword, p1', input: { ...filters, pageNum: 1, pageSize: 20 } },
];
// --only a,b: the cases whose name contains any of the comma-separated texts
const cases = allCases.filter((c) => ONLY.split(',').some((part) => c.name.includes(part)));

// The route's own statements (apps/server/dist/features/talent/list-routes.js, platformTalentSql).
const { platformTalentSql } = await import('../apps/server/dist/features/talent/list-routes.js');
const { PgDialect } = await import('drizzle-orm/pg-core');
const dialect = new PgDialect();
const FILTER_DEFAULTS = { keyword: '', education: '', school: '', major: '', sex: '', politicalOutlook: '', pageNum: 1, pageSize: 10 };

/** The count and page statements of a search, as text and parameters for node-postgres. */
function searchSql(companyId, rawInput) {
  const input = { ...FILTER_DEFAULTS, ...rawInput };
  const q = platformTalentSql(companyId, input, input.pageSize, (input.pageNum - 1) * input.pageSize);
  const [count, page] = [q.count, q.page].map((statement) => dialect.sqlToQuery(statement));
  return { count: { text: count.sql, values: count.params }, page: { text: page.sql, values: page.params } };
}

/** One line of a JSON plan: its nodes with their index names, and the execution time. */
function planLine(plan) {
  const nodes = [];
  const walk = (node) => {
    nodes.push(node['Index Name'] ? `${node['Node Type']}(${node['Index Name']})` : node['Node Type']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  const dedup = nodes.filter((n, i) => nodes.indexOf(n) === i && !['Limit', 'Aggregate', 'Sort', 'Gather', 'Hash', 'Materialize'].includes(n));
  return `${plan['Execution Time'].toFixed(1)} ms  ${dedup.join(' > ')}`;
}

const client = jsonClient(CONCURRENCY);
let server;
const serverCpuMs = () => {
  try {
    const fields = readFileSync(`/proc/${server?.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
};
try {
  // plans first, each statement alone on an otherwise idle connection (after one run to warm the cache)
  console.log(`plans (each statement alone, second run; EXPLAIN (ANALYZE, BUFFERS)):`);
  for (const [i, c] of cases.entries()) {
    const s = searchSql(bench.companyId, c.input);
    const lines = [];
    for (const [what, q] of [['count', s.count], ['page', s.page]]) {
      await pool.query(q.text, q.values);
      const [row] = (await pool.query(`explain (analyze, buffers, format json) ${q.text}`, q.values)).rows;
      lines.push(`  ${what.padEnd(5)} ${planLine(row['QUERY PLAN'][0])}`);
      if (i === 0 || EXPLAIN_ALL) {
        const text = (await pool.query(`explain (analyze, buffers) ${q.text}`, q.values)).rows.map((r) => `      ${r['QUERY PLAN']}`);
        lines.push(text.join('\n'));
      }
    }
    console.log(`${c.name}\n${lines.join('\n')}`);
  }
  console.log('');

  let base = '';
  let headers = {};
  if (!NO_HTTP) {
    server = await startServer({ port: PORT, pool: SERVER_POOL, dataDir: '/tmp/zhaokao-bench-talent-data', client });
    base = server.base;
    headers = await server.signIn('bench01');
    const probe = await client.post(`${base}/api/talent/talent/list`, headers, { pageNum: 1, pageSize: 1 });
    if (probe.code !== 200) {
      console.log(`HTTP skipped: POST /api/talent/talent/list answered ${probe.code} ${probe.msg ?? ''} (SQL only)\n`);
      base = '';
    }
  }

  const slice = (fn, latencies) => runWorkers(CONCURRENCY, SECONDS / ROUNDS, fn, latencies);
  const summary = (latencies) => (latencies.length ? summaryOver(latencies, SECONDS) : null);
  const results = [];
  for (const c of cases) {
    let httpTotal = null;
    const call = async () => {
      const body = await client.post(`${base}/api/talent/talent/list`, headers, c.input);
      if (body.code !== 200) throw new Error(`${c.name}: ${body.code} ${body.msg}`);
      httpTotal = body.data.total;
    };
    const s = searchSql(bench.companyId, c.input);
    let sqlTotal = null;
    const direct = async () => {
      const [count] = await Promise.all([pool.query(s.count.text, s.count.values), pool.query(s.page.text, s.page.values)]);
      sqlTotal = count.rows[0].n;
    };
    // warm up: a few calls each way, at most ~2 s
    for (let i = 0, until = Date.now() + 2000; i < 5 && Date.now() < until; i++) await Promise.all([base ? call() : null, direct()]);
    const httpLatencies = [];
    const sqlLatencies = [];
    let cpu = 0;
    const timedCall = async () => {
      if (!base) return;
      const before = serverCpuMs();
      await slice(call, httpLatencies);
      cpu += serverCpuMs() - before;
    };
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        await timedCall();
        await slice(direct, sqlLatencies);
      } else {
        await slice(direct, sqlLatencies);
        await timedCall();
      }
    }
    const http = summary(httpLatencies);
    if (http) http.cpuPerRequest = cpu / httpLatencies.length;
    results.push({ name: c.name, httpTotal, sqlTotal, http, sql: summary(sqlLatencies) });
    console.error(`  done: ${c.name}`);
  }

  console.log(
    `talent search over ${bench.talents} talents (${bench.searchable} searchable), as bench01 (company ${bench.companyId}); ` +
      `filters: education 本科, sex 2, age 25–35; ${CONCURRENCY} concurrent, ${SECONDS} s each way in ${ROUNDS} alternating slices; loopback; server pool ${SERVER_POOL}`,
  );
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, ${new Date().toISOString()}\n`,
  );
  const dash = `${'—'.padStart(8)} ${'—'.padStart(7)} ${'—'.padStart(7)} ${'—'.padStart(7)}`;
  const cols = (x) => (x ? `${rate(x.rps).padStart(8)} ${f(x.p50)} ${f(x.p95)} ${f(x.p99)}` : dash);
  console.log(
    `${'case'.padEnd(34)} ${'total'.padStart(7)} | ${'HTTP rps'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} | ${'SQL rps'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} | p99 HTTP/SQL | server CPU ms/req`,
  );
  for (const x of results) {
    const ratio = x.http && x.sql ? (x.http.p99 / x.sql.p99).toFixed(2) : '—';
    const mismatch = x.httpTotal !== null && x.httpTotal !== x.sqlTotal ? ` (HTTP total ${x.httpTotal})` : '';
    console.log(
      `${x.name.padEnd(34)} ${String(x.sqlTotal).padStart(7)} | ${cols(x.http)} | ${cols(x.sql)} | ${ratio.padStart(12)} | ${x.http ? x.http.cpuPerRequest.toFixed(2) : '—'}${mismatch}`,
    );
  }
  console.log(`\n(samples per case: ${results.map((x) => `${x.http?.n ?? 0}/${x.sql?.n ?? 0}`).join(', ')} HTTP/SQL)`);
} catch (error) {
  console.log(`bench failed: ${error.message}`);
} finally {
  client.close();
  server?.stop();
  await pool.end();
}
