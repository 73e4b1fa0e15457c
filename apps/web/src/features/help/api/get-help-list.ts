import { helpList } from '@zhaokao/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const useHelpList = (keyword: string) =>
  useQuery({ queryKey: ['help-list', keyword], queryFn: () => call(helpList, { keyword }), placeholderData: keepPreviousData });
