import { deleteInterviewConflict } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { CONFLICT_READS } from './draw-reads';

/** 删除 a declared conflict. */
export const useDeleteInterviewConflict = () => useEndpointMutation(deleteInterviewConflict, { invalidates: CONFLICT_READS });
