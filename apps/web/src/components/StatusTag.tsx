import { APPLICATION_STATUS as S, FINAL_APPLICATION_STATUSES } from '@zhaokao/contracts';
import { Tag } from 'antd';
import { useDictLabel } from '../lib/dict';

/** Tag colours by stage: sign-up review orange, written blue, interview purple; failures red, a stage's end green. */
function statusColour(status: number): string {
  if (status === S.rejectedCorrectable || (FINAL_APPLICATION_STATUSES as readonly number[]).includes(status)) {
    return status === S.interviewPassed ? 'green' : 'red';
  }
  if (status === S.writtenPassed) return 'green';
  if (status >= S.awaitingInterview) return 'purple';
  if (status >= S.awaitingWritten) return 'blue';
  return 'orange';
}

/** An application's status, labelled by the dictionary candidate_app_status. */
export function StatusTag({ status }: { status: number }) {
  const label = useDictLabel('candidate_app_status');
  return <Tag color={statusColour(status)}>{label(status)}</Tag>;
}
