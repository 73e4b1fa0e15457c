// runs on PostgreSQL too: the queue's own SQL (pg-boss) with its own connections, and the sweep's rule there (a stale heartbeat)
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import {
  JOB_INTERRUPTED, type JobView, assignSeats, batchUpdateAdmissionTicket, commitScoreImport, downloadJobFile,
  jobDetail, myJobList, saveExamSession, startPrintJob,
} from '@zhaokao/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateApplication, job } from '../../db/tables.js';
import { insertAwaitingScores, scoreSheet, scoreUpload } from '../../test/bulk-scores.js';
import { jobEnded } from '../../test/jobs.js';
import { insertExamPlan } from '../../test/exam.js';
import { type TestApp, createTestApp, expectError, useTestApp } from '../../test/app.js';
import { buildTestApp } from '../../test/templates.js';
import { rowsOf } from '../../shared/sql.js';
import { JOB_TIMING, Jobs } from './jobs.js';
import { InProcessQueue, PgBossQueue } from './queue.js';

const t = useTestApp({ jobQueue: true });
const onPostgres = process.env.TEST_DB === 'postgres';

/** The job's view, polled until it has ended; `seen` collects the progress it showed on the way. */
const ended = (jobId: string, token = t.admin, app: Pick<TestApp, 'call'> = t, seen: JobView[] = []) => jobEnded(app, jobId, token, { seen });

