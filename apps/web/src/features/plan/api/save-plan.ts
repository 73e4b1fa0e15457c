import { type InputOf, savePlan } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { planListKey } from './get-plan-list';

export const useSavePlan = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof savePlan>) => call(savePlan, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planListKey }),
  });
