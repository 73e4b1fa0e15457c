// What every bench shares: options and the --smoke mode, the environment line, the built server on a free port
// with its CPU time, databases (fresh, or the large data set), workers that call back to back, figures, and
// HTTP against SQL in alternating slices. A bench is `await bench(async (defer) => { ... })`.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The server build the benches run and import (`SERVER_DIST` for another one). */
export const SERVER_DIST = path.resolve(ROOT, process.env.SERVER_DIST ?? 'apps/server/dist');
/** Imports a module of the server build, e.g. `serverModule('features/talent/list-routes.js')`. */
export const serverModule = (file) => import(pathToFileURL(path.join(SERVER_DIST, file)).href);
/** The password of the demo accounts and of the large data set's accounts. */
export const PASSWORD = 'Zhaokao@2026';
/** Where the benches make their own databases: a server URL without a database name. */
export const POSTGRES_URL = (process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

// ---------------------------------------------------------------------------------------------- options

const args = process.argv.slice(2);
/** `--smoke`: tiny data and short slices, to check that the bench runs end to end; its figures mean nothing. */
export const SMOKE = args.includes('--smoke');
export const flag = (name) => args.includes(`--${name}`);
/** `--name N` as a number; else `smoke` in a smoke run (when given), else `fallback`. */
export const option = (name, fallback, smoke = fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : SMOKE ? smoke : fallback;
};
/** `--name text`, else ''. */
export const textOption = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? '') : '';
};

/**
 * The options of a bench that sets HTTP beside SQL (compareSides): `--seconds` each way in `--rounds` alternating slices,
 * `--concurrency` workers after `--warm-up` calls of each side, `--server-pool` (the server's DATABASE_POOL_SIZE; PostgreSQL's
 * own sizing advice is about two connections per core of the database machine) and `--only` (which cases run).
 */
export const comparisonOptions = ({ seconds, rounds = 4 }) => ({
  seconds: Math.min(option('seconds', seconds, 0.2), 60),
  rounds: Math.max(1, Math.min(option('rounds', rounds, 2), 20)),
  concurrency: Math.min(option('concurrency', 16, 4), 64),
  warmUp: option('warm-up', 20, 2),
  serverPool: option('server-pool', 4),
  only: textOption('only'),
});

// ---------------------------------------------------------------------------------------------- running

const cleanups = [];

/**
 * Runs a bench: `body(defer)` with `defer(fn)` to register what must be undone (servers, pools, databases), undone
 * in reverse order whatever happens. Exits 0 whatever the figures, 1 when the bench could not run to its end.
 */
export async function bench(body) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.log(`bench stopped (${signal})`);
      void undoAll().finally(() => process.exit(1));
    });
  }
  let failed = false;
  try {
    await body((fn) => cleanups.push(fn));
  } catch (error) {
    if (error instanceof Skip) console.log(SMOKE ? `SKIPPED: ${error.message}` : error.message);
    else {
      failed = true;
      console.log(`bench failed: ${error?.stack ?? error}`);
    }
  }
  await undoAll();
  process.exit(failed ? 1 : 0);
}

let undoing;
/** Undoes what was deferred, once (a signal may start it while the bench's body is still ending). */
function undoAll() {
  undoing ??= (async () => {
    for (const fn of cleanups.toReversed()) {
      try {
        await fn();
      } catch (error) {
        console.log(`clean-up failed: ${error.message}`);
      }
    }
  })();
  return undoing;
}

class Skip extends Error {}
/** The bench cannot run here (no data, no PostgreSQL): it says why and exits 0 (in a smoke run: SKIPPED). */
export function skip(reason) {
  throw new Skip(reason);
}

/** The line that makes runs comparable: what is measured, then Node, CPUs, load, platform, date. */
export function printEnvironment(what) {
  const cpus = os.cpus();
  console.log(what);
  console.log(
    `Node ${process.version}, ${cpus.length} CPUs (${cpus[0]?.model?.trim() ?? '?'}), load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}, ${process.platform} ${os.arch()}, ${new Date().toISOString()}${SMOKE ? '; SMOKE RUN: tiny data, the figures mean nothing' : ''}\n`,
  );
}

