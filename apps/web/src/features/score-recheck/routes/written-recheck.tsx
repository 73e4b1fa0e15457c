import { WRITTEN_STAGE } from '@zhaokao/contracts';
import { ScoreRecheckPage } from '../components/ScoreRecheckPage';

/** 笔试管理 → 成绩复查: the candidates' requests to re-check their written scores, and the answers. */
export default function WrittenRecheckRoute() {
  return <ScoreRecheckPage stage={WRITTEN_STAGE} />;
}
