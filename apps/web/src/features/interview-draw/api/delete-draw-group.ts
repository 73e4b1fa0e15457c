import { deleteInterviewDrawGroup } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { GROUP_READS } from './draw-reads';

/** 删除 a group with its draws, before any score of it. */
export const useDeleteInterviewDrawGroup = () => useEndpointMutation(deleteInterviewDrawGroup, { invalidates: GROUP_READS });