// ---------------------------------------------------------------------------------------------- figures

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
/** Milliseconds, 7 wide. */
export const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '—').padStart(7);
/** Seconds with 3 decimals. */
export const seconds = (milliseconds) => `${(milliseconds / 1000).toFixed(3)} s`;
export const rate = (n) => n.toFixed(0).padStart(6);
export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** Pads to `width` columns, CJK characters counting two. */
export const padColumns = (text, width) => {
  const used = [...String(text)].reduce((n, ch) => n + (/[\u1100-\uffff]/.test(ch) ? 2 : 1), 0);
  return String(text) + ' '.repeat(Math.max(0, width - used));
};

/** p50, p95, p99, max and requests per second of `latencies` (sorted here) gathered over `seconds`; null when empty. */
export function summary(latencies, overSeconds) {
  if (latencies.length === 0) return null;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / overSeconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    n: latencies.length,
  };
}

/** Runs `fn` and prints `label` with its wall time (and `server`'s CPU time); answers its result and the time in ms. */
export async function timed(label, fn, server) {
  const cpuBefore = server?.cpuMs();
  const start = performance.now();
  const result = await fn();
  const took = performance.now() - start;
  const cpu = server ? `   server CPU ${seconds(server.cpuMs() - cpuBefore)}` : '';
  console.log(`${padColumns(label, 58)} ${seconds(took).padStart(9)}${cpu}`);
  return { result, took };
}

// ---------------------------------------------------------------------------------------------- load

/** `concurrency` workers calling `fn` back to back for `seconds`, each call's time pushed to `latencies`. */
export async function runWorkers(concurrency, forSeconds, fn, latencies) {
  const until = performance.now() + forSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await fn();
        latencies.push(performance.now() - t0);
      }
    }),
  );
}

/**
 * `http` (calls to the server) and `sql` (the same statements sent directly) for `seconds` each, in `rounds`
 * slices that alternate (HTTP then SQL, then SQL then HTTP, ...) so that load from elsewhere on a shared machine
 * falls on both alike. The server's CPU time is read before and after each HTTP slice. `http` may be null (SQL only).
 * Answers the summaries; `http.cpuPerRequest` is the server's CPU ms per request.
 */
export async function compareSides({ http, sql, seconds: forSeconds, rounds, concurrency, server }) {
  const httpLatencies = [];
  const sqlLatencies = [];
  let cpu = 0;
  const slice = (fn, latencies) => runWorkers(concurrency, forSeconds / rounds, fn, latencies);
  const httpSlice = async () => {
    if (!http) return;
    const before = server.cpuMs();
    await slice(http, httpLatencies);
    cpu += server.cpuMs() - before;
  };
  const sqlSlice = () => slice(sql, sqlLatencies);
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      await httpSlice();
      await sqlSlice();
    } else {
      await sqlSlice();
      await httpSlice();
    }
  }
  const httpSummary = summary(httpLatencies, forSeconds);
  if (httpSummary) httpSummary.cpuPerRequest = cpu / httpLatencies.length;
  return { http: httpSummary, sql: summary(sqlLatencies, forSeconds) };
}

const sides = (x) => (x ? `${rate(x.rps).padStart(8)} ${ms(x.p50)} ${ms(x.p95)} ${ms(x.p99)}` : `${'—'.padStart(8)} ${ms(NaN)} ${ms(NaN)} ${ms(NaN)}`);
const heads = (side) => `${`${side} rps`.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`;

/**
 * The table of API-versus-SQL cases: `results` of { name, total, http, sql, note } (http/sql from compareSides).
 * With `target`, the p99 ratio HTTP / SQL gets PASS or FAIL against it.
 */
