import { type InputOf, staffList } from '@zhaokao/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const staffListKey = ['staff-list'];

export const useStaffList = (input: InputOf<typeof staffList>) =>
  useQuery({
    queryKey: [...staffListKey, input],
    queryFn: () => call(staffList, input),
    placeholderData: keepPreviousData,
  });
