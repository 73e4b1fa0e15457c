import { getSetMealList } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

export const useSetMealList = () => useEndpointQuery(getSetMealList, {});
