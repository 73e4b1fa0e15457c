// Usage (from playwright.config.ts): E2E_SERVERS='[{"port":8181,"env":{…}},…]' node start-servers.mjs
// Starts the browser tests' servers side by side (Playwright starts its webServer entries one after another, and each
// seeds the demo companies as it starts), prints "e2e servers ready" once every one answers its health check, and
// stops them all when it is stopped. A server given DATABASE_URL gets that database new and empty first, so that it
// starts on the seed alone; the others keep the built-in PGlite under their data dir, emptied first.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
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

/**
 * The SMS inbox (E2E_SMS_INBOX_PORT): answers Alibaba Cloud's `SendSms` as it answers a sent message, keeps the code
 * of each number's last message, and tells it at GET /codes/<phone> (404 when none was sent).
 */
function startSmsInbox(port) {
  const codes = new Map();
  const inbox = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url, 'http://inbox');
      const asked = /^\/codes\/(\d+)$/.exec(url.pathname);
      if (req.method === 'GET' && asked) {
        const code = codes.get(asked[1]);
        res.writeHead(code ? 200 : 404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ code: code ?? null }));
      }
      const params = Object.fromEntries(url.searchParams);
      if (String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        Object.assign(params, Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
      }
      if (params.PhoneNumbers && params.TemplateParam) codes.set(params.PhoneNumbers, JSON.parse(params.TemplateParam).code);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Code: 'OK', Message: 'OK', BizId: String(Date.now()), RequestId: String(Date.now()) }));
    });
  });
  return new Promise((resolve) => inbox.listen(port, '127.0.0.1', resolve));
}

if (process.env.E2E_SMS_INBOX_PORT) await startSmsInbox(Number(process.env.E2E_SMS_INBOX_PORT));
await Promise.all(servers.map(start));
console.log('e2e servers ready');
