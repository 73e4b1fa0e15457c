import { RankingPage } from '../components/scores/RankingPage';

/** 面试排名. */
export default function InterviewRankingPage() {
  return <RankingPage kind="audition" />;
}
