#!/usr/bin/env node
// The gates after the written stage on a large post (DESIGN §5 "After the interview", issue 25), on PostgreSQL,
// through the server's HTTP API:
//   - publishing the written results of one post of 100,000 applications in a plan that runs 资格复审, so that the
//     passes wait at 24 for its list, then 确认名单 (24 → 25 for all of them);
//   - the gate's batch pass (decideGate 合格, GATE_BATCH_MAX applications a call) over the whole list;
//   - 放弃 of one candidate, then 递补: the proposal (previewSubstitute) and its confirmation (substituteGate), several
//     times (p50 / max), each vacancy filled by the next of the written ranking;
//   - one written score corrected in SQL, then the published ranking's first page (computed from the scores on every
//     read) against the publication's own time.
// A measurement, not a test: exits 0 whatever the figures, 1 when it cannot run to its end.
//
//   npm run build -w @zhaokao/contracts && npm run build -w @zhaokao/server
//   node bench/gates.mjs [--applications 100000] [--places 1000] [--substitutes 10] [--port 18650]
//   node bench/gates.mjs --smoke    (300 applications in a database of its own, dropped at the end)
//
// It makes its own database (BENCH_GATES_URL, default postgres://postgres@127.0.0.1:5432/zk_gates_bench; dropped and
// made again on every run, migrated by the server's own migrations, the demo accounts seeded) and inserts in SQL
// (generate_series) one plan (资格复审 chosen, interview ratio 3) with one post of --places places and --applications
// applications at 22, scores entered and reviewed, as scores.mjs does. The written pass is then --places × 3
// (and those tied at the cut-off).
import pg from 'pg';
import {
  bench, commitSeeding, freshDatabase, ms, option, percentile, POSTGRES_URL, printEnvironment, seconds as s,
  seedWrittenPlan, seedWrittenTasks, SMOKE, startServer, timed,
} from './harness.mjs';

const APPLICATIONS = option('applications', 100_000, 300);
const PLACES = option('places', 1000, 10);
const SUBSTITUTES = option('substitutes', 10, 2);
/** decideGate's batch limit (GATE_BATCH_MAX of packages/contracts/src/endpoints/gate.ts). */
const BATCH = 1000;
const REQUALIFY = 4;
/** p50 and max of a list of call times. */
const line = (label, list) => {
  const sorted = list.toSorted((a, b) => a - b);
  console.log(`${label.padEnd(44)} p50 ${ms(percentile(sorted, 50))} ms   max ${ms(sorted.at(-1))} ms   (${sorted.length} calls)`);
};
const url = process.env.BENCH_GATES_URL ?? `${POSTGRES_URL}/${SMOKE ? `zk_smoke_gates_${process.pid}` : 'zk_gates_bench'}`;

