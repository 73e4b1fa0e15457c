import { deleteOrg, orgTree, saveOrg, staffList } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';

/** Departments show in their tree, and by name in the staff list. */
const ORG_READS = [orgTree, staffList];

export const useSaveOrg = () => useEndpointMutation(saveOrg, { invalidates: ORG_READS });
export const useDeleteOrg = () => useEndpointMutation(deleteOrg, { invalidates: ORG_READS });
