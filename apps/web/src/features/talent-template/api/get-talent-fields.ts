import { talentFieldList } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The platform's resume field catalogue; it changes only with a new release. */
export const useTalentFields = () =>
  useQuery({ queryKey: ['talent-fields'], queryFn: () => call(talentFieldList, {}), staleTime: 10 * 60_000 });
