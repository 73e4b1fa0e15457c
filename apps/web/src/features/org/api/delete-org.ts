import { deleteOrg } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { departmentTreeKey } from '../../../lib/departments';

export const useDeleteOrg = () =>
  useMutation({
    mutationFn: (id: number) => call(deleteOrg, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentTreeKey }),
  });
