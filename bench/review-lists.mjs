#!/usr/bin/env node
// The sign-up review lists under concurrent load on the large data set, beside the same SQL run directly,
// then one batch pass of 1,000 applications. A measurement, not a test: always exits 0.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node apps/server/scripts/generate-large-dataset.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node bench/review-lists.mjs [--seconds 8] [--rounds 4] [--concurrency 16] [--server-pool 4] [--batch 1000] [--only 待审核] [--port 18620]
//
// It starts `node apps/server/dist/main.js` on 127.0.0.1 (loopback only) against DATABASE_URL and signs in
// as bench01 (company 压测单位01: one plan of 120,000 applications, 初审 by bench01 and 复审 by bench01r, so
// bench01 has the 15,000 applications at status 10 to decide). For each case it runs `concurrency` workers
// back to back for `seconds` over HTTP (the server with DATABASE_POOL_SIZE = --server-pool), and as long
// with the server's own two statements (count and page, built by the server's waitAuditSql / auditListSql
// and run as the server runs them: both at once) with a connection per worker. The two alternate in
// `rounds` slices (HTTP then SQL, then SQL then HTTP, ...), so that load from elsewhere on a shared machine
// falls on both alike. Target: HTTP p99 <= 1.5 × SQL p99.
//
// Then the batch pass (skipped with --batch 0): `--batch` applications at status 10 whose 初审 task is
// bench01's and pending go to updateCandidatePass in one call (each passes 初审 and moves to 11).
// Afterwards their tasks, statuses and history are put back as they were and the three tables vacuumed,
// so the bench can be run again on the same data.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { benchDatabaseUrl, jsonClient, ms as f, option, rate, runWorkers, startServer, summary as summaryOver, textOption } from './load-kit.mjs';
import { auditListSql, waitAuditSql } from '../apps/server/dist/features/examine/routes.js';

const SECONDS = Math.min(option('seconds', 8), 60);
const ROUNDS = Math.max(1, Math.min(option('rounds', 4), 20));
const CONCURRENCY = Math.min(option('concurrency', 16), 64);
const PORT = option('port', 18620);
// PostgreSQL's own sizing advice: about two connections per core of the database machine.
const SERVER_POOL = option('server-pool', 4);
const BATCH = Math.min(option('batch', 1000), 1000);
const ONLY = textOption('only');
const url = benchDatabaseUrl();

const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
const [bench] = (
  await pool.query(`select c.id as "companyId", p.id as "planId", s.id as "staffId", i.id as "firstItemId",
     (select count(*)::int from candidate_application a where a.company_id = c.id and a.plan_id = p.id) as n
   from company c
   join recruitment_plan p on p.company_id = c.id
   join staff_user s on s.company_id = c.id and s.login_account = 'bench01'
   join workflow_item i on i.company_id = c.id and i.plan_id = p.id and i.stage = 1 and i.assignee_id = s.id
   where c.name = '压测单位01' order by p.id, i.sort limit 1`)
).rows;
if (!bench) {
  console.log('no bench company with a sign-up workflow: run apps/server/scripts/generate-large-dataset.mjs first');
  await pool.end();
  process.exit(0);
}

