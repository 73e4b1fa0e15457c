import { postList } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

/** The posts of a plan a poster may be made of (the first 200, newest first, as the post list orders them). */
export const usePosterPosts = (planId: number | undefined) =>
  useEndpointQuery(postList, planId === undefined ? undefined : { planId, pageNum: 1, pageSize: 200 }, { select: (data) => data.list });