export function printComparison(results, { nameWidth = 32, target } = {}) {
  console.log(`${padColumns('case', nameWidth)} ${'total'.padStart(7)} | ${heads('HTTP')} | ${heads('SQL')} | p99 HTTP/SQL | server CPU ms/request`);
  for (const x of results) {
    const ratio = x.http && x.sql ? x.http.p99 / x.sql.p99 : NaN;
    const verdict = target && Number.isFinite(ratio) ? ` ${ratio <= target ? 'PASS' : 'FAIL'}` : '';
    const cpu = x.http && Number.isFinite(x.http.cpuPerRequest) ? x.http.cpuPerRequest.toFixed(2) : '—';
    console.log(
      `${padColumns(x.name, nameWidth)} ${String(x.total).padStart(7)} | ${sides(x.http)} | ${sides(x.sql)} | ${`${Number.isFinite(ratio) ? ratio.toFixed(2) : '—'}${verdict}`.padStart(12)} | ${cpu.padStart(8)}${x.note ?? ''}`,
    );
  }
  const cpuNote = process.platform === 'linux' ? `/proc/<pid>/stat, ticks of ${Math.round(1000 / clockTicks())} ms` : 'not measured off Linux';
  console.log(`(${target ? `target p99 HTTP / SQL <= ${target}; ` : ''}server CPU from ${cpuNote}; samples per case: ${results.map((x) => `${x.http?.n ?? 0}/${x.sql?.n ?? 0}`).join(', ')} HTTP/SQL)`);
}

/**
 * A JSON client on node:http with kept-alive sockets rather than fetch: the client shares the cores with the
 * server and PostgreSQL, and fetch's own cost per request would be counted against the API.
 */
export function jsonClient(concurrency) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const send = (target, method, headers, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = httpRequest(
        target,
        { method, agent, headers: payload ? { ...headers, 'content-type': 'application/json', 'content-length': payload.length } : headers },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
            } catch (error) {
              reject(new Error(`${method} ${target}: ${res.statusCode}, not JSON (${error.message})`));
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return {
    get: (target, headers) => send(target, 'GET', headers),
    post: (target, headers, body) => send(target, 'POST', headers, body),
    close: () => agent.destroy(),
  };
}

// ---------------------------------------------------------------------------------------------- the server

/** The first port from `from` on that 127.0.0.1 lets us listen on. */
export async function freePort(from) {
  for (let port = from; port < from + 200; port++) {
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

let ticks;
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 almost everywhere). */
function clockTicks() {
  try {
    ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    ticks = 100;
  }
  return ticks;
}

/** The user + system CPU time of process `pid` in ms (Linux /proc), NaN elsewhere. */
export function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return NaN;
  }
}

/**
 * `node $SERVER_DIST/main.js` on 127.0.0.1 (the first free port from `port`) against `databaseUrl` with `pool`
 * connections and a temporary DATA_DIR (and `env` over the environment), once /api/health answers. `signIn(account)`
 * answers a session's headers, `cpuMs()` the server process's CPU time; `stop()` (also deferred) ends it and removes
 * the data dir.
 */
