import {
  APPLICATION_STATUS as S, EXAM_STAGE_TABLE, FINAL_APPLICATION_STATUSES, PROPOSED_FOR_HIRING_STATUS,
  examStageStatuses, gateOfStatus,
} from '@zhaokao/contracts';

/** The colour of each exam stage, in the order of the stages. */
const STAGE_COLOURS = ['blue', 'purple', 'cyan', 'geekblue', 'magenta'];

/** A gate's result's colour: awaiting the decision blue (in progress), passed green (公示's pass is 聘用), failed or withdrew red. */
const GATE_COLOURS = { pending: 'processing', passed: 'green', failed: 'red', withdrew: 'red' } as const;

/**
 * Tag colours by stage: sign-up review orange, then each exam stage its own colour; failures red, a stage's end green;
 * the gates (资格复审, 体检, 考察, 公示) by their result.
 */
export function statusColour(status: number): string {
  const gate = gateOfStatus(status);
  if (gate) return GATE_COLOURS[(Object.keys(gate.statuses) as (keyof typeof GATE_COLOURS)[]).find((r) => gate.statuses[r] === status)!];
  if (status === PROPOSED_FOR_HIRING_STATUS) return 'green';
  if (status === S.rejectedCorrectable || (FINAL_APPLICATION_STATUSES as readonly number[]).includes(status)) return 'red';
  const stage = EXAM_STAGE_TABLE.findIndex((s) => (examStageStatuses(s) as number[]).includes(status));
  if (stage < 0) return 'orange';
  if (status === EXAM_STAGE_TABLE[stage]!.statuses.passed) return 'green';
  return STAGE_COLOURS[stage % STAGE_COLOURS.length]!;
}
