import { DrawPage } from '../components/DrawPage';

/** 面试抽签: a plan's interview groups, the order and examiner draws, the groups' scores by number and the sheets. */
export default function InterviewDrawRoute() {
  return <DrawPage />;
}
