import { INTERVIEW_STAGE } from '@zhaokao/contracts';
import { ScoreEntryPage } from '../components/scores/ScoreEntryPage';

/** 面试成绩录入与审核 (SPEC "status 1"): one score per examiner of the panel. */
export default function InterviewScoreEntryPage() {
  return <ScoreEntryPage stage={INTERVIEW_STAGE} />;
}
