import { saveBonusSettings } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { BONUS_READS } from './bonus-reads';

/** 保存: the cap, the stacking rule and the categories as a whole. */
export const useSaveBonusSettings = () => useEndpointMutation(saveBonusSettings, { invalidates: BONUS_READS });
