import { companyWallet } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

export const useCompanyWallet = (companyId: number | undefined) =>
  useEndpointQuery(companyWallet, companyId === undefined ? undefined : { id: companyId });
