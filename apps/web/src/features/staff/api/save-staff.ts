import { type InputOf, saveStaff } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { rolesKey } from './get-roles';
import { staffListKey } from './get-staff-list';

export const useSaveStaff = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof saveStaff>) => call(saveStaff, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffListKey });
      await queryClient.invalidateQueries({ queryKey: rolesKey });
    },
  });
