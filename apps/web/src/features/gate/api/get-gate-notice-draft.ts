import { gateNoticeDraft } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';

/** The gate's list as a notice draft, asked when 生成公告 is pressed (nothing is stored until the notice is saved). */
export const useGateNoticeDraft = () => useEndpointMutation(gateNoticeDraft);
