import { type JobView, jobDetail, myJobList } from '@zhaokao/contracts';
import { invalidateEndpoints, useEndpointQuery } from './query';

/** While a job runs its progress is read this often; the header's 任务 list reads the list this often when nothing runs. */
const RUNNING_REFETCH_MS = 1000;
const IDLE_REFETCH_MS = 60_000;

export const isUnfinished = (job: Pick<JobView, 'status'>) => job.status === 'queued' || job.status === 'running';

/** How far a job is, in percent (0 until its total is known; 100 once done). */
export const jobPercent = (job: Pick<JobView, 'status' | 'done' | 'total'>) =>
  job.status === 'done' ? 100 : job.total > 0 ? Math.min(99, Math.floor((job.done / job.total) * 100)) : 0;

/** What a job is doing, in one line: waiting, its step and count, its outcome or why it failed. */
export function jobLine(job: JobView): string {
  if (job.status === 'queued') return '排队中，马上开始…';
  if (job.status === 'failed') return job.error || '任务失败，请重新提交';
  if (job.status === 'done') return job.summary || '已完成';
  const step = job.step || '正在处理';
  return job.total > 0 ? `${step}：${job.done} / ${job.total}` : `${step}…`;
}

/**
 * The signed-in user's jobs of the last 7 days (后台任务): read every second while one of them runs, every minute
 * otherwise (and at once after a page starts one: `jobStarted`). A failed read stops the polling until asked again.
 */
export const useMyJobs = () =>
  useEndpointQuery(
    myJobList,
    {},
    {
      silent: true,
      refetchInterval: (query) =>
        query.state.status === 'error' ? false : query.state.data?.list.some(isUnfinished) ? RUNNING_REFETCH_MS : IDLE_REFETCH_MS,
    },
  );

/** One job, read every second until it has ended (a refused read, e.g. a job of someone else's, stops it). */
export const useJob = (jobId: string | undefined) =>
  useEndpointQuery(jobDetail, jobId === undefined ? undefined : { jobId }, {
    refetchInterval: (query) => (query.state.status !== 'error' && (!query.state.data || isUnfinished(query.state.data)) ? RUNNING_REFETCH_MS : false),
    retry: false,
  });

/** A page started a job: the header's list shows it at once (and reads it every second from then on). */
export const jobStarted = () => invalidateEndpoints([myJobList]);
