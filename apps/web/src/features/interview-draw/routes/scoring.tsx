import { ScoringPage } from '../components/ScoringPage';

/** 考官评分: the drawn examiner scores their group's candidates by order number on a tablet. */
export default function InterviewScoringRoute() {
  return <ScoringPage />;
}
