import { drawInterviewOrder } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { GROUP_READS } from './draw-reads';

/** 抽取面试顺序 of one group, with a seed or a new one (recorded). */
export const useDrawInterviewOrder = () => useEndpointMutation(drawInterviewOrder, { invalidates: GROUP_READS });