await bench(async (defer) => {
  await freshDatabase(url, { defer, demo: true });
  printEnvironment(
    `gates on PostgreSQL (${new URL(url).pathname.slice(1)}): 资格复审 of a post of ${APPLICATIONS} applications, ${PLACES} places (ratio 3), ${SUBSTITUTES} × 放弃 + 递补`,
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  defer(() => client.end());
  const q = (text, values) => client.query(text, values);
  const { result: data } = await timed(`data: ${APPLICATIONS} applications (SQL)`, async () => {
    await q('begin');
    const { companyId, adminId, planId, postIds } = await seedWrittenPlan(q, {
      name: '录用环节压测计划',
      gates: [REQUALIFY],
      posts: [{ jobVacancy: '综合管理', places: PLACES }],
      talents: APPLICATIONS,
    });
    const [postId] = postIds;
    // scores entered (40.00–99.99, many ties) and reviewed, waiting for publication
    await q(
      `insert into candidate_application (company_id, plan_id, recruitment_id, talent_id, status, real_name, identity_no, phone, written_grade)
       select $1, $2, $3, t.id, 22, t.real_name, t.identity_no, t.phone, round(40 + ((t.id * 37) % 6000) / 100.0, 2)
       from talent t order by t.id`,
      [companyId, planId, postId],
    );
    await seedWrittenTasks(q, planId, adminId);
    await commitSeeding(q);
    return { planId, postId };
  });
  const { planId, postId } = data;

  const server = await startServer({ databaseUrl: url, port: option('port', 18650), defer });
  const headers = await server.signIn('admin');
  const post = async (p, body) => {
    const json = await server.client.post(`${server.base}/api${p}`, headers, body);
    if (json.code !== 200) throw new Error(`${p}: ${json.msg}`);
    return json.data;
  };
  const gate = { gate: REQUALIFY, planId };

  // results are published only once the plan's sign-up is closed (关闭报名)
  await post(`/recruitment/recruitmentPlanExpand/closeSignUp/${planId}`, {});

  console.log(`\n— publishing the written results (the passes wait for 资格复审) and 确认名单`);
  const { result: published, took: publishTook } = await timed(
    'batchSendScore (rank, 22 → 24/23; 资格复审: none on to 30)',
    () => post('/recruitment/batchSendScore', { type: 2, recruitmentId: postId }),
    server,
  );
  console.log(`  passed ${published.passed}, failed ${published.failed}, moved to the interview ${published.movedToInterview}`);
  const { result: before } = await timed('gate summary (资格复审)', () => post('/recruitment/gate/summary', gate), server);
  if (before.waitingToEnter !== published.passed) throw new Error(`资格复审 waits for ${before.waitingToEnter}, the publication passed ${published.passed}`);
  const { result: confirmed } = await timed(`确认名单 (${published.passed} × 24 → 25)`, () => post('/recruitment/gate/confirmList', gate), server);
  const { result: firstPage } = await timed('gate list, first page of 20', () => post('/recruitment/gate/list', { ...gate, pageNum: 1, pageSize: 20 }), server);
  if (confirmed.moved !== published.passed || firstPage.total !== published.passed) {
    throw new Error(`确认名单 moved ${confirmed.moved} and the list holds ${firstPage.total} of ${published.passed} passes`);
  }
  console.log(`  the list holds ${firstPage.total}`);

  // the candidates who will withdraw (放弃) are kept pending: the last of the list's first page
  const ids = (await q(`select id from candidate_application where plan_id = $1 and status = 25 order by id`, [planId])).rows.map((r) => r.id);
  const withdrawing = firstPage.list.slice(-SUBSTITUTES).map((r) => r.id);
  if (withdrawing.length < SUBSTITUTES) throw new Error(`only ${withdrawing.length} candidates on the list's first page to withdraw`);
  const passing = ids.filter((id) => !withdrawing.includes(id));

  console.log(`\n— the gate's batch pass: ${passing.length} candidates, ${BATCH} a call (decideGate 合格)`);
  const batchTimes = [];
  const cpuBefore = server.cpuMs();
  const passStart = performance.now();
  for (let i = 0; i < passing.length; i += BATCH) {
    const chunk = passing.slice(i, i + BATCH);
    const t0 = performance.now();
    const answer = await post('/recruitment/gate/decide', { gate: REQUALIFY, applicationIds: chunk, result: 'passed', reason: '' });
    batchTimes.push(performance.now() - t0);
    if (answer.done !== chunk.length) throw new Error(`decideGate passed ${answer.done} of ${chunk.length}`);
  }
  const passTook = performance.now() - passStart;
  const passCpu = server.cpuMs() - cpuBefore;
  const sortedBatches = batchTimes.toSorted((a, b) => a - b);
  console.log(
    `${batchTimes.length} calls in ${s(passTook)} (server CPU ${s(passCpu)}); a call of ${Math.min(BATCH, passing.length)}: first ${ms(batchTimes[0]).trim()} ms, p50 ${ms(percentile(sortedBatches, 50)).trim()} ms, max ${ms(sortedBatches.at(-1)).trim()} ms`,
  );
  const [{ n: passedNow }] = (await q(`select count(*)::int as n from candidate_application where plan_id = $1 and status = 26`, [planId])).rows;
  if (passedNow !== passing.length) throw new Error(`${passedNow} at 资格复审 合格, ${passing.length} expected`);

  console.log(`\n— ${SUBSTITUTES} × 放弃 then 递补 (the proposal, then its confirmation), each vacancy filled by the next of the written ranking`);
  const times = { withdraw: [], preview: [], substitute: [] };
  const clock = async (key, fn) => {
    const t0 = performance.now();
    const result = await fn();
    times[key].push(performance.now() - t0);
    return result;
  };
  const subCpuBefore = server.cpuMs();
  for (const id of withdrawing) {
    const answer = await clock('withdraw', () => post('/recruitment/gate/decide', { gate: REQUALIFY, applicationIds: [id], result: 'withdrew', reason: '个人原因放弃' }));
    if (answer.vacancies !== 1) throw new Error(`放弃 opened ${answer.vacancies} vacancies`);
    const [{ id: vacancyId }] = (await q(`select id from gate_vacancy where left_application_id = $1 and stage = $2`, [id, REQUALIFY])).rows;
    const proposal = await clock('preview', () => post('/recruitment/gate/substitute/preview', { vacancyId }));
    if (!proposal.candidate) throw new Error(`no substitute proposed: ${proposal.explanation}`);
    await clock('substitute', () => post('/recruitment/gate/substitute', { vacancyId, applicationId: proposal.candidate.applicationId, remarks: '' }));
  }
  const subCpu = server.cpuMs() - subCpuBefore;
  line('放弃 (decideGate withdrew, one candidate)', times.withdraw);
  line('递补 proposal (previewSubstitute)', times.preview);
  line('递补 confirmation (substituteGate)', times.substitute);
  console.log(`server CPU for the ${SUBSTITUTES} rounds ${s(subCpu)}`);
  const [{ n: filled }] = (await q(`select count(*)::int as n from gate_vacancy where plan_id = $1 and filled_by is not null`, [planId])).rows;
  if (filled !== SUBSTITUTES) throw new Error(`${filled} vacancies filled, ${SUBSTITUTES} expected`);

  console.log(`\n— recomputing the ranking after one correction (one written score changed in SQL)`);
  const ranking = { kind: 'written', recruitmentId: postId, pageNum: 1, pageSize: 20 };
  await timed('published ranking, first page (before the correction)', () => post('/recruitment/getGradeList', ranking), server);
  // one candidate the publication failed, corrected to the top score: the ranking read next reorders the post
  const [{ id: corrected }] = (await q(`select id from candidate_application where plan_id = $1 and status = 23 order by id limit 1`, [planId])).rows;
  await q(`update candidate_application set written_grade = 99.99 where id = $1`, [corrected]);
  await q(`update application_task t set score = 99.99 from workflow_item i where i.id = t.workflow_item_id and i.stage = 2 and t.application_id = $1`, [corrected]);
  const reads = async (when) => {
    const after = [];
    for (let i = 0; i < (SMOKE ? 2 : 3); i++) {
      const { result, took } = await timed(`published ranking, first page (${when}, #${i + 1})`, () => post('/recruitment/getGradeList', ranking), server);
      after.push(took);
      if (!result.list.some((r) => r.applicationId === corrected)) throw new Error('the corrected candidate is not on the first page of the ranking');
    }
    const worst = Math.max(...after);
    console.log(`  ${when}: first ${s(after[0])}, max ${s(worst)}; the publication ${s(publishTook)}: ${worst <= publishTook ? 'within' : 'OVER'} the publication's time`);
  };
  await reads('after the correction');
  // The planner's statistics still show the post at 22 unless something analysed the tables since the publication:
  // autovacuum does within a minute or so (autovacuum_naptime), unless it is off (as on some test servers).
  const [{ autovacuum }] = (await q('show autovacuum')).rows;
  await timed(`analyze of the three tables (as autovacuum would; autovacuum here: ${autovacuum})`, () =>
    q('analyze candidate_application, application_stage, gate_record'),
  );
  await reads('after the correction and analyze');
});
