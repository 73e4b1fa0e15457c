import { INTERVIEW_STAGE } from '@zhaokao/contracts';
import { ScoreReviewPage } from '../components/scores/ScoreReviewPage';

/** 面试审核 (SPEC "status 2", hidden). */
export default function InterviewReviewPage() {
  return <ScoreReviewPage stage={INTERVIEW_STAGE} />;
}
