import { deletePost } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { departmentTreeKey } from '../../../lib/departments';
import { postListKey } from './get-post-list';

export const useDeletePost = () =>
  useMutation({
    mutationFn: (id: number) => call(deletePost, { id }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: postListKey });
      await queryClient.invalidateQueries({ queryKey: departmentTreeKey });
    },
  });
