import { type InputOf, resetStaffPassword } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const useResetStaffPassword = () =>
  useMutation({ mutationFn: (input: InputOf<typeof resetStaffPassword>) => call(resetStaffPassword, input) });
