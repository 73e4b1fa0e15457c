import { APPLICATION_STATUS, type ApplicationStatus, type GateStageRow, WRITTEN_STAGE, planGates } from '@zhaokao/contracts';

/** The gates the plan runs between the written stage and the interview (资格复审), in their order. */
export const writtenGatesOf = (gates: readonly number[]): GateStageRow[] => planGates(gates).filter((g) => g.after === WRITTEN_STAGE);

/**
 * Where the interview list (确认面试名单) takes its candidates from: the written passes, or — when the plan runs a
 * gate after the written stage (资格复审) — the passes of the last such gate. Publishing the written results moves
 * the passes on to the interview only in the first case: with a gate they wait for the gate's list.
 */
export function interviewEntrySource(gates: readonly number[]): ApplicationStatus {
  const written = writtenGatesOf(gates);
  return written.length === 0 ? APPLICATION_STATUS.writtenPassed : written[written.length - 1]!.statuses.passed;
}
