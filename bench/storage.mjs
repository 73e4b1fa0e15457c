#!/usr/bin/env node
// File uploads on the local disk against S3 (issue 26 “Object storage”), on PostgreSQL:
//   - through the real upload API (POST /api/admin/qiniu/imageUpload, multipart, as the web app sends it, signed in as
//     the demo admin): two built servers on one database, one with the files on its local disk, one with STORAGE=s3;
//   - the storage layer alone (`put` of the same file under a new key), both drivers, to tell the store's cost from
//     the API's.
// The S3 store is s3rver (a small S3 server in Node, the one the tests use) in a process of its own with its files in a
// temporary directory, on the same machine: it shows what the S3 driver costs (signing, HTTP, the HEAD before each
// PUT), not what a real service (MinIO, AWS, Kodo, OSS) would answer. The two sides alternate in --rounds slices, so
// that load from elsewhere on the machine falls on both alike. A measurement, not a test: exits 0 whatever the
// figures, 1 when it cannot run to its end (or an upload is refused).
//
//   npm run build -w @zhaokao/contracts && npm run build -w @zhaokao/server
//   node bench/storage.mjs [--seconds 8] [--rounds 4] [--concurrency 8] [--size-kb 100] [--port 18670]
//   node bench/storage.mjs --smoke    (short slices, in a database of its own, dropped at the end)
//
// It makes its own database (BENCH_STORAGE_URL, default postgres://postgres@127.0.0.1:5432/zk_storage_bench;
// dropped and made again on every run, migrated by the server's own migrations, the demo accounts seeded).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  bench, freshDatabase, ms, option, padColumns, POSTGRES_URL, printEnvironment, processCpuMs, rate, ROOT,
  runWorkers, serverModule, SMOKE, startServer, summary,
} from './harness.mjs';
import { PNG_SIGNATURE, pngChunk } from './png.mjs';

const SECONDS = Math.min(option('seconds', 8, 0.4), 60);
const ROUNDS = Math.max(1, Math.min(option('rounds', 4, 2), 20));
const CONCURRENCY = Math.min(option('concurrency', 8, 2), 64);
const SIZE = option('size-kb', 100, 20) * 1024;
const BUCKET = 'zhaokao-bench';
const url = process.env.BENCH_STORAGE_URL ?? `${POSTGRES_URL}/${SMOKE ? `zk_smoke_storage_${process.pid}` : 'zk_storage_bench'}`;
const UPLOAD_PATH = '/api/admin/qiniu/imageUpload?kind=image&public=0';

// ---- the file: a real 1×1 PNG of SIZE bytes, padded by a tEXt chunk, as the server checks the content

function pngOfSize(size) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const head = Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80])))]);
  const end = pngChunk('IEND', Buffer.alloc(0));
  const padding = Math.max(0, size - head.length - end.length - 12 - 8);
  return Buffer.concat([head, pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), randomBytes(padding).map((b) => 0x41 + (b % 26))])), end]);
}

// ---- the S3 server, in a process of its own

/** s3rver on a free port with BUCKET, files in a temporary directory; answers its endpoint, pid and stop(). */
async function startS3rver(defer) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'zk-bench-s3-'));
  const script = `
    import S3rver from 's3rver';
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: ${JSON.stringify(BUCKET)} }] });
    const { port } = await server.run();
    console.log(port);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await rm(directory, { recursive: true, force: true });
  };
  defer(stop);
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('exit', (code) => reject(new Error(`s3rver ended before answering (exit ${code})`)));
  });
  return { endpoint: `http://127.0.0.1:${port}`, pid: child.pid, cpuMs: () => processCpuMs(child.pid) };
}

// ---- uploads over HTTP

/** Multipart uploads of `file` to `base` with kept-alive sockets; answers the server's JSON answer. */
function uploader(base, headers, file) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const boundary = `----zhaokao${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="证件照.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = () =>
    new Promise((resolve, reject) => {
      const req = httpRequest(
        `${base}${UPLOAD_PATH}`,
        { method: 'POST', agent, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': payload.length } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (answer.code !== 200) reject(new Error(`upload answered ${res.statusCode}: ${answer.msg}`));
            else resolve(answer.data);
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { upload, close: () => agent.destroy() };
}

/**
 * Each side's `fn` run by CONCURRENCY workers for SECONDS in ROUNDS alternating slices (a b, b a, ...); answers the
 * summaries with `cpu` ms per call of each process in `cpuOf` (its name → a reader of its CPU time).
 */
async function alternate(sides) {
  const state = sides.map(() => ({ latencies: [], cpu: {} }));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides.map((_, i) => i) : sides.map((_, i) => sides.length - 1 - i);
    for (const i of order) {
      const { fn, cpuOf = {} } = sides[i];
      const before = Object.fromEntries(Object.entries(cpuOf).map(([name, read]) => [name, read()]));
      await runWorkers(CONCURRENCY, SECONDS / ROUNDS, fn, state[i].latencies);
      for (const [name, read] of Object.entries(cpuOf)) state[i].cpu[name] = (state[i].cpu[name] ?? 0) + read() - before[name];
    }
  }
  return state.map(({ latencies, cpu }) => {
    const result = summary(latencies, SECONDS);
    return result && { ...result, cpu: Object.fromEntries(Object.entries(cpu).map(([name, total]) => [name, total / result.n])) };
  });
}

function printTable(title, rows) {
  console.log(`\n— ${title}`);
  console.log(`${padColumns('side', 28)} ${'uploads/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}  CPU ms per upload`);
  for (const [name, x] of rows) {
    const cpu = Object.entries(x.cpu)
      .map(([process, value]) => `${process} ${Number.isFinite(value) ? value.toFixed(2) : '—'}`)
      .join(', ');
    console.log(`${padColumns(name, 28)} ${rate(x.rps).padStart(9)} ${ms(x.p50)} ${ms(x.p95)} ${ms(x.p99)} ${ms(x.max)}  ${cpu || '—'}  (${x.n} uploads)`);
  }
}

