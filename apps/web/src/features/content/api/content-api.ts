import { helpDetail, helpList } from '@zhaokao/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/query';

export const useHelpList = (keyword: string) => useEndpointQuery(helpList, { keyword }, { placeholderData: keepPreviousData });
export const useHelpDetail = (id: number | undefined) => useEndpointQuery(helpDetail, id === undefined ? undefined : { id });
