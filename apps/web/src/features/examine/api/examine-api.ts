import {
  type CandidatePassFilter, candidatePassCount, duplicateCandidateGroups, judgeWorkflow, reviewerStatistics,
  updateCandidatePass,
} from '@zhaokao/contracts';
import { REVIEW_READS } from '../../../components/application-detail/detail-api';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

const byPlan = (planId: number | undefined) => (planId === undefined ? undefined : { planId });

/** Whether the plan's sign-up stage has work items to review with. */
export const useWorkflowCheck = (planId: number | undefined) => useEndpointQuery(judgeWorkflow, byPlan(planId));

export const useReviewerStatistics = (planId: number | undefined) =>
  useEndpointQuery(reviewerStatistics, planId === undefined ? undefined : { planId, type: 1 });

/** Every plan's groups when no plan is chosen. */
export const useDuplicateGroups = (planId: number | undefined) => useEndpointQuery(duplicateCandidateGroups, { planId });

export const useBatchPass = () => useEndpointMutation(updateCandidatePass, { invalidates: REVIEW_READS });

/** How many applications a batch pass of "all pages" takes (undefined: not asked). */
export const useCandidatePassCount = (filter: CandidatePassFilter | undefined) =>
  useEndpointQuery(candidatePassCount, filter === undefined ? undefined : { filter });
