import { workflowStaffOptions } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

/** The company's enabled staff with their permissions: the accounts an examiner may sign in to the tablet with. */
export const useExaminerStaffOptions = () => useEndpointQuery(workflowStaffOptions, {});
