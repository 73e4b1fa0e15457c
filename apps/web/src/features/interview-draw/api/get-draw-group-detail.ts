import { interviewDrawGroupDetail } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

/** One group for staff: its candidates by order number with each seat's score (names once revealed). */
export const useInterviewDrawGroupDetail = (id: number) => useEndpointQuery(interviewDrawGroupDetail, { id }, { refetchOnMount: 'always' });
