import { type InputOf, postList } from '@zhaokao/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const postListKey = ['post-list'];

export const usePostList = (input: InputOf<typeof postList>) =>
  useQuery({
    queryKey: [...postListKey, input],
    queryFn: () => call(postList, input),
    placeholderData: keepPreviousData,
  });
