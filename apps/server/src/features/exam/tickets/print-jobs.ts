import { randomBytes } from 'node:crypto';
import type { ExamStage, PrintJobView, PrintKind } from '@zhaokao/contracts';
import type { FileStorage } from '../../../shared/storage.js';

/** A finished job's PDF and its record are forgotten this long after the job started. */
export const PRINT_JOB_LIFETIME_MS = 60 * 60 * 1000;

export interface PrintJob {
  jobId: string;
  companyId: number;
  stage: ExamStage;
  status: PrintJobView['status'];
  done: number;
  total: number;
  fileName: string;
  error: string;
  /** The storage key of the finished PDF. */
  key: string | null;
  startedAt: number;
}

/** What a print job counts (its `total`, and `done` as it goes): tickets one by one; door labels and sign-in sheets one per room. */
export const printCount = (kind: PrintKind, rows: readonly { roomId: number }[]) =>
  kind === 'tickets' ? rows.length : new Set(rows.map((row) => row.roomId)).size;

/** Print jobs of this process (DESIGN: generated in the background, polled for progress, downloaded once done). */
export class PrintJobs {
  private readonly jobs = new Map<string, PrintJob>();

  constructor(private readonly storage: FileStorage) {}

  start(companyId: number, stage: ExamStage, total: number, fileName: string): PrintJob {
    this.forgetOld();
    const job: PrintJob = {
      jobId: randomBytes(16).toString('base64url'),
      companyId,
      stage,
      status: 'running',
      done: 0,
      total,
      fileName,
      error: '',
      key: null,
      startedAt: Date.now(),
    };
    this.jobs.set(job.jobId, job);
    return job;
  }

  /** The company's job, or undefined (another company's job is as good as missing). */
  find(jobId: string, companyId: number): PrintJob | undefined {
    this.forgetOld();
    const job = this.jobs.get(jobId);
    return job && job.companyId === companyId ? job : undefined;
  }

  async finish(job: PrintJob, pdf: Buffer) {
    const key = `print-jobs/${job.companyId}/${job.jobId}.pdf`;
    await this.storage.put(key, pdf);
    job.key = key;
    job.done = job.total;
    job.status = 'done';
  }

  fail(job: PrintJob, error: string) {
    job.status = 'failed';
    job.error = error;
  }

  private forgetOld() {
    const oldest = Date.now() - PRINT_JOB_LIFETIME_MS;
    for (const job of this.jobs.values()) {
      if (job.startedAt >= oldest) continue;
      this.jobs.delete(job.jobId);
      if (job.key) void this.storage.remove(job.key).catch(() => undefined);
    }
  }
}

export function viewOf(job: PrintJob): PrintJobView {
  return {
    jobId: job.jobId,
    status: job.status,
    done: job.done,
    total: job.total,
    url: job.status === 'done' ? `/api/recruitment/admissionTicket/printJob/${job.jobId}/file` : null,
    fileName: job.fileName,
    error: job.error,
  };
}
