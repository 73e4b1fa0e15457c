import { EXAM_STAGES, type ExamStage, PRINT_KINDS, type PrintJobView, type PrintKind } from '@zhaokao/contracts';
import { and, eq } from 'drizzle-orm';
import { recruitmentPlan } from '../../../db/tables.js';
import { badRequest, notFound } from '../../../shared/errors.js';
import type { JobHandler, JobRow } from '../../job/index.js';
import { printHeaderOf, printRows, renderPrint } from './print.js';

/** What a print job's row keeps for its worker: the call's choice, and the address its QR codes lead to. */
export interface PrintParams {
  planId: number;
  stage: ExamStage;
  kind: PrintKind;
  roomId?: number;
  ids?: number[];
  /** The site's address when the job was started (the worker has no request to ask). */
  origin: string;
  fileName: string;
}

/** What a print job counts (its `total`, and `done` as it goes): tickets one by one; door labels and sign-in sheets one per room. */
export const printCount = (kind: PrintKind, rows: readonly { roomId: number }[]) =>
  kind === 'tickets' ? rows.length : new Set(rows.map((row) => row.roomId)).size;

const UNITS: Record<PrintKind, string> = { tickets: '张准考证', doorLabels: '个考场的门贴', signInSheets: '个考场的签到表' };

/**
 * The worker of a print job (后台任务 of kind `print`): reads the issued tickets as they are now, renders them with
 * progress, and leaves the PDF for download. Interrupted by a restart, it renders again from the start.
 */
export const printJobHandler: JobHandler = {
  failure: '生成 PDF 失败，请重试',
  async run({ job, db, storage, progress }) {
    const params = job.params as unknown as PrintParams;
    const [plan] = await db
      .select()
      .from(recruitmentPlan)
      .where(and(eq(recruitmentPlan.id, params.planId), eq(recruitmentPlan.companyId, job.companyId)));
    if (!plan) throw notFound('招录计划不存在');
    const rows = await printRows(db, job.companyId, plan.id, params.stage, { roomId: params.roomId, ids: params.ids });
    if (rows.length === 0) throw badRequest('没有已发放的准考证可打印');
    const header = await printHeaderOf(db, job.companyId, plan, params.stage);
    const total = printCount(params.kind, rows);
    progress(0, total, `正在生成${PRINT_KINDS[params.kind]}`);
    const pdf = await renderPrint(storage, params.kind, header, rows, params.origin, (done) => progress(done));
    return {
      summary: `已生成 ${total} ${UNITS[params.kind]}`,
      result: { count: total },
      file: { body: pdf, fileName: params.fileName, extension: 'pdf' },
    };
  },
};

/** The title of a print job in the user's list of jobs. */
export const printJobTitle = (planName: string, stage: ExamStage, kind: PrintKind, roomName?: string) =>
  `打印${EXAM_STAGES[stage]}${PRINT_KINDS[kind]}：${planName}${roomName ? `（${roomName}）` : ''}`;

/** A print job as the print contracts show it (they know no queue: a queued job is running to them). */
export function viewOf(job: JobRow): PrintJobView {
  const params = job.params as unknown as PrintParams;
  const status = job.status === 'queued' ? 'running' : job.status;
  return {
    jobId: job.id,
    status,
    done: job.done,
    total: job.total,
    url: status === 'done' && job.resultFileKey ? `/api/recruitment/admissionTicket/printJob/${job.id}/file` : null,
    fileName: job.resultFileName ?? params.fileName,
    error: job.error,
  };
}
