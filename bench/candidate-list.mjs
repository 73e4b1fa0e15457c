#!/usr/bin/env node
// The candidate list (GET /api/recruitment/companyCandidateList/:planId) under concurrent load on the
// large data set, beside the same SQL run directly. A measurement, not a test: exits 0 whatever the figures.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node apps/server/scripts/generate-large-dataset.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node bench/candidate-list.mjs [--seconds 6] [--rounds 4] [--concurrency 16] [--server-pool 4] [--only 张] [--port 18520]
//   node bench/candidate-list.mjs --smoke    (a tiny data set of its own, a second per case)
//
// It starts `node apps/server/dist/main.js` on 127.0.0.1 (loopback only) against DATABASE_URL, signs in
// as bench01 (company 压测单位01, one plan of 120,000 applications), and for each case runs `concurrency`
// workers back to back for `seconds` over HTTP (the server with DATABASE_POOL_SIZE = --server-pool), and as
// long the server's own two statements (count and page, built by the server's candidateListSql, run as the
// server runs them: both at once) with a connection per worker. The two alternate in `rounds` slices.
// Targets: HTTP p99 <= 1.5 × SQL p99; a deep page's HTTP p99 <= 2 × page 1's.
import { PgDialect } from 'drizzle-orm/pg-core';
import { bench, compareSides, comparisonOptions, jsonClient, largeDataset, openPool, option, printComparison, printEnvironment, requireRow, serverModule, startServer } from './harness.mjs';

const options = comparisonOptions({ seconds: 6 });

await bench(async (defer) => {
  const { candidateListSql } = await serverModule('features/application/candidate-list.js');
  const url = await largeDataset(defer);
  const pool = openPool(url, options.concurrency, defer);
  const data = await requireRow(
    pool,
    `select c.id as "companyId", p.id as "planId", (select min(id) from recruitment_info r where r.company_id = c.id and r.plan_id = p.id) as "postId",
       (select count(*)::int from candidate_application a where a.company_id = c.id and a.plan_id = p.id) as n
     from company c join recruitment_plan p on p.company_id = c.id where c.name = '压测单位01' order by p.id limit 1`,
    [],
    'no bench company: run apps/server/scripts/generate-large-dataset.mjs first',
  );

  const client = jsonClient(options.concurrency);
  const server = await startServer({ databaseUrl: url, port: option('port', 18520), pool: options.serverPool, defer, client });
  const headers = await server.signIn('bench01');

  const allCases = [
    { name: 'plan, page 1', input: { pageNum: 1, pageSize: 20 } },
    { name: 'plan, page 2000', input: { pageNum: 2000, pageSize: 20 } },
    { name: 'plan + status 21, page 1', input: { pageNum: 1, pageSize: 20, status: 21 } },
    { name: 'plan + status 21, page 500', input: { pageNum: 500, pageSize: 20, status: 21 } },
    { name: 'post, page 1', input: { pageNum: 1, pageSize: 20, recruitmentId: data.postId } },
    { name: 'post, page 500', input: { pageNum: 500, pageSize: 20, recruitmentId: data.postId } },
    { name: 'name prefix 张, page 1', input: { pageNum: 1, pageSize: 20, keyword: '张' } },
    { name: 'name prefix 张伟, page 1', input: { pageNum: 1, pageSize: 20, keyword: '张伟' } },
    { name: 'identity prefix 430104, page 1', input: { pageNum: 1, pageSize: 20, keyword: '430104' } },
    { name: 'phone prefix 1380, page 1', input: { pageNum: 1, pageSize: 20, keyword: '1380' } },
  ];
  const cases = allCases.filter((c) => c.name.includes(options.only));

  const dialect = new PgDialect();
  const results = [];
  for (const c of cases) {
    const query = new URLSearchParams(Object.entries(c.input).map(([k, v]) => [k, String(v)]));
    const httpUrl = `${server.base}/api/recruitment/companyCandidateList/${data.planId}?${query}`;
    let total = 0;
    const get = async () => {
      const body = await client.get(httpUrl, headers);
      if (body.code !== 200) throw new Error(`${c.name}: ${body.code} ${body.msg}`);
      total = body.data.total;
    };
    const statements = candidateListSql({ companyId: data.companyId, planId: data.planId, keyword: '', ...c.input });
    const count = dialect.sqlToQuery(statements.count);
    const page = dialect.sqlToQuery(statements.page);
    let sqlTotal = 0;
    const direct = async () => {
      const [counted] = await Promise.all([pool.query(count.sql, count.params), pool.query(page.sql, page.params)]);
      sqlTotal = Number(Object.values(counted.rows[0])[0]);
    };
    for (let i = 0; i < options.warmUp; i++) await Promise.all([get(), direct()]);
    const sides = await compareSides({ http: get, sql: direct, seconds: options.seconds, rounds: options.rounds, concurrency: options.concurrency, server });
    results.push({ name: c.name, total, ...sides, note: total === sqlTotal ? '' : ` (SQL count ${sqlTotal})` });
    console.error(`  done: ${c.name}`);
  }

  printEnvironment(
    `\ncandidate list on ${data.n} applications of one plan (company ${data.companyId}, plan ${data.planId}); ${options.concurrency} concurrent, ` +
      `${options.seconds} s each way in ${options.rounds} alternating slices; loopback; server pool ${options.serverPool}`,
  );
  printComparison(results, { target: 1.5 });
  const byName = Object.fromEntries(results.map((x) => [x.name, x]));
  console.log('');
  for (const [deep, first] of [
    ['plan, page 2000', 'plan, page 1'],
    ['plan + status 21, page 500', 'plan + status 21, page 1'],
    ['post, page 500', 'post, page 1'],
  ]) {
    if (!byName[deep] || !byName[first]) continue;
    const ratio = byName[deep].http.p99 / byName[first].http.p99;
    console.log(`deep page: ${deep} p99 / ${first} p99 = ${ratio.toFixed(2)} (target <= 2) ${ratio <= 2 ? 'PASS' : 'FAIL'}`);
  }
});
