// What the load benchmarks (candidate-list.mjs, review-lists.mjs) share: options, figures, an HTTP client,
// the built server on the large data set, and workers that call back to back.
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
/** `--name N` as a number, else `fallback`. */
export const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
/** `--name text`, else ''. */
export const textOption = (name) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : '');

/** DATABASE_URL, or a word on how to get one and exit 0 (a measurement, not a test). */
export function benchDatabaseUrl() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('DATABASE_URL is required (the database filled by apps/server/scripts/generate-large-dataset.mjs)');
    process.exit(0);
  }
  return url;
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const ms = (value) => value.toFixed(1).padStart(7);
export const rate = (n) => n.toFixed(0).padStart(6);

/** p50, p95, p99 and requests per second of `latencies` (sorted here) gathered over `seconds`. */
export function summary(latencies, seconds) {
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    n: latencies.length,
  };
}

/** `concurrency` workers calling `fn` back to back for `seconds`, each call's time pushed to `latencies`. */
export async function runWorkers(concurrency, seconds, fn, latencies) {
  const until = performance.now() + seconds * 1000;
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
 * A JSON client on node:http with kept-alive sockets rather than fetch: the client shares the two cores with the
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
              reject(error);
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

/**
 * `node apps/server/dist/main.js` on 127.0.0.1:`port` against DATABASE_URL with `pool` connections, once it answers
 * /api/health; `signIn(account)` answers the headers of a session.
 */
export async function startServer({ port, pool, dataDir, client }) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATA_DIR: dataDir, DATABASE_POOL_SIZE: String(pool) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => server.kill('SIGTERM');
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      if (i > 500) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 20));
    }
  } catch (error) {
    stop();
    throw error;
  }
  const signIn = async (loginAccount) => {
    const login = await client.post(`${base}/api/app/company/companyLogin`, {}, { loginAccount, password: 'Zhaokao@2026' });
    if (login.code !== 200) throw new Error(`login failed: ${login.msg}`);
    return { 'x-token': login.data.token };
  };
  return { pid: server.pid, base, signIn, stop };
}
