import { getFunctionList } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

export const useFunctionList = () => useEndpointQuery(getFunctionList, {});
