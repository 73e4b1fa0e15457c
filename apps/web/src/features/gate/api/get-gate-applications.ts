import { type GateResult, type GateStageRow, GATE_RESULTS, gateApplicationList, gateStatuses } from '@zhaokao/contracts';
import { usePlanPagedList } from '../../../components/PlanSelect';
import { planHas } from '../../../lib/plan-choice';

export const GATE_RESULT_LIST = Object.keys(GATE_RESULTS) as GateResult[];

export const GATE_LIST_FILTERS = { planId: 'id', recruitmentId: 'id', result: GATE_RESULT_LIST, keyword: 'text' } as const;

/** The plans a gate's page opens on first: those holding candidates at the gate. */
export const gateHasData = (gate: GateStageRow) => planHas.statuses(gateStatuses(gate));

/**
 * A gate's list, 20 a page, with its filters in the address; the plan chosen there, else the latest plan holding
 * candidates at this gate (or the user's last choice).
 */
export const useGateApplicationList = (gate: GateStageRow) =>
  usePlanPagedList(gateApplicationList, {
    label: `${gate.name}名单`,
    filters: GATE_LIST_FILTERS,
    hasData: gateHasData(gate),
    input: (chosen, page) => ({ ...chosen, gate: gate.stage, ...page }),
  });
