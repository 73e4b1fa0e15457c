import { WRITTEN_STAGE } from '@zhaokao/contracts';
import { ScoreReviewPage } from '../components/scores/ScoreReviewPage';

/** 笔试成绩审核 (SPEC "status 2", hidden). */
export default function WrittenReviewPage() {
  return <ScoreReviewPage stage={WRITTEN_STAGE} />;
}
