import {
  type ExamStage, admissionTicketPage, assignSeats, batchUpdateAdmissionTicket, candidateTask,
  closePlanSignUp, companyCandidateList, companyStatistics, examApplicationList, examRatioStatistics,
  getCompanyRecruitmentAuditList, examSessionDetail, myJobList, planList, recruitmentAuditDetail,
  saveExamSession, startPrintJob, verifyAdmissionTicket,
} from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** The plan's exam session of the stage: pattern, notes, rooms with their counts, and the seating counts. */
export const useExamSession = (planId: number | undefined, type: ExamStage) =>
  useEndpointQuery(examSessionDetail, planId === undefined ? undefined : { planId, type });

/** Rooms and seats show in the session, the ticket list and the stage's work list. */
const SEATING_READS = [examSessionDetail, admissionTicketPage, examApplicationList];

export const useSaveExamSession = () => useEndpointMutation(saveExamSession, { invalidates: SEATING_READS });
export const useAssignSeats = () => useEndpointMutation(assignSeats, { invalidates: SEATING_READS });

/** Issuing moves applications 20 → 21 (30 → 31): every list and count of statuses changes, and posts can no longer be cut. */
export const useIssueTickets = () =>
  useEndpointMutation(batchUpdateAdmissionTicket, {
    invalidates: [
      ...SEATING_READS,
      examRatioStatistics,
      companyStatistics,
      companyCandidateList,
      getCompanyRecruitmentAuditList,
      recruitmentAuditDetail,
      candidateTask,
    ],
  });

/** A print job is a 后台任务: the header's 任务 list shows it at once (its progress: lib/jobs.ts `useJob`). */
export const useStartPrintJob = () => useEndpointMutation(startPrintJob, { invalidates: [myJobList] });

/** The public answer for a ticket's QR code; a malformed token answers as not found, without a message. */
export const useTicketVerification = (token: string) =>
  useEndpointQuery(verifyAdmissionTicket, { token }, { silent: true, retry: false });

/** 关闭报名 from the ticket page: the session says whether tickets can be issued; the plan list shows who closed it. */
export const useCloseSignUp = () => useEndpointMutation(closePlanSignUp, { invalidates: [examSessionDetail, planList] });
