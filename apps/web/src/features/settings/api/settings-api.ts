import { getMyLoginPage, saveLoginPage } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

export const useMyLoginPage = () => useEndpointQuery(getMyLoginPage, {});
export const useSaveLoginPage = () => useEndpointMutation(saveLoginPage, { invalidates: [getMyLoginPage] });
