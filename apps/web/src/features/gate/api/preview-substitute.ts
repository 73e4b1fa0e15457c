import { previewSubstitute } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

/** 递补's proposal for a vacancy, read afresh each time the dialog opens (others may be deciding meanwhile). */
export const usePreviewSubstitute = (vacancyId: number) =>
  useEndpointQuery(previewSubstitute, { vacancyId }, { retry: false, gcTime: 0, staleTime: 0 });
