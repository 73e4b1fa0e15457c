import {
  adjustPost, candidateTask, companyStatistics, confirmInterviewList, examApplicationList,
  examRatioStatistics, getPostDetail, recruitmentAuditDetail, writtenPassStatistics,
} from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

const byPlan = (planId: number | undefined) => (planId === undefined ? undefined : { planId });

/** 报名通过人员统计: each post's places, sign-up passes and 开考比例. */
export const useExamRatioStatistics = (planId: number | undefined) => useEndpointQuery(examRatioStatistics, byPlan(planId));

/** Cancelling or reducing a post changes its places wherever they are shown. */
export const useAdjustPost = () =>
  useEndpointMutation(adjustPost, { invalidates: [examRatioStatistics, companyStatistics, writtenPassStatistics, getPostDetail, recruitmentAuditDetail] });

/** 笔试通过人员统计: each post's written results. */
export const useWrittenPassStatistics = (planId: number | undefined) => useEndpointQuery(writtenPassStatistics, byPlan(planId));

/** 确认面试名单 moves the post's written passes on to the interview (24 → 30). */
export const useConfirmInterviewList = () =>
  useEndpointMutation(confirmInterviewList, { invalidates: [writtenPassStatistics, examApplicationList, companyStatistics, recruitmentAuditDetail, candidateTask] });

/** The post behind /writtenExamination/jobdetails. */
export const usePostDetail = (id: number | undefined) => useEndpointQuery(getPostDetail, id === undefined ? undefined : { id });
