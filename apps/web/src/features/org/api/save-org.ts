import { type InputOf, saveOrg } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { departmentTreeKey } from '../../../lib/departments';

export const useSaveOrg = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof saveOrg>) => call(saveOrg, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentTreeKey }),
  });
