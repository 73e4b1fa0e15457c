// Usage (from playwright.config.ts): E2E_SERVERS='[{"port":8181,"env":{…}},…]' node start-servers.mjs
// Starts the browser tests' servers side by side (Playwright starts its webServer entries one after another, and each
// seeds the demo companies as it starts), prints "e2e servers ready" once every one answers its health check, and
// stops them all when it is stopped. A server given DATABASE_URL gets that database new and empty first, so that it
// starts on the seed alone; the others keep the built-in PGlite under their data dir, emptied first.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createDatabase } from '../bench/harness.mjs';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
const children = [];
const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGTERM', () => (stopAll(), process.exit(0)));
process.on('SIGINT', () => (stopAll(), process.exit(0)));

async function start({ port, env }) {
  rmSync(env.DATA_DIR, { recursive: true, force: true });
  if (env.DATABASE_URL) {
    const name = decodeURIComponent(new URL(env.DATABASE_URL).pathname.slice(1));
    if (!/^zhaokao_e2e_[0-9]+$/.test(name)) throw new Error(`not a browser-test database name: ${name}`);
    await createDatabase(env.DATABASE_URL);
  }
  const child = spawn(process.execPath, ['../apps/server/dist/main.js'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  child.once('exit', (code) => {
    console.error(`the browser-test server on port ${port} stopped (exit code ${code})`);
    stopAll();
    process.exit(1);
  });
  const health = `http://localhost:${port}/api/health`;
  while (!(await fetch(health).then((res) => res.ok, () => false))) await new Promise((resolve) => setTimeout(resolve, 200));
}

await Promise.all(servers.map(start));
console.log('e2e servers ready');