const client = jsonClient(CONCURRENCY);
let server;
// The server process's CPU time in ms (Linux /proc; clock ticks of 10 ms), to show what a request costs it.
const serverCpuMs = () => {
  try {
    const fields = readFileSync(`/proc/${server?.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
};
try {
  server = await startServer({ port: PORT, pool: SERVER_POOL, dataDir: '/tmp/zhaokao-bench-review-data', client });
  const base = server.base;
  const headers = await server.signIn('bench01');

  const wait = { list: 'wait', path: '/api/recruitment/recruitmentWaitAuditList', build: waitAuditSql };
  const audit = { list: 'audit', path: '/api/recruitment/getCompanyRecruitmentAuditList', build: auditListSql };
  const allCases = [
    { ...wait, name: '待审核, page 1', input: { type: 1, pageNum: 1, pageSize: 20 } },
    { ...wait, name: '待审核, page 500', input: { type: 1, pageNum: 500, pageSize: 20 } },
    // 王: in the generated data no 张 is at status 10 (name and status both follow the row number)
    { ...wait, name: '待审核, keyword 王', input: { type: 1, pageNum: 1, pageSize: 20, keyword: '王' } },
    { ...audit, name: '资格审核, page 1', input: { type: 1, planId: bench.planId, pageNum: 1, pageSize: 20 } },
    { ...audit, name: '资格审核, page 2000', input: { type: 1, planId: bench.planId, pageNum: 2000, pageSize: 20 } },
    { ...audit, name: '资格审核, status 10, page 1', input: { type: 1, planId: bench.planId, pageNum: 1, pageSize: 20, status: 10 } },
    { ...audit, name: '资格审核, name prefix 张', input: { type: 1, planId: bench.planId, pageNum: 1, pageSize: 20, realName: '张' } },
  ];
  const cases = allCases.filter((c) => c.name.includes(ONLY));

  const dialect = new PgDialect();
  const slice = (fn, latencies) => runWorkers(CONCURRENCY, SECONDS / ROUNDS, fn, latencies);
  const summary = (latencies) => summaryOver(latencies, SECONDS);

  const results = [];
  for (const c of cases) {
    let total = 0;
    const call = async () => {
      const body = await client.post(`${base}${c.path}`, headers, c.input);
      if (body.code !== 200) throw new Error(`${c.name}: ${body.msg}`);
      total = body.data.total;
    };
    // the route's own defaults (zod) for what the case leaves out
    const statements = c.build({
      keyword: '',
      realName: '',
      identityNo: '',
      phone: '',
      ...c.input,
      stage: c.input.type,
      companyId: bench.companyId,
      staffId: bench.staffId,
    });
    const count = dialect.sqlToQuery(statements.count);
    const page = dialect.sqlToQuery(statements.page);
    const direct = () => Promise.all([pool.query(count.sql, count.params), pool.query(page.sql, page.params)]);
    for (let i = 0; i < 20; i++) await Promise.all([call(), direct()]); // warm up both paths
    const httpLatencies = [];
    const sqlLatencies = [];
    let cpu = 0;
    const timedCall = async (latencies) => {
      const before = serverCpuMs();
      await slice(call, latencies);
      cpu += serverCpuMs() - before;
    };
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        await timedCall(httpLatencies);
        await slice(direct, sqlLatencies);
      } else {
        await slice(direct, sqlLatencies);
        await timedCall(httpLatencies);
      }
    }
    const http = { ...summary(httpLatencies), cpuPerRequest: cpu / httpLatencies.length };
    const sql = summary(sqlLatencies);
    results.push({ name: c.name, total, http, sql });
    console.error(`  done: ${c.name}`);
  }

  console.log(
    `\nreview lists of bench01 (company ${bench.companyId}, plan ${bench.planId} of ${bench.n} applications); ${CONCURRENCY} concurrent, ${SECONDS} s each way in ${ROUNDS} alternating slices; loopback`,
  );
  const os = await import('node:os');
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, ${new Date().toISOString()}\n`);
  console.log(
    `${'case'.padEnd(30)} ${'total'.padStart(7)} | ${'HTTP rps'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} | ${'SQL rps'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} | p99 ratio  | server CPU ms/request`,
  );
  for (const x of results) {
    const ratio = x.http.p99 / x.sql.p99;
    console.log(
      `${x.name.padEnd(30)} ${String(x.total).padStart(7)} | ${rate(x.http.rps).padStart(8)} ${f(x.http.p50)} ${f(x.http.p95)} ${f(x.http.p99)} | ${rate(x.sql.rps).padStart(8)} ${f(x.sql.p50)} ${f(x.sql.p95)} ${f(x.sql.p99)} | ${ratio.toFixed(2)} ${ratio <= 1.5 ? 'PASS' : 'FAIL'} | ${x.http.cpuPerRequest.toFixed(2)}`,
    );
  }

  if (BATCH > 0) await batchPass(headers);
} catch (error) {
  console.log(`bench failed: ${error.message}`);
} finally {
  client.close();
  server?.stop();
  await pool.end();
}

/** One updateCandidatePass call with BATCH applications whose 初审 is bench01's to decide now; then everything put back. */
async function batchPass(headers) {
  const picked = (
    await pool.query(
      `select a.id, a.updated_at from candidate_application a
       join application_task t on t.company_id = a.company_id and t.application_id = a.id and t.workflow_item_id = $3 and t.status = 0
       where a.company_id = $1 and a.plan_id = $2 and a.status = 10
       order by a.id limit $4`,
      [bench.companyId, bench.planId, bench.firstItemId, BATCH],
    )
  ).rows;
  const ids = picked.map((r) => r.id);
  const [{ lastHistory }] = (await pool.query('select coalesce(max(id), 0) as "lastHistory" from application_history')).rows;
  console.log(`\nbatch pass (updateCandidatePass): ${ids.length} applications at status 10, 初审 pending for bench01`);
  try {
    const t0 = performance.now();
    const body = await client.post(`${server.base}/api/recruitment/updateCandidatePass`, headers, { ids, remarks: '压测批量通过' });
    const ms = performance.now() - t0;
    if (body.code !== 200) throw new Error(`updateCandidatePass: ${body.msg}`);
    const moved = (
      await pool.query(`select status, count(*)::int as n from candidate_application where company_id = $1 and id = any($2) group by status order by status`, [
        bench.companyId,
        ids,
      ])
    ).rows;
    console.log(
      `  one call: ${(ms / 1000).toFixed(2)} s wall, ${(ms / Math.max(1, ids.length)).toFixed(2)} ms per application; passed ${body.data.passed}, refused ${body.data.refused.length}` +
        `${body.data.refused.length ? ` (first: ${body.data.refused[0].reason})` : ''}; statuses now ${moved.map((r) => `${r.status}: ${r.n}`).join(', ')}`,
    );
  } finally {
    await restore(picked, lastHistory);
  }
}

/** Puts the picked applications back at 10 with 初审 pending and without the history rows the pass wrote. */
async function restore(picked, lastHistory) {
  const connection = await pool.connect();
  try {
    await connection.query('begin');
    const ids = picked.map((r) => r.id);
    await connection.query(
      `update application_task set status = 0, verifier_id = null, verified_at = null, score = null, remarks = ''
       where company_id = $1 and application_id = any($2) and workflow_item_id = $3`,
      [bench.companyId, ids, bench.firstItemId],
    );
    await connection.query(
      `update candidate_application a set status = 10, updated_at = r.updated_at
       from unnest($2::int[], $3::timestamptz[]) as r(id, updated_at)
       where a.company_id = $1 and a.id = r.id`,
      [bench.companyId, ids, picked.map((r) => r.updated_at)],
    );
    const removed = await connection.query('delete from application_history where company_id = $1 and application_id = any($2) and id > $3', [
      bench.companyId,
      ids,
      lastHistory,
    ]);
    await connection.query('commit');
    // the visibility map as the generator left it, for index-only scans in the next run (index_cleanup on: a
    // few dead rows would otherwise be left in place and their pages not marked all-visible)
    for (const table of ['candidate_application', 'application_task', 'application_history']) {
      await connection.query(`vacuum (index_cleanup on, analyze) ${table}`);
    }
    console.log(`  restored: ${ids.length} applications back at 10 with 初审 pending, ${removed.rowCount} history rows removed; vacuumed`);
  } catch (error) {
    await connection.query('rollback').catch(() => {});
    console.log(`  restore failed: ${error.message}`);
  } finally {
    connection.release();
  }
}
