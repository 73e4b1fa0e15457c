import { deletePlan } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { planListKey } from './get-plan-list';

export const useDeletePlan = () =>
  useMutation({
    mutationFn: (id: number) => call(deletePlan, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planListKey }),
  });
