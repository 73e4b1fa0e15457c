import { INTERVIEW_STAGE } from '@zhaokao/contracts';
import { ScoreRecheckPage } from '../components/ScoreRecheckPage';

/** 面试管理 → 成绩复查: the candidates' requests to re-check their interview scores, and the answers. */
export default function InterviewRecheckRoute() {
  return <ScoreRecheckPage stage={INTERVIEW_STAGE} />;
}
