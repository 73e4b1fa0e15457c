import { companyCandidateList } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

/**
 * The plan's applications whose name or identity number begins with `keyword` (the first 20), for choosing whom a
 * conflict is with; nothing is asked before something is typed.
 */
export const useCandidateSearch = (planId: number, keyword: string) =>
  useEndpointQuery(companyCandidateList, keyword === '' ? undefined : { planId, keyword, pageNum: 1, pageSize: 20 }, { staleTime: 30_000 });
