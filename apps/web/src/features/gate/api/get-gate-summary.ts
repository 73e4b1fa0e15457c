import { EXAM_STAGES, type ExamStage, GATE_STAGE_TABLE, type GateStageRow, gateSummary } from '@zhaokao/contracts';
import { useQueries } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeyOf, useEndpointQuery } from '../../../lib/query';

/** Whether the plan runs the gate, who waits to enter it, its counts per result, open vacancies, 公示's period. */
export const useGateSummary = (gate: GateStageRow, planId: number | undefined) =>
  useEndpointQuery(gateSummary, planId === undefined ? undefined : { gate: gate.stage, planId }, { refetchOnMount: 'always' });

/**
 * Where the gate's candidates come from for this plan, in words: the pass of the nearest earlier gate after the same
 * exam stage that the plan runs (asked of those gates' summaries), else the exam stage's pass. Undefined while asked.
 */
export function useEntrySourceName(gate: GateStageRow, planId: number | undefined): string | undefined {
  const earlier = GATE_STAGE_TABLE.filter((g) => g.after === gate.after && g.stage < gate.stage);
  const answers = useQueries({
    queries: earlier.map((g) => {
      const input = { gate: g.stage, planId: planId ?? 0 };
      return { queryKey: queryKeyOf(gateSummary, input), queryFn: () => call(gateSummary, input, { silent: true }), enabled: planId !== undefined };
    }),
  });
  if (answers.some((a) => a.data === undefined && !a.isError)) return undefined;
  const nearest = earlier.findLast((_, i) => answers[i]?.data?.chosen);
  return nearest ? `${nearest.name}合格` : `${EXAM_STAGES[gate.after as ExamStage]}通过`;
}
