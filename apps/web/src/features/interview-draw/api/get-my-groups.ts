import { myInterviewDrawGroups } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

/** The groups the signed-in examiner was drawn into, newest date first. */
export const useMyDrawGroups = () => useEndpointQuery(myInterviewDrawGroups, {}, { refetchOnMount: 'always' });
