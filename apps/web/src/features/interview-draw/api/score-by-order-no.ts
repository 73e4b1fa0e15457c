import { scoreByOrderNo } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { GROUP_READS } from './draw-reads';

/** 提交: the examiner's seat's score for one order number. */
export const useScoreByOrderNo = () => useEndpointMutation(scoreByOrderNo, { invalidates: GROUP_READS });
