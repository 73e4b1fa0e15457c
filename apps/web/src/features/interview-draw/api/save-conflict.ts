import { saveInterviewConflict } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { CONFLICT_READS } from './draw-reads';

/** 登记回避: an examiner's conflict with a candidate or a whole post, with a reason. */
export const useSaveInterviewConflict = () => useEndpointMutation(saveInterviewConflict, { invalidates: CONFLICT_READS });
