import { type InputOf, saveWorkflow } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { workflowKey } from './get-workflow';
import { judgeWorkflowKey } from './judge-workflow';

export const useSaveWorkflow = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof saveWorkflow>) => call(saveWorkflow, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: workflowKey });
      await queryClient.invalidateQueries({ queryKey: judgeWorkflowKey });
    },
  });
