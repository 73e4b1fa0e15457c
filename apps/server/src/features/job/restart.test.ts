// runs on PostgreSQL too: a job of a server process killed mid-run, on PostgreSQL found by its stale heartbeat
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { JobView } from '@zhaokao/contracts';
import { inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, expect, inject, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { staffUser } from '../../db/tables.js';
import { DEMO_PASSWORD, type TestApp, createTestApp } from '../../test/app.js';
import { insertAwaitingScores } from '../../test/bulk-scores.js';
import { startServerProcess, waitFor } from '../../test/server-process.js';
import { rowsOf } from '../../shared/sql.js';

/*
 * done-when 1 of issue 26: a job killed mid-run by a server restart resumes or fails visibly. Two real server processes
 * (`node src/main.ts`), one after the other on one database: the first starts a 600-ticket PDF and is killed (SIGKILL)
 * while it renders; the second finds the job left running and makes the PDF.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const TICKETS = 600;

let dataDir: string;
let t: TestApp | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** 600 applications of company 1 awaiting their written ticket, in `db`. */
async function insertCandidates(db: Db) {
  const staff = await db.select().from(staffUser).where(inArray(staffUser.loginAccount, ['admin', 'shenhe']));
  const admin = staff.find((s) => s.loginAccount === 'admin')!;
  const shenhe = staff.find((s) => s.loginAccount === 'shenhe')!;
  const { plan } = await insertAwaitingScores({ db, company1: admin.companyId, adminId: admin.id, shenheId: shenhe.id }, TICKETS, '重启打印计划', 20);
  return plan.id;
}

it('a PDF whose server was killed mid-run is made by the next server process', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'zhaokao-restart-'));
  let planId: number;
  let env: Record<string, string>;
  if (onPostgres) {
    t = await createTestApp();
    planId = await insertCandidates(t.db);
    // the test's own app runs no jobs: the two server processes are the only ones on the database
    await t.app.deps.jobs.stop();
    env = { DATABASE_URL: t.databaseUrl! };
  } else {
    // the embedded database in the data dir, as `npm start` keeps it: a copy of the test template
    const client = new PGlite(path.join(dataDir, 'db'), { loadDataDir: new Blob([await readFile(inject('databaseTemplates').plain.source)]) });
    await client.waitReady;
    planId = await insertCandidates(drizzle(client));
    await client.close();
    env = { DATABASE_URL: '' };
  }

  const first = await startServer(env);
  const token = (await first.call('POST', '/api/app/company/companyLogin', { loginAccount: 'admin', password: DEMO_PASSWORD })).token as string;
  const rooms = Array.from({ length: 3 }, (_, k) => ({ name: `第${k + 1}考场`, seats: 200 }));
  await first.call('POST', '/api/recruitment/admissionTicket/saveSetting', { planId, type: 2, rooms }, token);
  await first.call('POST', '/api/recruitment/admissionTicket/assignSeats', { planId, type: 2, seed: 1 }, token);
  expect((await first.call('POST', '/api/recruitment/batchUpdateAdmissionTicket', { planId, type: 2 }, token)).done).toBe(TICKETS);
  const { jobId } = (await first.call('POST', '/api/recruitment/admissionTicket/print', { planId, type: 2, kind: 'tickets' }, token)) as { jobId: string };
  const job = (server: Awaited<ReturnType<typeof startServer>>) => server.call('GET', `/api/admin/job/${jobId}`, undefined, token) as Promise<JobView>;
  await waitFor(async () => {
    const view = await job(first);
    return view.status === 'running' && view.done >= 30;
  }, 120_000);
  first.process.kill('SIGKILL');
  await first.exited;
  const left = await ownerView(jobId, onPostgres ? t!.db : undefined);

  if (onPostgres && t) {
    // a minute without a heartbeat: on PostgreSQL that is how another process tells a dead one from a busy one
    await t.db.execute(sql`update job set heartbeat_at = now() - interval '2 minutes' where id = ${jobId}`);
  }
  const second = await startServer(env);
  await waitFor(async () => (await job(second)).status === 'done', 180_000);
  const done = await job(second);
  expect(done).toMatchObject({ status: 'done', done: TICKETS, total: TICKETS, summary: `已生成 ${TICKETS} 张准考证`, error: '' });
  if (onPostgres) expect(left).toBe('running');
  const pdf = await fetch(`${second.url}${done.fileUrl}`, { headers: { 'x-token': token } });
  expect(pdf.status).toBe(200);
  const body = Buffer.from(await pdf.arrayBuffer());
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  expect(body.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(TICKETS / 2);
  expect(second.log()).toContain('jobs of a stopped server process: queued again or failed');
}, 420_000);

/** PostgreSQL: the job's status as the killed process left it (PGlite: the data dir is the next process's alone). */
async function ownerView(jobId: string, db: Db | undefined) {
  if (!db) return undefined;
  const [row] = await rowsOf<{ status: string }>(db, sql`select status from job where id = ${jobId}`);
  return row?.status;
}

/** `node src/main.ts` on the test's database and data dir, with one job worker. */
async function startServer(env: Record<string, string>) {
  const server = await startServerProcess({ ...env, DATA_DIR: dataDir, JOB_WORKERS: '1' });
  children.push(server.process);
  return {
    ...server,
    /** A call that must succeed: its `data`. */
    async call(method: 'GET' | 'POST', route: string, body?: object, token?: string) {
      const answer = await server.send(method, route, body, token);
      if (answer.code !== 200) throw new Error(`${route}: ${answer.msg}`);
      return answer.data;
    },
  };
}
