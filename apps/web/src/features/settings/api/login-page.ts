import { type InputOf, getMyLoginPage, saveLoginPage } from '@zhaokao/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

const key = ['my-login-page'];

export const useMyLoginPage = () => useQuery({ queryKey: key, queryFn: () => call(getMyLoginPage, {}) });

export const useSaveLoginPage = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof saveLoginPage>) => call(saveLoginPage, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
