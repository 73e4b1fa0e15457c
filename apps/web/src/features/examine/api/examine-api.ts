import {
  candidateDetail,
  candidateTask,
  companyCandidateList,
  companyStatistics,
  duplicateCandidateGroups,
  getCompanyRecruitmentAuditList,
  judgeWorkflow,
  recruitmentAuditDetail,
  recruitmentWaitAuditList,
  reviewerStatistics,
  signUpFinalReview,
  submitAudit,
  updateCandidatePass,
} from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

const byApplication = (id: number | undefined) => (id === undefined ? undefined : { id });
const byPlan = (planId: number | undefined) => (planId === undefined ? undefined : { planId });

/** The detail dialog: the application with its job and company, the resume, and the tasks. */
export const useAuditDetail = (id: number | undefined) => useEndpointQuery(recruitmentAuditDetail, byApplication(id));
export const useApplicationResume = (id: number | undefined) => useEndpointQuery(candidateDetail, byApplication(id));
export const useApplicationTasks = (id: number | undefined) => useEndpointQuery(candidateTask, byApplication(id));

/** Whether the plan's sign-up stage has work items to review with. */
export const useWorkflowCheck = (planId: number | undefined) => useEndpointQuery(judgeWorkflow, byPlan(planId));

export const useReviewerStatistics = (planId: number | undefined) =>
  useEndpointQuery(reviewerStatistics, planId === undefined ? undefined : { planId, type: 1 });

/** Every plan's groups when no plan is chosen. */
export const useDuplicateGroups = (planId: number | undefined) => useEndpointQuery(duplicateCandidateGroups, { planId });

/** A decision changes the application's status, its tasks, and every count and list that shows them. */
const REVIEW_READS = [
  recruitmentWaitAuditList,
  getCompanyRecruitmentAuditList,
  recruitmentAuditDetail,
  candidateTask,
  companyStatistics,
  companyCandidateList,
  reviewerStatistics,
  signUpFinalReview,
  duplicateCandidateGroups,
];

export const useSubmitAudit = () => useEndpointMutation(submitAudit, { invalidates: REVIEW_READS });
export const useBatchPass = () => useEndpointMutation(updateCandidatePass, { invalidates: REVIEW_READS });
