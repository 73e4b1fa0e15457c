import { myInterviewDrawGroup } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

/**
 * One of the examiner's groups: its candidates by order number only, with the examiner's own scores. Refetched every
 * 30 s while open, so that the chief's view and a review's lock follow without reloading. A refusal (not drawn into it: 403)
 * is shown in the page's place, not as a toast.
 */
export const useMyDrawGroup = (groupId: number) =>
  useEndpointQuery(myInterviewDrawGroup, { groupId }, { refetchOnMount: 'always', refetchInterval: 30_000, retry: false, silent: true });
