import {
  APPLICATION_STATUS as S,
  EXAM_STAGE_TABLE,
  FINAL_APPLICATION_STATUSES,
  PROPOSED_FOR_HIRING_STATUS,
  examStageStatuses,
} from '@zhaokao/contracts';
import { Tag } from 'antd';
import { useDictLabel } from '../lib/dict';

/** The colour of each exam stage, in the order of the stages. */
const STAGE_COLOURS = ['blue', 'purple', 'cyan', 'geekblue', 'magenta'];

/** Tag colours by stage: sign-up review orange, then each exam stage its own colour; failures red, a stage's end green. */
function statusColour(status: number): string {
  if (status === PROPOSED_FOR_HIRING_STATUS) return 'green';
  if (status === S.rejectedCorrectable || (FINAL_APPLICATION_STATUSES as readonly number[]).includes(status)) return 'red';
  const stage = EXAM_STAGE_TABLE.findIndex((s) => (examStageStatuses(s) as number[]).includes(status));
  if (stage < 0) return 'orange';
  if (status === EXAM_STAGE_TABLE[stage]!.statuses.passed) return 'green';
  return STAGE_COLOURS[stage % STAGE_COLOURS.length]!;
}

/** An application's status, labelled by the dictionary candidate_app_status. */
export function StatusTag({ status }: { status: number }) {
  const label = useDictLabel('candidate_app_status');
  return <Tag color={statusColour(status)}>{label(status)}</Tag>;
}
