import { companyStatistics, statisticsPlanOptions } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const usePlanOptions = () =>
  useQuery({ queryKey: ['statistics', 'plan-options'], queryFn: () => call(statisticsPlanOptions, {}) });

export const usePlanStatistics = (planId: number | undefined) =>
  useQuery({
    queryKey: ['statistics', 'plan', planId],
    queryFn: () => call(companyStatistics, { planId: planId! }),
    enabled: planId !== undefined,
  });
