import { type InputOf, updateMyInfo } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { sessionUserKey } from '../../../lib/session';

export const useUpdateMyInfo = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof updateMyInfo>) => call(updateMyInfo, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionUserKey }),
  });
