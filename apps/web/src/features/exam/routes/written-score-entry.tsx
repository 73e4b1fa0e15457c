import { WRITTEN_STAGE } from '@zhaokao/contracts';
import { ScoreEntryPage } from '../components/scores/ScoreEntryPage';

/** 笔试成绩录入与审核 (SPEC "status 1"). */
export default function WrittenScoreEntryPage() {
  return <ScoreEntryPage stage={WRITTEN_STAGE} />;
}
