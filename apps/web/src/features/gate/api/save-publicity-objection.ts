import { gateApplicationList, savePublicityObjection } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';

/** 公示: a candidate's objection note (the list shows it). */
export const useSavePublicityObjection = () => useEndpointMutation(savePublicityObjection, { invalidates: [gateApplicationList] });
