import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRINT_JOB_LIFETIME_MS, PrintJobs, printCount, viewOf } from './print-jobs.js';

const storage = () => ({ put: vi.fn(async () => {}), read: vi.fn(async () => null), remove: vi.fn(async () => {}) });

afterEach(() => vi.useRealTimers());

describe('PrintJobs', () => {
  it('finds a job only for its company, and forgets it and its file after an hour', async () => {
    vi.useFakeTimers();
    const files = storage();
    const jobs = new PrintJobs(files);
    const job = jobs.start(1, 2, 3, '准考证.pdf');
    expect(viewOf(job)).toMatchObject({ status: 'running', done: 0, total: 3, url: null });
    expect(jobs.find(job.jobId, 2)).toBeUndefined();
    await jobs.finish(job, Buffer.from('%PDF-'));
    expect(files.put).toHaveBeenCalledWith(`print-jobs/1/${job.jobId}.pdf`, Buffer.from('%PDF-'));
    expect(viewOf(jobs.find(job.jobId, 1)!)).toMatchObject({ status: 'done', done: 3, url: `/api/recruitment/admissionTicket/printJob/${job.jobId}/file` });
    vi.advanceTimersByTime(PRINT_JOB_LIFETIME_MS + 1);
    expect(jobs.find(job.jobId, 1)).toBeUndefined();
    expect(files.remove).toHaveBeenCalledWith(`print-jobs/1/${job.jobId}.pdf`);
  });

  it('counts tickets one by one, door labels and sign-in sheets one per room', () => {
    const rows = [{ roomId: 1 }, { roomId: 1 }, { roomId: 1 }, { roomId: 2 }, { roomId: 2 }];
    expect(printCount('tickets', rows)).toBe(5);
    expect(printCount('doorLabels', rows)).toBe(2);
    expect(printCount('signInSheets', rows)).toBe(2);
  });
});
