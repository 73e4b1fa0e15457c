import { type InputOf, saveCompanyInfo } from '@zhaokao/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { sessionUserKey } from '../../../lib/session';
import { companyInfoKey } from './get-company-info';

export const useSaveCompanyInfo = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof saveCompanyInfo>) => call(saveCompanyInfo, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: companyInfoKey });
      // The navbar and the home page show the company's name and logo.
      await queryClient.invalidateQueries({ queryKey: sessionUserKey });
      await queryClient.invalidateQueries({ queryKey: ['home-overview'] });
    },
  });
