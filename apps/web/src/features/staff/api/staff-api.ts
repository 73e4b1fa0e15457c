import { deleteRole, resetStaffPassword, roleList, saveRole, saveStaff, setStaffEnabled, staffList } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

export const useRoles = () => useEndpointQuery(roleList, {});

/** A role shows in its list, and by name in the staff list; the role list counts its staff. */
const STAFF_READS = [staffList, roleList];

export const useSaveStaff = () => useEndpointMutation(saveStaff, { invalidates: STAFF_READS });
export const useSetStaffEnabled = () => useEndpointMutation(setStaffEnabled, { invalidates: [staffList] });
export const useResetStaffPassword = () => useEndpointMutation(resetStaffPassword);
export const useSaveRole = () => useEndpointMutation(saveRole, { invalidates: STAFF_READS });
export const useDeleteRole = () => useEndpointMutation(deleteRole, { invalidates: STAFF_READS });
