import { judgeWorkflow } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const judgeWorkflowKey = ['judge-workflow'];

export const useJudgeWorkflow = (planId: number | undefined) =>
  useQuery({
    queryKey: [...judgeWorkflowKey, planId],
    queryFn: () => call(judgeWorkflow, { planId: planId! }),
    enabled: planId !== undefined,
  });
