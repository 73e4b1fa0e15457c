import { bonusNoticeDraft } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';

/** The grants in force as a notice draft, asked when 生成公告 is pressed (nothing is stored until the notice is saved). */
export const useBonusNoticeDraft = () => useEndpointMutation(bonusNoticeDraft);
