import { type InputOf, saveRole } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { rolesKey } from './get-roles';

export const useSaveRole = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof saveRole>) => call(saveRole, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey }),
  });
