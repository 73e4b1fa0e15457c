import { type InputOf, setPlanStatus } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { planListKey } from './get-plan-list';

export const useSetPlanStatus = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof setPlanStatus>) => call(setPlanStatus, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planListKey }),
  });
