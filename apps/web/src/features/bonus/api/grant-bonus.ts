import { grantBonus } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { BONUS_READS } from './bonus-reads';

/** 登记加分: one category's bonus to one application, with the proof seen. */
export const useGrantBonus = () => useEndpointMutation(grantBonus, { invalidates: BONUS_READS });
