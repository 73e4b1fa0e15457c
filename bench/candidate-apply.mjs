#!/usr/bin/env node
// Candidates applying at once on PostgreSQL (DESIGN §11, issue 24), through the server's HTTP API as the candidate
// site calls it: --candidates signed-in candidates, each from an address of its own, first save two sections of
// their resume, then apply to one of the posts of one plan, --concurrency at a time. Every call must get an answer,
// none a 5xx, and every candidate must end with exactly one application. Prints p50/p95/p99 and calls per second.
// A measurement, not a test, except for that outcome: exits 1 when it is wrong (or the bench cannot run).
//
//   npm run build -w @zhaokao/contracts && npm run build -w @zhaokao/server
//   node bench/candidate-apply.mjs [--candidates 2000] [--concurrency 50] [--posts 20] [--port 18660]
//   node bench/candidate-apply.mjs --smoke    (40 candidates, 8 at once, in a database of its own, dropped at the end)
//
// It makes its own database (BENCH_APPLY_URL, default postgres://postgres@127.0.0.1:5432/zk_apply_bench; dropped and
// made again on every run, migrated by the server's own migrations, the demo accounts seeded). The accounts, their
// sessions and the plan are written in SQL beforehand (signing 2,000 people in would measure argon2, not applying);
// the server believes X-Forwarded-For from 127.0.0.1 (TRUST_PROXY), so each candidate has its own address, as on
// the real site, and the per-address rate limits apply to each as they would there.
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { bench, freshDatabase, jsonClient, option, POSTGRES_URL, printEnvironment, serverModule, SMOKE, startServer, summary } from './harness.mjs';

