import { RankingPage } from '../components/scores/RankingPage';

/** 笔试排名. */
export default function WrittenRankingPage() {
  return <RankingPage kind="written" />;
}
