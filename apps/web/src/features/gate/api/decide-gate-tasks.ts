import { decideGateTasks } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { GATE_READS } from './gate-reads';

/** 通过 / 不通过 of the caller's current work items at a gate with 招录工作安排, for the selected candidates (all or none). */
export const useDecideGateTasks = () => useEndpointMutation(decideGateTasks, { invalidates: GATE_READS });
