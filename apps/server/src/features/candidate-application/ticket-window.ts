import { EXAM_STAGES, type ExamStage, chinaDateTimeToDate, toChinaDateTime } from '@zhaokao/contracts';

const DAY_MS = 86_400_000;

/** The end of the exam's day in China time: the ticket of the stage can be downloaded until then. */
export const ticketWindowEnd = (examTime: Date) => new Date(chinaDateTimeToDate(`${toChinaDateTime(examTime).slice(0, 10)} 00:00`)!.getTime() + DAY_MS);

/**
 * Why the candidate cannot download the stage's ticket now, or '' when they can: it is offered from its issue to the
 * end of the exam's day, and on a plan that takes the fee after review only once the fee is paid.
 */
export function ticketRefusal(stage: ExamStage, ticket: { issued: boolean; examTime: Date; feeUnpaid: boolean }, now = new Date()): string {
  const name = EXAM_STAGES[stage];
  if (!ticket.issued) return `${name}准考证尚未发放`;
  if (now >= ticketWindowEnd(ticket.examTime)) return `${name}已结束，准考证已停止下载`;
  if (ticket.feeUnpaid) return `请先缴纳报名费，缴费后才能下载${name}准考证`;
  return '';
}
