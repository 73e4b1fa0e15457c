import { type InputOf, planList } from '@zhaokao/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const planListKey = ['plan-list'];

export const usePlanList = (input: InputOf<typeof planList>) =>
  useQuery({
    queryKey: [...planListKey, input],
    queryFn: () => call(planList, input),
    placeholderData: keepPreviousData,
    // Post and application counts change on other pages.
    refetchOnMount: 'always',
  });