const CANDIDATES = option('candidates', 2000, 40);
const CONCURRENCY = option('concurrency', 50, 8);
const POSTS = option('posts', 20, 3);
const url = process.env.BENCH_APPLY_URL ?? `${POSTGRES_URL}/${SMOKE ? `zk_smoke_apply_${process.pid}` : 'zk_apply_bench'}`;

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';
/** A GB 11643 identity number: Beijing Xicheng, born `birth` (a Date), sequence `seq` (1–999). */
function identityNo(birth, seq) {
  const first17 = `110102${birth.toISOString().slice(0, 10).replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i], 0);
  return first17 + CHECK[sum % 11];
}

/** Candidate i: their phone, identity number, address and the two sections they save. */
function candidate(i) {
  const birth = new Date(Date.UTC(1990, 0, 1) + Math.floor(i / 900) * 86_400_000);
  const seq = (i % 900) + 100;
  const no = identityNo(birth, seq);
  const phone = `139${String(10_000_000 + i).padStart(8, '0')}`;
  return {
    phone,
    address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    basic: { realName: `考生${i}`, sex: seq % 2 === 1 ? '1' : '2', nation: '汉族', politicalOutlook: '群众' },
    contact: { identityNo: no, phone, email: `c${i}@example.com` },
    other: { education: '本科', graduateSchool: '江城大学' },
  };
}

await bench(async (defer) => {
  await freshDatabase(url, { defer, demo: true });
  printEnvironment(`candidates applying on PostgreSQL (${new URL(url).pathname.slice(1)}): ${CANDIDATES} candidates, ${CONCURRENCY} at once, ${POSTS} posts`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  defer(() => client.end());
  const q = (text, values) => client.query(text, values);

  // One published plan open for sign-up, without a fee, with POSTS posts.
  const [{ company_id: companyId }] = (await q(`select company_id from staff_user where login_account = 'admin'`)).rows;
  const [{ id: planId }] = (
    await q(
      `insert into recruitment_plan (company_id, name, sign_up_start_date, sign_up_end_date, written_start_date, audition_start_date, status)
       values ($1, '压测报名计划', now() - interval '1 day', now() + interval '7 days', now() + interval '10 days', now() + interval '20 days', 'published')
       returning id`,
      [companyId],
    )
  ).rows;
  const posts = (
    await q(
      `insert into recruitment_info (company_id, plan_id, job_vacancy, places)
       select $1, $2, '压测岗位' || n, 5 from generate_series(1, $3) n returning id`,
      [companyId, planId, POSTS],
    )
  ).rows.map((r) => r.id);

  // The accounts and their sessions, in SQL: one password hash for all, a token each.
  const { hashPassword } = await serverModule('shared/crypto.js');
  const hash = await hashPassword('Apply2026pass');
  const people = Array.from({ length: CANDIDATES }, (_, i) => ({ ...candidate(i), token: randomBytes(24).toString('base64url') }));
  const ids = (
    await q(`insert into candidate_account (phone, password_hash) select unnest($1::text[]), $2 returning id`, [people.map((p) => p.phone), hash])
  ).rows.map((r) => r.id);
  await q(
    `insert into candidate_session (token_hash, candidate_id, expires_at) select unnest($1::text[]), unnest($2::int[]), now() + interval '1 day'`,
    [people.map((p) => createHash('sha256').update(p.token).digest('hex')), ids],
  );

  process.env.TRUST_PROXY = '127.0.0.1';
  const server = await startServer({ databaseUrl: url, port: option('port', 18660), pool: 8, defer, client: jsonClient(CONCURRENCY) });
  const call = (person, path, body) =>
    server.client.post(`${server.base}/api${path}`, { 'x-candidate-token': person.token, 'x-forwarded-for': person.address }, body);

  /** Runs `fn` for every person, CONCURRENCY at a time; answers the latencies, outcomes and seconds taken. */
  async function phase(fn) {
    const outcomes = new Map();
    const latencies = [];
    let next = 0;
    const started = performance.now();
    const cpuBefore = server.cpuMs();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < people.length) {
          const i = next++;
          const t0 = performance.now();
          const answers = await fn(people[i], i);
          latencies.push(performance.now() - t0);
          for (const answer of answers) {
            const key = answer.code === 200 ? 'OK' : `${answer.code} ${answer.msg}`;
            outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
          }
        }
      }),
    );
    const took = (performance.now() - started) / 1000;
    return { outcomes, stats: summary(latencies, took), took, cpuPer: (server.cpuMs() - cpuBefore) / people.length };
  }

  const print = (label, { outcomes, stats, took, cpuPer }, callsEach) => {
    console.log(`${label}: ${CANDIDATES} candidates in ${took.toFixed(2)} s = ${(CANDIDATES / took).toFixed(0)} candidates per second (${callsEach} call${callsEach > 1 ? 's' : ''} each)`);
    console.log(`  latency ms per candidate: p50 ${stats.p50.toFixed(1)}, p95 ${stats.p95.toFixed(1)}, p99 ${stats.p99.toFixed(1)}, max ${stats.max.toFixed(1)}; server CPU ${cpuPer.toFixed(2)} ms per candidate`);
    for (const [key, n] of outcomes) console.log(`  ${key}: ${n}`);
  };

  const saving = await phase((p) =>
    Promise.all([
      call(p, '/candidate/resume/save', { section: 'basic', values: p.basic }),
      call(p, '/candidate/resume/save', { section: 'contact', values: p.contact }),
      call(p, '/candidate/resume/save', { section: 'other', values: p.other }),
    ]),
  );
  print('resume saved (三个栏目)', saving, 3);
  const applying = await phase(async (p, i) => [await call(p, '/candidate/apply', { recruitmentId: posts[i % posts.length] })]);
  print('applied (报名)', applying, 1);

  const [{ applications, people: applicants }] = (
    await q(`select count(*)::int as applications, count(distinct talent_id)::int as people from candidate_application where plan_id = $1`, [planId])
  ).rows;
  const failures = [...saving.outcomes.keys(), ...applying.outcomes.keys()].filter((k) => k !== 'OK');
  console.log(`  applications in the plan: ${applications} from ${applicants} people (expected ${CANDIDATES} from ${CANDIDATES})`);
  if (failures.length === 0 && applications === CANDIDATES && applicants === CANDIDATES) {
    console.log('  OK: every call answered 200, no 5xx, and every candidate has exactly one application');
  } else {
    throw new Error(`NOT OK: ${failures.join('; ') || 'the applications are not one per candidate'}`);
  }
});
