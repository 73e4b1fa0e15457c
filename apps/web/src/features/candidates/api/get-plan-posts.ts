import { companyStatistics, statisticsPlanOptions } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The company's plans, for the plan selector. */
export const usePlanOptions = () =>
  useQuery({ queryKey: ['candidates', 'plan-options'], queryFn: () => call(statisticsPlanOptions, {}) });

/** The posts of a plan with their numbers of applicants, for the post selector. */
export const usePlanPosts = (planId: number | undefined) =>
  useQuery({
    queryKey: ['candidates', 'plan-posts', planId],
    queryFn: () => call(companyStatistics, { planId: planId! }),
    enabled: planId !== undefined,
    select: (data) => data.posts,
  });
