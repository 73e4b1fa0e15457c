import { planOptions } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Always refetched when a page opens: plans are edited on their own page. */
export const usePlanOptions = () =>
  useQuery({ queryKey: ['plan-options'], queryFn: () => call(planOptions, {}), refetchOnMount: 'always' });
