import { saveInterviewDrawGroup } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { GROUP_READS } from './draw-reads';

/** 添加 / 编辑 a group: room, date, posts (a change clears its draws). */
export const useSaveInterviewDrawGroup = () => useEndpointMutation(saveInterviewDrawGroup, { invalidates: GROUP_READS });
