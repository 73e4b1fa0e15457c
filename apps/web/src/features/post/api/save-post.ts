import { type InputOf, savePost } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { departmentTreeKey } from '../../../lib/departments';
import { postDetailKey } from './get-post-detail';
import { postListKey } from './get-post-list';

export const useSavePost = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof savePost>) => call(savePost, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: postListKey });
      await queryClient.invalidateQueries({ queryKey: postDetailKey });
      await queryClient.invalidateQueries({ queryKey: departmentTreeKey });
    },
  });
