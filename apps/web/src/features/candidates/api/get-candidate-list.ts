import { type InputOf, companyCandidateList } from '@zhaokao/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const candidateListKey = ['candidate-list'];

/** Paged on the server: only the page shown travels. */
export const useCandidateList = (input: InputOf<typeof companyCandidateList> | undefined) =>
  useQuery({
    queryKey: [...candidateListKey, input],
    queryFn: () => call(companyCandidateList, input!),
    enabled: input !== undefined,
    placeholderData: keepPreviousData,
  });
