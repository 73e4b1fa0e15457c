import { type InputOf, updatePassword } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const useUpdatePassword = () =>
  useMutation({ mutationFn: (input: InputOf<typeof updatePassword>) => call(updatePassword, input) });
