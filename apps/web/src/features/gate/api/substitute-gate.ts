import { substituteGate } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { GATE_READS } from './gate-reads';

/** 确认递补: the proposed candidate enters the gate and fills the vacancy. */
export const useSubstituteGate = () => useEndpointMutation(substituteGate, { invalidates: GATE_READS });