const benchCpu = () => processCpuMs(process.pid);
const ratio = (a, b) => (a && b ? (a / b).toFixed(2) : '—');

async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

await bench(async (defer) => {
  await freshDatabase(url, { defer, demo: true });
  const file = pngOfSize(SIZE);
  printEnvironment(
    `uploads of a ${Math.round(file.length / 1024)} KB PNG on the local disk and on S3 (s3rver, a process of its own) on PostgreSQL (${new URL(url).pathname.slice(1)}): ` +
      `${CONCURRENCY} at a time, ${SECONDS} s per side in ${ROUNDS} alternating slices`,
  );
  // the SDK's notice that its releases of 2027 will need Node 22
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const s3 = await startS3rver(defer);
  const s3Env = {
    STORAGE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const port = option('port', 18670);
  const local = await startServer({ databaseUrl: url, port, defer });
  const onS3 = await startServer({ databaseUrl: url, port: port + 1, defer, env: { ...s3Env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } });
  const localUploads = uploader(local.base, await local.signIn('admin'), file);
  const s3Uploads = uploader(onS3.base, await onS3.signIn('admin'), file);
  defer(() => localUploads.close());
  defer(() => s3Uploads.close());
  // warm-up: connections, the SDK's first requests, the JIT
  for (let i = 0; i < (SMOKE ? 2 : 20); i++) await Promise.all([localUploads.upload(), s3Uploads.upload()]);

  const [apiLocal, apiS3] = await alternate([
    { fn: localUploads.upload, cpuOf: { server: local.cpuMs } },
    { fn: s3Uploads.upload, cpuOf: { server: onS3.cpuMs, s3rver: s3.cpuMs } },
  ]);
  printTable('through the API (POST /api/admin/qiniu/imageUpload: checks, type by content, the store, a stored_file row)', [
    ['API, local disk', apiLocal],
    ['API, S3 (s3rver)', apiS3],
  ]);

  const { LocalStorage } = await serverModule('shared/storage.js');
  const { S3Storage } = await serverModule('shared/storage-s3.js');
  const layerDir = await mkdtemp(path.join(os.tmpdir(), 'zk-bench-layer-'));
  defer(() => rm(layerDir, { recursive: true, force: true }));
  const localStorage = new LocalStorage(layerDir);
  const s3Storage = new S3Storage({ endpoint: s3.endpoint, region: 'us-east-1', bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  defer(() => s3Storage.destroy());
  const put = (storage) => () => storage.put(`1/202611/${randomUUID()}.png`, file);
  for (let i = 0; i < (SMOKE ? 2 : 20); i++) await Promise.all([put(localStorage)(), put(s3Storage)()]);
  const [layerLocal, layerS3] = await alternate([
    { fn: put(localStorage), cpuOf: { bench: benchCpu } },
    { fn: put(s3Storage), cpuOf: { bench: benchCpu, s3rver: s3.cpuMs } },
  ]);
  printTable('the storage layer alone (put under a new key; S3: HEAD, then PUT If-None-Match: *)', [
    ['put, local disk', layerLocal],
    ['put, S3 (s3rver)', layerS3],
  ]);

  // every upload answered 200 (else the run stopped above); each is where its driver keeps it
  const warmUps = SMOKE ? 2 : 20;
  const inBucket = (await s3Storage.sizes()).size;
  const expectedInBucket = apiS3.n + layerS3.n + 2 * warmUps;
  const onDisk = await filesUnder(path.join(local.dataDir, 'uploads'));
  console.log(`\nin the bucket ${inBucket} objects (${expectedInBucket} expected); on the local server's disk ${onDisk} files (${apiLocal.n + warmUps} expected)`);
  if (inBucket !== expectedInBucket || onDisk !== apiLocal.n + warmUps) throw new Error('the stores do not hold what was uploaded');
  console.log(`S3 / local: API uploads/s ${ratio(apiS3.rps, apiLocal.rps)}, API p99 ${ratio(apiS3.p99, apiLocal.p99)}; storage layer p99 ${ratio(layerS3.p99, layerLocal.p99)}`);
});
