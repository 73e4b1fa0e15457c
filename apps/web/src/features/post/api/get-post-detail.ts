import { getPostDetail } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const postDetailKey = ['post-detail'];

export const usePostDetail = (id: number | undefined) =>
  useQuery({
    queryKey: [...postDetailKey, id],
    queryFn: () => call(getPostDetail, { id: id! }),
    enabled: id !== undefined,
  });
