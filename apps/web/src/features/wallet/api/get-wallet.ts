import { companyWallet } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const useCompanyWallet = (companyId: number | undefined) =>
  useQuery({
    queryKey: ['wallet', companyId],
    queryFn: () => call(companyWallet, { id: companyId! }),
    enabled: companyId !== undefined,
  });
