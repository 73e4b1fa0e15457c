import { RankingPage } from '../components/scores/RankingPage';

/** 综合排名: the written and interview scores and the composite with the plan's weight. */
export default function ComplexRankingPage() {
  return <RankingPage kind="complex" />;
}
