#!/usr/bin/env node
// The talent search of 全部人才库 (POST /api/talent/talent/list, platformTalentList) under concurrent load on
// 1,000,000 talents, beside the same SQL run directly. A measurement, not a test: exits 0 whatever the figures.
//
//   createdb -h 127.0.0.1 -U postgres zhaokao_bench
//   npm run build -w @zhaokao/contracts && npm run build -w @zhaokao/server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node apps/server/scripts/generate-large-dataset.mjs --talents 1000000
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node bench/talent-search.mjs [--seconds 6] [--rounds 2] [--concurrency 16] [--server-pool 4] [--only 护理,湘雅] [--explain] [--no-http] [--port 18720]
//   node bench/talent-search.mjs --smoke    (a tiny data set of its own, a second per case)
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
// one past TALENT_COUNT_CAP, both at once. Before the load it
// prints EXPLAIN (ANALYZE, BUFFERS) of each case's two statements run alone (one line each: the plan's nodes and
// indexes, the time; the whole plan of the first case, or of all with --explain).
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { bench, compareSides, comparisonOptions, flag, jsonClient, largeDataset, openPool, option, printComparison, printEnvironment, requireRow, serverModule, SMOKE, startServer } from './harness.mjs';

const options = comparisonOptions({ seconds: 6, rounds: 2 });
const EXPLAIN_ALL = flag('explain');
const NO_HTTP = flag('no-http');

// three filters and a keyword (the case), then the same with a common keyword, deep pages, and no keyword
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
const cases = allCases.filter((c) => options.only.split(',').some((part) => c.name.includes(part)));

const dialect = new PgDialect();
const FILTER_DEFAULTS = { keyword: '', education: '', school: '', major: '', sex: '', politicalOutlook: '', pageNum: 1, pageSize: 10 };

/** The count and page statements of a search, as text and parameters for node-postgres. */
function searchSql(platformTalentSql, companyId, rawInput) {
  const input = { ...FILTER_DEFAULTS, ...rawInput };
  const q = platformTalentSql(companyId, input);
  // the page as pagedRows (apps/server/src/shared/rows.ts) runs it: the list with the page's limit appended
  const pageSql = sql`${q.rows} limit ${input.pageSize} offset ${(input.pageNum - 1) * input.pageSize}`;
  const [count, page] = [q.count, pageSql].map((statement) => dialect.sqlToQuery(statement));
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

await bench(async (defer) => {
  // The route's own statements (apps/server/dist/features/talent/list-routes.js, platformTalentSql).
  const { platformTalentSql } = await serverModule('features/talent/list-routes.js');
  const url = await largeDataset(defer);
  const pool = openPool(url, options.concurrency, defer);
  const data = await requireRow(
    pool,
    `select c.id as "companyId", (select count(*)::int from talent) as talents, (select count(*)::int from talent where searchable) as searchable
     from company c where c.name = '压测单位01' and (select count(*) from talent where searchable) >= 1000`,
    [],
    'no bench data: run apps/server/scripts/generate-large-dataset.mjs --talents 1000000 first',
  );

  // plans first, each statement alone on an otherwise idle connection (after one run to warm the cache)
  console.log(`plans (each statement alone, second run; EXPLAIN (ANALYZE, BUFFERS)):`);
  for (const [i, c] of cases.entries()) {
    const s = searchSql(platformTalentSql, data.companyId, c.input);
    const lines = [];
    for (const [what, q] of [['count', s.count], ['page', s.page]]) {
      await pool.query(q.text, q.values);
      const [row] = (await pool.query(`explain (analyze, buffers, format json) ${q.text}`, q.values)).rows;
      lines.push(`  ${what.padEnd(5)} ${planLine(row['QUERY PLAN'][0])}`);
      if ((i === 0 && !SMOKE) || EXPLAIN_ALL) {
        const text = (await pool.query(`explain (analyze, buffers) ${q.text}`, q.values)).rows.map((r) => `      ${r['QUERY PLAN']}`);
        lines.push(text.join('\n'));
      }
    }
    console.log(`${c.name}\n${lines.join('\n')}`);
  }
  console.log('');

  const client = jsonClient(options.concurrency);
  let server;
  let headers = {};
  if (!NO_HTTP) {
    server = await startServer({ databaseUrl: url, port: option('port', 18720), pool: options.serverPool, defer, client });
    headers = await server.signIn('bench01');
    const probe = await client.post(`${server.base}/api/talent/talent/list`, headers, { pageNum: 1, pageSize: 1 });
    if (probe.code !== 200) {
      if (SMOKE) throw new Error(`POST /api/talent/talent/list answered ${probe.code} ${probe.msg ?? ''}`);
      console.log(`HTTP skipped: POST /api/talent/talent/list answered ${probe.code} ${probe.msg ?? ''} (SQL only)\n`);
      server = undefined;
    }
  }

  const results = [];
  for (const c of cases) {
    let httpTotal = null;
    const call = async () => {
      const body = await client.post(`${server.base}/api/talent/talent/list`, headers, c.input);
      if (body.code !== 200) throw new Error(`${c.name}: ${body.code} ${body.msg}`);
      httpTotal = body.data.total;
    };
    const s = searchSql(platformTalentSql, data.companyId, c.input);
    let sqlTotal = null;
    const direct = async () => {
      const [count] = await Promise.all([pool.query(s.count.text, s.count.values), pool.query(s.page.text, s.page.values)]);
      sqlTotal = count.rows[0].n;
    };
    // warm up: a few calls each way, at most ~2 s
    for (let i = 0, until = Date.now() + 2000; i < (SMOKE ? 1 : 5) && Date.now() < until; i++) await Promise.all([server ? call() : null, direct()]);
    const sides = await compareSides({ http: server ? call : null, sql: direct, seconds: options.seconds, rounds: options.rounds, concurrency: options.concurrency, server });
    const mismatch = httpTotal !== null && httpTotal !== sqlTotal ? ` (HTTP total ${httpTotal})` : '';
    results.push({ name: c.name, total: sqlTotal, ...sides, note: mismatch });
    console.error(`  done: ${c.name}`);
  }

  printEnvironment(
    `talent search over ${data.talents} talents (${data.searchable} searchable), as bench01 (company ${data.companyId}); ` +
      `filters: education 本科, sex 2, age 25–35; ${options.concurrency} concurrent, ${options.seconds} s each way in ${options.rounds} alternating slices; loopback; server pool ${options.serverPool}`,
  );
  printComparison(results, { nameWidth: 34 });
});