async function preview(token: string, planId: number, rows: (string | number)[][]) {
  const upload = scoreUpload(await scoreSheet(rows));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/recruitment/scoreImport/preview?planId=${planId}&type=2`,
    headers: { ...upload.headers, 'x-token': token },
    payload: upload.payload,
  });
  expect(res.json()).toMatchObject({ code: 200, data: { problemCount: 0 } });
  return res.json().data as { importId: string; rows: number };
}

const statuses = async (ids: number[]) =>
  (await t.db.select({ status: candidateApplication.status }).from(candidateApplication).where(inArray(candidateApplication.id, ids))).map((r) => r.status);

describe('a large score import', () => {
  let big: Awaited<ReturnType<typeof insertAwaitingScores>>;
  const progressMs = JOB_TIMING.progressMs;
  beforeAll(async () => {
    big = await insertAwaitingScores(t, 4_500);
    // Every progress the job writes is noted, whether or not a poll happens to fall on it (a fast database saves the
    // whole import between two polls); and each is written, not only one per JOB_TIMING.progressMs.
    await t.db.execute(sql`create table test_job_progress (status text, done int, total int)`);
    await t.db.execute(sql`create function test_note_job_progress() returns trigger language plpgsql as $$
      begin insert into test_job_progress values (new.status, new.done, new.total); return new; end $$`);
    await t.db.execute(sql`create trigger test_note_job_progress after update on job for each row execute function test_note_job_progress()`);
    JOB_TIMING.progressMs = 0;
  });
  afterAll(async () => {
    JOB_TIMING.progressMs = progressMs;
    await t.db.execute(sql`drop trigger test_note_job_progress on job`);
  });

  it('is saved by a job through the queue: checked again, then saved with its progress shown; only its creator sees it', async () => {
    const scores = big.applications.slice(0, 4_200);
    const { importId } = await preview(
      t.admin,
      big.plan.id,
      scores.map((a, k) => [a.ticketCode, a.realName, '统计员', k % 50 === 0 ? '缺考' : 60 + (k % 40)]),
    );
    const committed = await t.call(commitScoreImport, { importId }, { token: t.admin });
    expect(committed).toMatchObject({ code: 200, data: { saved: 0 } });
    const jobId = committed.data.jobId!;
    // the same import again while its job is under way
    expectError(await t.call(commitScoreImport, { importId }, { token: t.admin }), 409, '该导入正在后台保存，请在“任务”中查看进度');

    const seen: JobView[] = [];
    const done = await ended(jobId, t.admin, t, seen);
    expect(done).toMatchObject({ kind: 'scoreImport', status: 'done', done: 4_200, total: 4_200, summary: '已保存 4200 条成绩', error: '', fileUrl: null });
    expect(done.title).toBe('导入笔试成绩：大批成绩计划');
    expect(seen.every((view) => ['queued', 'running', 'done'].includes(view.status))).toBe(true);
    const written = await rowsOf<{ status: string; done: number; total: number }>(t.db, sql`select status, done, total from test_job_progress`);
    expect(written.some((row) => row.status === 'running' && row.done > 0 && row.done < 4_200 && row.total === 4_200)).toBe(true);
    expect(new Set(await statuses(scores.map((a) => a.id)))).toEqual(new Set([22]));
    expect(new Set(await statuses(big.applications.slice(4_200).map((a) => a.id)))).toEqual(new Set([21]));
    expectError(await t.call(commitScoreImport, { importId }, { token: t.admin }), 409, '该导入已保存');

    const mine = await t.call(myJobList, {}, { token: t.admin });
    expect(mine.data.list[0]).toMatchObject({ id: jobId, status: 'done' });
    expectError(await t.call(jobDetail, { jobId }, { token: t.hospital }), 404, '任务不存在');
    expectError(await t.call(jobDetail, { jobId }, { token: t.shenhe }), 404, '任务不存在');
    expect((await t.call(myJobList, {}, { token: t.shenhe })).data.list.map((j) => j.id)).not.toContain(jobId);
    expectError(await t.call(jobDetail, { jobId: randomUUID() }, { token: t.admin }), 404, '任务不存在');
    expectError(await t.call(jobDetail, { jobId: 'a' }, { token: t.admin }), 400, '任务不存在');
  });

  it('fails visibly, saving nothing, when a row can no longer take its score', async () => {
    const rest = big.applications.slice(4_200);
    const { importId } = await preview(
      t.admin,
      big.plan.id,
      // 300 rows: over SCORE_IMPORT_INLINE_ROWS with the saved ones of the first test, each saved again as a correction
      [...big.applications.slice(0, 2_000), ...rest].map((a) => [a.ticketCode, a.realName, '统计员', 75]),
    );
    // between the preview and the commit, one candidate left score entry (its results came out)
    await t.db.update(candidateApplication).set({ status: 23 }).where(eq(candidateApplication.id, rest[299]!.id));
    const committed = await t.call(commitScoreImport, { importId }, { token: t.admin });
    const failed = await ended(committed.data.jobId!);
    expect(failed).toMatchObject({ status: 'failed', error: '第 2301 行：该考生当前不能录入成绩', summary: '' });
    expect(new Set(await statuses(rest.slice(0, 299).map((a) => a.id)))).toEqual(new Set([21]));
  });
});

describe('a print job', () => {
  it('makes the PDF through the queue; the file is downloaded from the job list', async () => {
    const plan = await insertExamPlan(t.db, t.company1, {
      name: '任务打印计划',
      posts: [{ jobVacancy: '会计', places: 2, candidates: 6 }],
      written: [{ workItem: '笔试成绩', kind: 'score', assigneeId: t.adminId }],
      interview: [],
      reviewerId: t.shenheId,
    });
    const planId = plan.plan.id;
    expect((await t.call(saveExamSession, { planId, type: 2, rooms: [{ name: '第一考场', seats: 10 }] }, { token: t.admin })).code).toBe(200);
    expect((await t.call(assignSeats, { planId, type: 2, seed: 1 }, { token: t.admin })).data.seated).toBe(6);
    expect((await t.call(batchUpdateAdmissionTicket, { planId, type: 2 }, { token: t.admin })).data.done).toBe(6);
    const started = await t.call(startPrintJob, { planId, type: 2, kind: 'tickets' }, { token: t.admin });
    const done = await ended(started.data.jobId);
    expect(done).toMatchObject({ kind: 'print', status: 'done', done: 6, total: 6, summary: '已生成 6 张准考证', fileName: '任务打印计划-笔试准考证.pdf' });
    expect(done.fileUrl).toBe(`/api/admin/job/${done.id}/file`);
    const file = await t.get(done.fileUrl!, t.admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expectError(await t.call(downloadJobFile, { jobId: done.id }, { token: t.hospital }), 404, '任务不存在');
  });
});

/** A print job as a worker of a process that then died left it: running, its heartbeat old, tried `attempts` times. */
async function leftRunning(attempts: number) {
  const plan = await insertExamPlan(t.db, t.company1, {
    name: `重启计划${attempts}`,
    posts: [{ jobVacancy: '出纳', places: 1, candidates: 2 }],
    written: [{ workItem: '笔试成绩', kind: 'score', assigneeId: t.adminId }],
    interview: [],
    reviewerId: t.shenheId,
  });
  const planId = plan.plan.id;
  await t.call(saveExamSession, { planId, type: 2, rooms: [{ name: '第一考场', seats: 5 }] }, { token: t.admin });
  await t.call(assignSeats, { planId, type: 2, seed: 1 }, { token: t.admin });
  await t.call(batchUpdateAdmissionTicket, { planId, type: 2 }, { token: t.admin });
  const id = randomUUID();
  await t.db.insert(job).values({
    id,
    companyId: t.company1,
    createdBy: t.adminId,
    kind: 'print',
    title: '打印笔试准考证：重启计划',
    params: { planId, stage: 2, kind: 'tickets', origin: 'http://localhost', fileName: '重启.pdf' },
    status: 'running',
    done: 1,
    total: 2,
    attempts,
    worker: 'a-process-that-died',
    heartbeatAt: sql`now() - interval '5 minutes'`,
    startedAt: sql`now() - interval '6 minutes'`,
  });
  return id;
}

describe('a server restart', () => {

  let nextProcess: TestApp | undefined;
  afterAll(() => nextProcess?.close());

  it('runs a job left running by a process that died again, and fails one interrupted too often, saying so', async () => {
    const again = await leftRunning(1);
    const tooOften = await leftRunning(3);
    // the process that left them is gone: the test's own app takes no more jobs (nor finds them first)
    await t.app.deps.jobs.stop();
    // the next server process on the database (the test's own app goes on running beside it)
    if (onPostgres) nextProcess = await createTestApp({ sameDatabaseAs: t, jobQueue: true });
    else {
      const client = (t.db as unknown as { $client: PGlite }).$client;
      const queue = new PgBossQueue({ kind: 'pglite', pglite: client }, { workers: 1, pollingSeconds: 0.5 }, () => undefined);
      const app = await buildTestApp(t.db, `${t.uploadsDir}/..`, { queue });
      nextProcess = { ...t, app, close: () => app.close() };
    }
    const rerun = await ended(again);
    expect(rerun).toMatchObject({ status: 'done', done: 2, total: 2, summary: '已生成 2 张准考证', error: '' });
    const [row] = await t.db.select().from(job).where(eq(job.id, again));
    expect(row).toMatchObject({ attempts: 2, status: 'done' });
    expect(await ended(tooOften)).toMatchObject({ status: 'failed', error: JOB_INTERRUPTED });
    await nextProcess.close();
    nextProcess = undefined;
  });

  it('puts a running job back in the queue when the server stops, and the next start finishes it', async () => {
    const log = t.app.log;
    const storage = t.app.deps.storage;
    // a process whose job reports progress every 20 ms for as long as it is let run
    const stopping = new Jobs({ db: t.db, storage, log, transport: new InProcessQueue(), drainMs: 100 });
    stopping.handle('print', {
      failure: '生成 PDF 失败，请重试',
      async run({ progress }) {
        for (let done = 0; ; done++) {
          progress(done, 1_000);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    });
    await stopping.start();
    const id = await stopping.create(t.db, { companyId: t.company1, createdBy: t.adminId, kind: 'print', title: '停机测试', params: {}, total: 1_000 });
    await expect.poll(async () => (await t.db.select().from(job).where(eq(job.id, id)))[0]!.done, { timeout: 10_000 }).toBeGreaterThan(0);
    await stopping.stop();
    const [back] = await t.db.select().from(job).where(eq(job.id, id));
    expect(back).toMatchObject({ status: 'queued', attempts: 0, worker: null });

    // the next process finishes it
    const following = new Jobs({ db: t.db, storage, log, transport: new InProcessQueue(), drainMs: 100 });
    following.handle('print', { failure: '', run: async ({ progress }) => (progress(1_000), { summary: '已完成' }) });
    await following.start();
    await expect.poll(async () => (await t.db.select().from(job).where(eq(job.id, id)))[0]!.status, { timeout: 10_000 }).toBe('done');
    await following.stop();
    expect((await t.db.select().from(job).where(eq(job.id, id)))[0]).toMatchObject({ attempts: 1, done: 1_000, result: { summary: '已完成' } });
  });
});
