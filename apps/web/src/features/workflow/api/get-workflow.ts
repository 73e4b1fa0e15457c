import { workflowList } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const workflowKey = ['workflow'];

/** Every stage's items of the plan; nothing is fetched until a plan is chosen. */
export const useWorkflow = (planId: number | undefined) =>
  useQuery({
    queryKey: [...workflowKey, planId],
    queryFn: () => call(workflowList, { planId: planId! }),
    enabled: planId !== undefined,
  });
