import { type InputOf, setStaffEnabled } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { staffListKey } from './get-staff-list';

export const useSetStaffEnabled = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof setStaffEnabled>) => call(setStaffEnabled, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffListKey }),
  });
