import { buffer } from 'node:stream/consumers';
import { JOB_MISSING, type JobView, downloadJobFile, jobDetail, myJobList } from '@zhaokao/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../shared/errors.js';
import { defineFileRoute, defineRoute, runListExport } from '../../shared/route.js';
import { staffAsNow } from '../auth/index.js';
import { type JobRow, jobOf } from './jobs.js';
import { job } from './tables.js';

export const JOB_FILE_GONE = '文件已过期，请重新提交任务';
const RECENT_DAYS = 7;
const RECENT_MAX = 20;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function jobViewOf(row: JobRow): JobView {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    status: row.status,
    step: row.step,
    done: row.done,
    total: row.total,
    summary: row.result?.summary ?? '',
    fileUrl: row.status === 'done' && row.resultFileKey ? `/api/admin/job/${row.id}/file` : null,
    fileName: row.resultFileName,
    error: row.error,
    createdAt: iso(row.createdAt)!,
    finishedAt: iso(row.finishedAt),
  };
}

/** 后台任务: each staff member sees the jobs they started (their progress and results), no one else's. */
export function jobRoutes(app: FastifyInstance) {
  const { db, storage } = app.deps;

  // A long list's export (asked with `background=1`): the list as it is when the job runs, for its creator as they are then.
  app.deps.jobs.handle('export', {
    failure: '导出失败，请重新导出',
    async run({ job: row, progress }) {
      progress(0, 0, '正在导出');
      const staff = await staffAsNow(db, row.createdBy);
      if (!staff) throw badRequest('账号已停用，导出已取消');
      const { path, input } = row.params as { path: string; input: unknown };
      const file = await runListExport(app, path, input, staff);
      const body = Buffer.isBuffer(file.body) ? file.body : await buffer(file.body);
      return { summary: `已导出：${file.fileName}`, file: { body, fileName: file.fileName, extension: 'xlsx' } };
    },
  });

  defineRoute(app, myJobList, async ({ session }) => {
    const rows = await db
      .select()
      .from(job)
      .where(
        and(
          eq(job.companyId, session.companyId),
          eq(job.createdBy, session.userId),
          gt(job.createdAt, sql`now() - make_interval(days => ${RECENT_DAYS})`),
        ),
      )
      .orderBy(desc(job.createdAt))
      .limit(RECENT_MAX);
    return { list: rows.map(jobViewOf) };
  });

  const myJob = async (jobId: string, session: { companyId: number; userId: number }) => {
    const row = await jobOf(db, jobId, session);
    if (!row) throw notFound(JOB_MISSING);
    return row;
  };

  defineRoute(app, jobDetail, async ({ input, session }) => jobViewOf(await myJob(input.jobId, session)));

  defineFileRoute(app, downloadJobFile, async ({ input, session }) => {
    const row = await myJob(input.jobId, session);
    if (row.status !== 'done' || !row.resultFileName) throw notFound(JOB_MISSING);
    const file = row.resultFileKey ? await storage.read(row.resultFileKey) : null;
    if (!file) throw notFound(JOB_FILE_GONE);
    return { fileName: row.resultFileName, contentType: contentTypeOf(row.resultFileName), body: file };
  });
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const contentTypeOf = (fileName: string) => CONTENT_TYPES[fileName.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
