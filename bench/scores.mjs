#!/usr/bin/env node
// Scores on a large post (DESIGN §5, issue 9), on PostgreSQL, through the server's HTTP API:
//   - publishing the written results of one post of 100,000 applications (ranked, 22 → 24 / 23, the passes on
//     to 30; the publication is the candidates' notice) with batchSendScore — target ≤ 0.5 s — and the ranking lists around it;
//   - importing 50,000 written scores from an .xlsx (preview, then commit) — target ≤ 10 s.
// A measurement, not a test: exits 0 whatever the figures.
//
//   npm run build -w @zhaokao/contracts && npm run build -w @zhaokao/server
//   node bench/scores.mjs [--publish 100000] [--import 50000] [--port 18630]
//   node bench/scores.mjs --smoke    (300 + 200 applications in a database of its own, dropped at the end)
//
// It makes its own database (BENCH_SCORES_URL, default postgres://postgres@127.0.0.1:5432/zk_scores_bench; dropped
// and made again on every run, migrated by the server's own migrations, the demo accounts seeded), inserts one
// plan with two posts in SQL (generate_series): post 出纳 with --publish applications at 22, scores entered and
// reviewed; post 会计 with --import applications at 21, tickets issued, scores awaited. Then it starts
// `node $SERVER_DIST/main.js` (default apps/server/dist) on 127.0.0.1 and signs in as the demo admin.
import ExcelJS from 'exceljs';
import pg from 'pg';
import { bench, commitSeeding, freshDatabase, mb, option, POSTGRES_URL, printEnvironment, seconds as s, seedWrittenPlan, seedWrittenTasks, SMOKE, startServer, timed } from './harness.mjs';

const PUBLISH = option('publish', 100_000, 300);
const IMPORT = option('import', 50_000, 200);
const url = process.env.BENCH_SCORES_URL ?? `${POSTGRES_URL}/${SMOKE ? `zk_smoke_scores_${process.pid}` : 'zk_scores_bench'}`;

