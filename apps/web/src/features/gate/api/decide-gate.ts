import { decideGate } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { GATE_READS } from './gate-reads';

/** 合格 / 不合格 / 放弃 for the selected candidates (all or none). */
export const useDecideGate = () => useEndpointMutation(decideGate, { invalidates: GATE_READS });
