import { homeOverview } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

export const useHomeOverview = () => useEndpointQuery(homeOverview, {});
