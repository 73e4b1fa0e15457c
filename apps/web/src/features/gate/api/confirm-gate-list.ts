import { confirmGateList } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { GATE_READS } from './gate-reads';

/** 确认名单: the previous step's passes enter the gate. */
export const useConfirmGateList = () => useEndpointMutation(confirmGateList, { invalidates: GATE_READS });
