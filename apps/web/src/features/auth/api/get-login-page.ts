import { getLoginPage } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The company's own login page settings, for /login?id=<companyId>. */
export function useLoginPage(companyId: number | null) {
  return useQuery({
    queryKey: ['login-page', companyId],
    queryFn: () => call(getLoginPage, { companyId: companyId! }, { silent: true }),
    enabled: companyId !== null,
    staleTime: 5 * 60_000,
  });
}
