import { z } from 'zod';
import { emptyInput, getEndpoint } from '../api.js';

/**
 * 后台任务: long work (a large score import, a batch of admission tickets as one PDF, the export of a long list) runs in the server's job queue;
 * the page shows its progress, and the header's 任务 list keeps it in sight while the user works elsewhere.
 */
export const JOB_KINDS = { scoreImport: '成绩导入', print: '打印', export: '导出' } as const;
export type JobKind = keyof typeof JOB_KINDS;

export const JOB_STATUSES = { queued: '排队中', running: '进行中', done: '已完成', failed: '失败' } as const;
export type JobStatus = keyof typeof JOB_STATUSES;

export const JOB_MISSING = '任务不存在';
/** The error of a job a server restart interrupted once too often (each interruption otherwise runs it again). */
export const JOB_INTERRUPTED = '服务重启，任务中断，请重新提交';

const jobIdInput = z.object({ jobId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, JOB_MISSING) });

export const jobView = z.object({
  id: z.string(),
  kind: z.enum(Object.keys(JOB_KINDS) as [JobKind, ...JobKind[]]),
  /** What the job does, as the user sees it (导入笔试成绩：某计划). */
  title: z.string(),
  status: z.enum(Object.keys(JOB_STATUSES) as [JobStatus, ...JobStatus[]]),
  /** What it is doing now (正在检查, 正在保存…); empty when nothing to say. */
  step: z.string(),
  /** Progress: `done` of `total` units (rows, tickets, rooms); total 0 while not yet known. */
  done: z.number().int(),
  total: z.number().int(),
  /** The outcome in one sentence once done (已保存 50000 条成绩). */
  summary: z.string(),
  /** Where the finished file is downloaded (signed-in), null when the job makes none or it is not ready. */
  fileUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  /** Why it failed, in Chinese; empty otherwise. */
  error: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobView = z.infer<typeof jobView>;

/** The caller's own jobs of the last 7 days, newest first (at most 20). */
export const myJobList = getEndpoint('/admin/job/list', {
  input: emptyInput,
  output: z.object({ list: z.array(jobView) }),
});

/** One of the caller's jobs (another person's, or another company's, is as good as missing). */
export const jobDetail = getEndpoint('/admin/job/:jobId', {
  input: jobIdInput,
  output: jobView,
});

/** The finished job's file (GET, answered as a file). */
export const downloadJobFile = getEndpoint('/admin/job/:jobId/file', {
  input: jobIdInput,
  output: z.unknown(),
});
