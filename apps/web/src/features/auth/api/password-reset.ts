import { type InputOf, resetPassword, sendResetCode } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const useSendResetCode = () =>
  useMutation({ mutationFn: (input: InputOf<typeof sendResetCode>) => call(sendResetCode, input) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (input: InputOf<typeof resetPassword>) => call(resetPassword, input) });