await bench(async (defer) => {
  await freshDatabase(url, { defer, demo: true });
  printEnvironment(`scores on PostgreSQL (${new URL(url).pathname.slice(1)}): publishing a post of ${PUBLISH} applications, importing ${IMPORT} scores`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  defer(() => client.end());
  const q = (text, values) => client.query(text, values);
  const { result: data } = await timed(`data: ${PUBLISH} + ${IMPORT} applications (SQL)`, async () => {
    await q('begin');
    const { companyId, adminId, planId, postIds: posts } = await seedWrittenPlan(q, {
      name: '成绩压测计划',
      posts: [
        { jobVacancy: '出纳', places: 10 },
        { jobVacancy: '会计', places: 10 },
      ],
      talents: PUBLISH + IMPORT,
    });
    // 出纳: scores entered (40.00–99.99, many ties) and reviewed, waiting for publication.
    await q(
      `insert into candidate_application (company_id, plan_id, recruitment_id, talent_id, status, real_name, identity_no, phone, written_grade)
       select $1, $2, $3, t.id, 22, t.real_name, t.identity_no, t.phone, round(40 + ((t.id * 37) % 6000) / 100.0, 2)
       from talent t order by t.id limit $4`,
      [companyId, planId, posts[0], PUBLISH],
    );
    // 会计: tickets issued, scores awaited.
    await q(
      `insert into candidate_application (company_id, plan_id, recruitment_id, talent_id, status, real_name, identity_no, phone)
       select $1, $2, $3, t.id, 21, t.real_name, t.identity_no, t.phone
       from talent t order by t.id offset $4`,
      [companyId, planId, posts[1], PUBLISH],
    );
    await seedWrittenTasks(q, planId, adminId);
    await commitSeeding(q);
    return { planId, posts };
  });
  const { planId, posts } = data;

  const server = await startServer({ databaseUrl: url, port: option('port', 18630), defer });
  const base = server.base;
  const { 'x-token': token } = await server.signIn('admin');
  const post = async (p, body) => {
    const res = await fetch(`${base}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: JSON.stringify(body) });
    const json = await res.json();
    if (json.code !== 200) throw new Error(`${p}: ${json.msg}`);
    return json.data;
  };
  const file = async (p) => {
    const res = await fetch(`${base}/api${p}`, { headers: { 'x-token': token } });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };

  // results are published only once the plan's sign-up is closed (关闭报名)
  await post(`/recruitment/recruitmentPlanExpand/closeSignUp/${planId}`, {});

  console.log(`\n— publishing one post of ${PUBLISH} applications (target ≤ 0.5 s)`);
  const ranking = { kind: 'written', recruitmentId: posts[0], pageNum: 1, pageSize: 20 };
  const lastPage = Math.ceil(PUBLISH / ranking.pageSize);
  await timed('provisional ranking, first page (computed live)', () => post('/recruitment/getGradeList', ranking), server);
  const { result: published, took } = await timed(
    'batchSendScore (rank, 22 → 24/23, 24 → 30)',
    () => post('/recruitment/batchSendScore', { type: 2, recruitmentId: posts[0] }),
    server,
  );
  console.log(`  passed ${published.passed}, failed ${published.failed}, moved to the interview ${published.movedToInterview}; ${took <= 500 ? 'within' : 'OVER'} the 0.5 s target`);
  await timed('published ranking, first page', () => post('/recruitment/getGradeList', ranking), server);
  await timed(`published ranking, page ${lastPage}`, () => post('/recruitment/getGradeList', { ...ranking, pageNum: lastPage }), server);
  const { result: exported } = await timed(
    `ranking export (.xlsx, ${PUBLISH} rows)`,
    () => file(`/recruitment/getGradeList/export?kind=written&recruitmentId=${posts[0]}`),
    server,
  );
  console.log(`  ${mb(exported.length)}`);

  console.log(`\n— importing ${IMPORT} written scores from .xlsx (target ≤ 10 s)`);
  const { result: template } = await timed('template download (.xlsx)', () => file(`/recruitment/scoreImport/template?planId=${planId}&type=2`), server);
  const { result: upload } = await timed('filling in the scores (exceljs, not measured by the target)', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template);
    const sheet = workbook.worksheets[0];
    sheet.eachRow((row, n) => {
      if (n > 1) row.getCell(4).value = n % 97 === 0 ? '缺考' : Number((50 + ((n * 53) % 5000) / 100).toFixed(2));
    });
    return Buffer.from(await workbook.xlsx.writeBuffer());
  });
  console.log(`  ${mb(upload.length)}, ${template.length} bytes of template`);
  const { result: preview, took: previewTook } = await timed(
    'preview (upload, read, check, keep)',
    async () => {
    const form = new FormData();
    form.append('file', new Blob([upload]), '成绩.xlsx');
    const res = await fetch(`${base}/api/recruitment/scoreImport/preview?planId=${planId}&type=2`, { method: 'POST', headers: { 'x-token': token }, body: form });
    const json = await res.json();
    if (json.code !== 200) throw new Error(`preview: ${json.msg}`);
    return json.data;
  }, server);
  console.log(`  rows ${preview.rows}, valid ${preview.valid}, absent ${preview.absent}, problems ${preview.problemCount}`);
  // Over 2,000 rows the commit answers a 后台任务 at once; the time counts until the job is done.
  const { result: committed, took: commitTook } = await timed(
    'commit (a job: checked again, saved in one transaction)',
    async () => {
      const started = await post('/recruitment/scoreImport/commit', { importId: preview.importId });
      if (!started.jobId) return started;
      for (;;) {
        const res = await fetch(`${base}/api/admin/job/${started.jobId}`, { headers: { 'x-token': token } });
        const job = (await res.json()).data;
        if (job.status === 'failed') throw new Error(`import job: ${job.error}`);
        if (job.status === 'done') return { saved: job.done };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    server,
  );
  const importTook = previewTook + commitTook;
  console.log(`  saved ${committed.saved}; preview + commit ${s(importTook)}, ${importTook <= 10_000 ? 'within' : 'OVER'} the 10 s target`);
  const [{ n }] = (await q(`select count(*)::int as n from candidate_application where plan_id = $1 and recruitment_id = $2 and status = 22`, [planId, posts[1]])).rows;
  console.log(`  applications of 会计 now at 22: ${n}`);
});
