import { ExaminerPage } from '../components/ExaminerPage';

/** 考官库: the company's interview examiners and their 回避. */
export default function InterviewExaminersRoute() {
  return <ExaminerPage />;
}
