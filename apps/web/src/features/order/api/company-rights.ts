import { companyRightList } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

export const useCompanyRights = () => useEndpointQuery(companyRightList, {});
