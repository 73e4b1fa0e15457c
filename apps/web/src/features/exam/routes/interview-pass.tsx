import { HireListPage } from '../components/scores/HireListPage';

/** 审核通过: the 拟录用 list. */
export default function InterviewPassPage() {
  return <HireListPage />;
}
