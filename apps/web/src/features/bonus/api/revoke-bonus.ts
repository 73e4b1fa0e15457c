import { revokeBonus } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { BONUS_READS } from './bonus-reads';

/** 撤销: a grant in force, with a reason. */
export const useRevokeBonus = () => useEndpointMutation(revokeBonus, { invalidates: BONUS_READS });
