import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** An answer of the server: `{ code, msg, data }`. */
export interface ServerAnswer {
  code: number;
  msg: string;
  data: Record<string, unknown>;
}

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/**
 * A real server process (`node src/main.ts`) with `env` over the test's own (a free port on 127.0.0.1, no demo seed);
 * answers once it listens. The caller kills it when done (`process.kill('SIGKILL')`).
 */
export async function startServerProcess(env: Record<string, string>, startMs = 120_000) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitFor(() => /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(output) || child.exitCode !== null, startMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  if (!url) throw new Error(`the server did not start:\n${output}`);
  return {
    process: child,
    url,
    exited,
    log: () => output,
    /** A call as a client makes it (`body` as JSON, GET without one), answered whatever its code. */
    async send(method: 'GET' | 'POST', route: string, body?: object, token?: string): Promise<ServerAnswer> {
      const headers = { ...(body && { 'content-type': 'application/json' }), ...(token && { 'x-token': token }) };
      const res = await fetch(`${url}${route}`, method === 'GET' ? { headers } : { method, headers, body: JSON.stringify(body ?? {}) });
      return (await res.json()) as ServerAnswer;
    },
  };
}

/** Polls `condition` every 100 ms until it holds; throws after `timeoutMs`. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
