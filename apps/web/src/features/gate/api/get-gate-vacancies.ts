import { type GateStageRow, gateVacancyList } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

/** The gate's vacancies for 递补, open ones first. */
export const useGateVacancies = (gate: GateStageRow, planId: number | undefined) =>
  useEndpointQuery(gateVacancyList, planId === undefined ? undefined : { gate: gate.stage, planId });