export async function startServer({ databaseUrl, port = 18500, pool = 4, defer, client = jsonClient(8), env = {} }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'zk-bench-server-'));
  const chosen = await freePort(port);
  const server = spawn(process.execPath, [path.join(SERVER_DIST, 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(pool),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = null;
  const exit = new Promise((resolve) => server.once('exit', (code, signal) => resolve((exited = signal ?? `exit code ${code}`))));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (exited === null) {
      server.kill('SIGTERM');
      const killer = setTimeout(() => server.kill('SIGKILL'), 5000);
      await exit;
      clearTimeout(killer);
    }
    client.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  defer(stop);
  const base = `http://127.0.0.1:${chosen}`;
  for (let started = performance.now(); ; ) {
    if (exited !== null) throw new Error(`the server ended before answering (${exited})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (performance.now() - started > 60_000) throw new Error('the server did not answer /api/health within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const signIn = async (loginAccount, password = PASSWORD) => {
    const login = await client.post(`${base}/api/app/company/companyLogin`, {}, { loginAccount, password });
    if (login.code !== 200) throw new Error(`login of ${loginAccount} failed: ${login.msg}`);
    return { 'x-token': login.data.token };
  };
  return { pid: server.pid, base, dataDir, client, signIn, cpuMs: () => processCpuMs(server.pid), stop };
}

// ---------------------------------------------------------------------------------------------- databases

/** Whether PostgreSQL answers at `url` (its maintenance database when no name is given) within 3 s. */
export async function postgresReachable(url = `${POSTGRES_URL}/postgres`) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A pg.Pool on `url` of `max` connections, ended when the bench ends. */
export function openPool(url, max, defer) {
  const pool = new pg.Pool({ connectionString: url, max });
  defer(() => pool.end());
  return pool;
}

async function onMaintenance(url, statements) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
const nameOf = (url) => decodeURIComponent(new URL(url).pathname.slice(1));

/** Drops the database of `url`. */
export const dropDatabase = (url) => onMaintenance(url, [`drop database if exists "${nameOf(url)}" with (force)`]);

/**
 * The database of `url` dropped and made again, migrated by the server's own migrations, the platform data and
 * (with `demo`) the demo accounts seeded. Dropped at the end of a smoke run. The smoke runner makes such a
 * database once (BENCH_SMOKE_TEMPLATE, seeded with the demo accounts), and a smoke run copies it: migrating a
 * new PostgreSQL database takes seconds.
 */
export async function freshDatabase(url, { defer, demo = false }) {
  if (!(await postgresReachable())) skip(`PostgreSQL does not answer at ${POSTGRES_URL} (BENCH_POSTGRES_URL)`);
  const template = SMOKE ? process.env.BENCH_SMOKE_TEMPLATE : undefined;
  await onMaintenance(url, [`drop database if exists "${nameOf(url)}" with (force)`, `create database "${nameOf(url)}"${template ? ` template "${template}"` : ''}`]);
  if (SMOKE) defer(() => dropDatabase(url));
  if (!template) await migrateAndSeed(url, { demo });
  return url;
}

/** Migrates the database of `url` by the server's own migrations and seeds the platform data (and the demo accounts). */
export async function migrateAndSeed(url, { demo }) {
  const { openDatabase } = await serverModule('db/client.js');
  const { seedPlatform, seedDemo } = await serverModule('seed/seed.js');
  const database = await openDatabase({ url });
  try {
    await seedPlatform(database.db);
    if (demo) await seedDemo(database.db, { recruitment: false });
  } finally {
    await database.close();
  }
}

/** Makes the database of `url` anew (empty). */
export const createDatabase = (url) => onMaintenance(url, [`drop database if exists "${nameOf(url)}" with (force)`, `create database "${nameOf(url)}"`]);

/** The sizes of the tiny large data set a smoke run uses (apps/server/scripts/generate-large-dataset.mjs options). */
const TINY_DATASET = ['--talents', '3000', '--big', '2000', '--per-plan', '200', '--companies', '2'];

/** A fresh database `url` filled by generate-large-dataset.mjs with the tiny sizes; its output is shown only on failure. */
export async function makeTinyDataset(url) {
  const template = process.env.BENCH_SMOKE_TEMPLATE;
  await onMaintenance(url, [`drop database if exists "${nameOf(url)}" with (force)`, `create database "${nameOf(url)}"${template ? ` template "${template}"` : ''}`]);
  const script = path.join(ROOT, 'apps/server/scripts/generate-large-dataset.mjs');
  const output = [];
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...TINY_DATASET], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`generate-large-dataset.mjs failed (exit ${code}):\n${Buffer.concat(output).toString('utf8')}`);
  return url;
}

/**
 * The database filled by generate-large-dataset.mjs: DATABASE_URL; in a smoke run BENCH_SMOKE_DATASET_URL (the smoke
 * runner makes one for all benches) or a tiny one made here and dropped at the end.
 */
export async function largeDataset(defer) {
  if (SMOKE) {
    if (process.env.BENCH_SMOKE_DATASET_URL) return process.env.BENCH_SMOKE_DATASET_URL;
    if (!(await postgresReachable())) skip(`PostgreSQL does not answer at ${POSTGRES_URL} (BENCH_POSTGRES_URL)`);
    const url = `${POSTGRES_URL}/zk_smoke_dataset_${process.pid}`;
    defer(() => dropDatabase(url));
    console.log('making a tiny data set (generate-large-dataset.mjs) ...');
    return makeTinyDataset(url);
  }
  if (!process.env.DATABASE_URL) skip('DATABASE_URL is required (the database filled by apps/server/scripts/generate-large-dataset.mjs)');
  return process.env.DATABASE_URL;
}

/**
 * The first row of `text` on `pool`: what a bench needs from the data set. None: the data set lacks it — a word on
 * how to make it and exit 0, except in a smoke run, where the tiny data set must have it (a failure).
 */
export async function requireRow(pool, text, values, missing) {
  const [row] = (await pool.query(text, values)).rows;
  if (row) return row;
  if (SMOKE) throw new Error(`the data set lacks what the bench needs: ${missing}`);
  skip(missing);
}

// ---------------------------------------------------------------------------------------------- seeding

/**
 * Inserts in SQL, on `q` within the caller's transaction, a published plan of the demo admin's company whose sign-up
 * is over and whose written exam is done: `gates` (after the interview), its workflow items (资格审核, 笔试成绩录入,
 * 面试评分, the admin as assignee), `posts` ({ jobVacancy, places }) and `talents` talents (考生1 ...) to apply.
 * Answers the ids the bench goes on with: { companyId, adminId, planId, postIds }.
 */
export async function seedWrittenPlan(q, { name, gates = [], posts, talents }) {
  const [{ companyId, adminId }] = (await q(`select company_id as "companyId", id as "adminId" from staff_user where login_account = 'admin'`)).rows;
  const [{ planId }] = (
    await q(
      `insert into recruitment_plan (company_id, name, sign_up_start_date, sign_up_end_date, written_start_date, audition_start_date, status, interview_entry_ratio, gates)
       values ($1, $2, now() - interval '30 days', now() - interval '20 days', now() - interval '10 days', now() + interval '10 days', 'published', 3, $3::int[])
       returning id as "planId"`,
      [companyId, name, gates],
    )
  ).rows;
  const postIds = [];
  for (const { jobVacancy, places } of posts) {
    const [{ id }] = (await q(`insert into recruitment_info (company_id, plan_id, job_vacancy, places) values ($1, $2, $3, $4) returning id`, [companyId, planId, jobVacancy, places])).rows;
    postIds.push(id);
  }
  await q(
    `insert into workflow_item (company_id, plan_id, stage, sort, work_item, kind, assignee_id)
     values ($1, $2, 1, 1, '资格审核', 'verify', $3), ($1, $2, 2, 2, '笔试成绩录入', 'score', $3), ($1, $2, 3, 3, '面试评分', 'score', $3)`,
    [companyId, planId, adminId],
  );
  await q(
    `insert into talent (real_name, sex, birthday, identity_no, phone)
     select '考生' || g, '1', date '1995-01-01', lpad(g::text, 18, '0'), '139' || lpad(g::text, 8, '0') from generate_series(1, $1::int) g`,
    [talents],
  );
  return { companyId, adminId, planId, postIds };
}

/**
 * The tickets and written-score tasks of every application of `planId`; those at 22 (scores entered) have their
 * ticket confirmed and their score reviewed by `adminId`.
 */
export async function seedWrittenTasks(q, planId, adminId) {
  await q(
    `insert into application_stage (company_id, application_id, stage, plan_id, recruitment_id, ticket_code, issued_at, confirmed_by, confirmed_at)
     select a.company_id, a.id, 2, a.plan_id, a.recruitment_id, 'ZK' || lpad(a.id::text, 8, '0'), now(),
       case when a.status = 22 then $2::int end, case when a.status = 22 then now() end
     from candidate_application a where a.plan_id = $1`,
    [planId, adminId],
  );
  await q(
    `insert into application_task (company_id, application_id, workflow_item_id, status, score, verifier_id, verified_at)
     select a.company_id, a.id, i.id, case when a.status = 22 then 1 else 0 end, a.written_grade,
       case when a.status = 22 then $2::int end, case when a.status = 22 then now() end
     from candidate_application a join workflow_item i on i.plan_id = a.plan_id and i.stage = 2
     where a.plan_id = $1`,
    [planId, adminId],
  );
}

/**
 * Commits what was seeded on `q`, analyzes the tables filled and writes them out, as in a database whose data is
 * days old: the bench's first changes then log each page they change whole once.
 */
export async function commitSeeding(q) {
  await q('commit');
  for (const table of ['talent', 'candidate_application', 'application_stage', 'application_task']) await q(`vacuum analyze ${table}`);
  await q('checkpoint');
}
