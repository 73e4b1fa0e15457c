import { Tag } from 'antd';
import { useDictLabel } from '../lib/dict';
import { statusColour } from './status-colour';

/** An application's status, labelled by the dictionary candidate_app_status. */
export function StatusTag({ status }: { status: number }) {
  const label = useDictLabel('candidate_app_status');
  return <Tag color={statusColour(status)}>{label(status)}</Tag>;
}
