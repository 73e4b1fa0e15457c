import { deleteRole } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { rolesKey } from './get-roles';

export const useDeleteRole = () =>
  useMutation({
    mutationFn: (id: number) => call(deleteRole, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey }),
  });
