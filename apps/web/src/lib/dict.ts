import { type DictType, listSysDictByType } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client';

/** Dictionaries change only with a platform release, so each type is read once per page load. */
export function useDict(type: DictType) {
  return useQuery({
    queryKey: ['dict', type],
    queryFn: () => call(listSysDictByType, { type }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useDictLabel(type: DictType) {
  const { data } = useDict(type);
  return (value: string | number | null | undefined) =>
    data?.find((entry) => entry.value === String(value ?? ''))?.label ?? String(value ?? '');
}
