#!/usr/bin/env node
// The benches' smoke run (`npm run test:bench`, part of `npm test`): every bench once with --smoke — tiny data,
// short slices — so that none rots unnoticed. web-and-start.mjs measures the web build already there (npm test
// builds it for the browser tests). It fails (exit 1) when a bench cannot run to its end, never on its
// figures. It needs the server build (apps/server/dist) and PostgreSQL at BENCH_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432); without PostgreSQL the benches that need it say SKIPPED.
//
// For the benches on PostgreSQL it makes two databases, both dropped at the end: a template (migrated, the platform
// data and the demo accounts seeded) that every bench's own database copies, and from it the large data set in tiny
// sizes (generate-large-dataset.mjs) that candidate-list, review-lists and talent-search share. Two benches run at
// a time.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, dropDatabase, makeTinyDataset, migrateAndSeed, postgresReachable, POSTGRES_URL, ROOT, SERVER_DIST } from './harness.mjs';

/** Longest a bench may take in a smoke run before it counts as hung. */
const TIMEOUT_MS = 240_000;
const started = performance.now();
const elapsed = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

if (!existsSync(path.join(SERVER_DIST, 'main.js'))) {
  console.log(`no server build at ${path.relative(ROOT, SERVER_DIST)}: run npm run build -w @zhaokao/contracts && npm run build -w @zhaokao/server first`);
  process.exit(1);
}

const running = new Set();
let stopping = false;
// stopped (Ctrl-C, a CI timeout): the benches running stop their servers and drop their databases, no other starts,
// and the databases made here are dropped below
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    for (const child of running) child.kill('SIGTERM');
  });
}

/** `node bench/<file> --smoke` with `env`; answers its exit, combined output and time. */
function runBench(file, env) {
  const t0 = performance.now();
  if (stopping) return Promise.resolve({ file, outcome: 'FAILED (not started: the smoke run was stopped)', text: '', took: '0 s' });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bench', file), '--smoke'], { cwd: ROOT, env });
    running.add(child);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    // SIGTERM first: the bench then stops its server and drops its databases
    let killer;
    const timer = setTimeout(() => {
      output.push(Buffer.from(`\n(stopped after ${TIMEOUT_MS / 1000} s)`));
      child.kill('SIGTERM');
      killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    }, TIMEOUT_MS);
    child.once('close', (code, signal) => {
      running.delete(child);
      clearTimeout(timer);
      clearTimeout(killer);
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      const outcome = code === 0 ? (/^SKIPPED: /m.test(text) ? 'skipped' : 'ok') : `FAILED (${signal ?? `exit ${code}`})`;
      resolve({ file, outcome, text, took: elapsed(t0) });
    });
  });
}

const results = [];
function report(result) {
  results.push(result);
  console.log(`\n== ${result.file}: ${result.outcome}, ${result.took}`);
  console.log(result.text.replace(/^/gm, '   '));
}

const postgres = await postgresReachable();
const template = `zk_smoke_template_${process.pid}`;
const dataset = `${POSTGRES_URL}/zk_smoke_dataset_${process.pid}`;
const env = { ...process.env };
/** Runs `files` one after the other, each reported as it ends. */
async function lane(files) {
  for (const file of files) report(await runBench(file, env));
}
try {
  // the PDF needs no database: it runs while the template is made
  const ticketPdf = runBench('ticket-pdf.mjs', env);
  if (postgres) {
    const t0 = performance.now();
    await createDatabase(`${POSTGRES_URL}/${template}`);
    await migrateAndSeed(`${POSTGRES_URL}/${template}`, { demo: true });
    console.log(`template database ${template}: migrated and seeded in ${elapsed(t0)}`);
    env.BENCH_SMOKE_TEMPLATE = process.env.BENCH_SMOKE_TEMPLATE = template;
    env.BENCH_SMOKE_DATASET_URL = dataset;
  } else {
    console.log(`PostgreSQL does not answer at ${POSTGRES_URL}: the benches that need it say SKIPPED`);
  }
  report(await ticketPdf);
  // two lanes at once (the machine has two cores; a smoke run's figures mean nothing), of about the same length: the
  // longest bench (web-and-start, which makes its own PGlite data) and one on the template; the data set, the
  // benches on it, and the other one on the template
  const onDataset = ['candidate-list.mjs', 'review-lists.mjs', 'talent-search.mjs'];
  await Promise.all([
    lane(['web-and-start.mjs', 'wallet-pay.mjs', 'candidate-apply.mjs']),
    (async () => {
      if (postgres) {
        const t1 = performance.now();
        try {
          await makeTinyDataset(dataset);
          console.log(`\ntiny large data set ${new URL(dataset).pathname.slice(1)}: made in ${elapsed(t1)}`);
        } catch (error) {
          for (const file of onDataset) report({ file, outcome: 'FAILED (no data set)', text: error.message, took: elapsed(t1) });
          return;
        }
      }
      await lane(onDataset);
      await lane(['scores.mjs', 'gates.mjs', 'storage.mjs']);
    })(),
  ]);
} finally {
  if (postgres) {
    await dropDatabase(dataset).catch((error) => console.log(`could not drop the data set: ${error.message}`));
    await dropDatabase(`${POSTGRES_URL}/${template}`).catch((error) => console.log(`could not drop the template: ${error.message}`));
  }
}

const failed = results.filter((r) => r.outcome.startsWith('FAILED'));
console.log(`\nbench smoke: ${results.map((r) => `${r.file} ${r.outcome.split(' ')[0]}`).join(', ')}; ${elapsed(started)} in all`);
process.exit(failed.length > 0 ? 1 : 0);
