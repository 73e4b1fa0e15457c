#!/usr/bin/env node
// The sign-up review lists under concurrent load on the large data set, beside the same SQL run directly,
// then one batch pass of 1,000 applications. A measurement, not a test: exits 0 whatever the figures.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node apps/server/scripts/generate-large-dataset.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zhaokao_bench node bench/review-lists.mjs [--seconds 8] [--rounds 4] [--concurrency 16] [--server-pool 4] [--batch 1000] [--only 待审核] [--port 18620]
//   node bench/review-lists.mjs --smoke    (a tiny data set of its own, a batch of 20)
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
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import { bench, compareSides, comparisonOptions, jsonClient, largeDataset, openPool, option, printComparison, printEnvironment, requireRow, serverModule, startServer } from './harness.mjs';

const options = comparisonOptions({ seconds: 8 });
const BATCH = Math.min(option('batch', 1000, 20), 1000);

let pool;
let server;
let bench01;
await bench(async (defer) => {
  const { auditListSql, waitAuditSql } = await serverModule('features/examine/audit-lists.js');
  const url = await largeDataset(defer);
  pool = openPool(url, options.concurrency, defer);
  bench01 = await requireRow(
    pool,
    `select c.id as "companyId", p.id as "planId", s.id as "staffId", i.id as "firstItemId",
       (select count(*)::int from candidate_application a where a.company_id = c.id and a.plan_id = p.id) as n
     from company c
     join recruitment_plan p on p.company_id = c.id
     join staff_user s on s.company_id = c.id and s.login_account = 'bench01'
     join workflow_item i on i.company_id = c.id and i.plan_id = p.id and i.stage = 1 and i.assignee_id = s.id
     where c.name = '压测单位01' order by p.id, i.sort limit 1`,
    [],
    'no bench company with a sign-up workflow: run apps/server/scripts/generate-large-dataset.mjs first',
  );

  const client = jsonClient(options.concurrency);
  server = await startServer({ databaseUrl: url, port: option('port', 18620), pool: options.serverPool, defer, client });
  const headers = await server.signIn('bench01');

  const wait = { list: 'wait', path: '/api/recruitment/recruitmentWaitAuditList', build: waitAuditSql };
  const audit = { list: 'audit', path: '/api/recruitment/getCompanyRecruitmentAuditList', build: auditListSql };
  const allCases = [
    { ...wait, name: '待审核, page 1', input: { type: 1, pageNum: 1, pageSize: 20 } },
    { ...wait, name: '待审核, page 500', input: { type: 1, pageNum: 500, pageSize: 20 } },
    // 王: in the generated data no 张 is at status 10 (name and status both follow the row number)
    { ...wait, name: '待审核, keyword 王', input: { type: 1, pageNum: 1, pageSize: 20, keyword: '王' } },
    { ...audit, name: '资格审核, page 1', input: { type: 1, planId: bench01.planId, pageNum: 1, pageSize: 20 } },
    { ...audit, name: '资格审核, page 2000', input: { type: 1, planId: bench01.planId, pageNum: 2000, pageSize: 20 } },
    { ...audit, name: '资格审核, status 10, page 1', input: { type: 1, planId: bench01.planId, pageNum: 1, pageSize: 20, status: 10 } },
    { ...audit, name: '资格审核, name prefix 张', input: { type: 1, planId: bench01.planId, pageNum: 1, pageSize: 20, realName: '张' } },
  ];
  const cases = allCases.filter((c) => c.name.includes(options.only));

  const dialect = new PgDialect();
  const results = [];
  for (const c of cases) {
    let total = 0;
    const call = async () => {
      const body = await client.post(`${server.base}${c.path}`, headers, c.input);
      if (body.code !== 200) throw new Error(`${c.name}: ${body.code} ${body.msg}`);
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
      companyId: bench01.companyId,
      staffId: bench01.staffId,
    });
    const count = dialect.sqlToQuery(statements.count);
    const page = dialect.sqlToQuery(statements.page);
    const direct = () => Promise.all([pool.query(count.sql, count.params), pool.query(page.sql, page.params)]);
    for (let i = 0; i < options.warmUp; i++) await Promise.all([call(), direct()]);
    const sides = await compareSides({ http: call, sql: direct, seconds: options.seconds, rounds: options.rounds, concurrency: options.concurrency, server });
    results.push({ name: c.name, total, ...sides });
    console.error(`  done: ${c.name}`);
  }

  printEnvironment(
    `\nreview lists of bench01 (company ${bench01.companyId}, plan ${bench01.planId} of ${bench01.n} applications); ${options.concurrency} concurrent, ` +
      `${options.seconds} s each way in ${options.rounds} alternating slices; loopback; server pool ${options.serverPool}`,
  );
  printComparison(results, { nameWidth: 30, target: 1.5 });

  if (BATCH > 0) await batchPass(headers);
});

/** One updateCandidatePass call with BATCH applications whose 初审 is bench01's to decide now; then everything put back. */
async function batchPass(headers) {
  const picked = (
    await pool.query(
      `select a.id, a.updated_at from candidate_application a
       join application_task t on t.company_id = a.company_id and t.application_id = a.id and t.workflow_item_id = $3 and t.status = 0
       where a.company_id = $1 and a.plan_id = $2 and a.status = 10
       order by a.id limit $4`,
      [bench01.companyId, bench01.planId, bench01.firstItemId, BATCH],
    )
  ).rows;
  const ids = picked.map((r) => r.id);
  const [{ lastHistory }] = (await pool.query('select coalesce(max(id), 0) as "lastHistory" from application_history')).rows;
  console.log(`\nbatch pass (updateCandidatePass): ${ids.length} applications at status 10, 初审 pending for bench01`);
  try {
    const t0 = performance.now();
    const body = await server.client.post(`${server.base}/api/recruitment/updateCandidatePass`, headers, { ids, remarks: '压测批量通过' });
    const ms = performance.now() - t0;
    if (body.code !== 200) throw new Error(`updateCandidatePass: ${body.msg}`);
    const moved = (
      await pool.query(`select status, count(*)::int as n from candidate_application where company_id = $1 and id = any($2) group by status order by status`, [
        bench01.companyId,
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
      [bench01.companyId, ids, bench01.firstItemId],
    );
    await connection.query(
      `update candidate_application a set status = 10, updated_at = r.updated_at
       from unnest($2::int[], $3::timestamptz[]) as r(id, updated_at)
       where a.company_id = $1 and a.id = r.id`,
      [bench01.companyId, ids, picked.map((r) => r.updated_at)],
    );
    const removed = await connection.query('delete from application_history where company_id = $1 and application_id = any($2) and id > $3', [
      bench01.companyId,
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
    throw new Error(`restore failed: ${error.message}`, { cause: error });
  } finally {
    connection.release();
  }
}
