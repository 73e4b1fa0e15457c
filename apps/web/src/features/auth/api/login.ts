import { companyLogin, type InputOf } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const useLogin = () => useMutation({ mutationFn: (input: InputOf<typeof companyLogin>) => call(companyLogin, input) });
