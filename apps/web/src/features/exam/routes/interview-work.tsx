import { INTERVIEW_STAGE } from '@zhaokao/contracts';
import { ExamWorkList } from '../components/work/ExamWorkList';

/** 面试工作 (/auditionExamination/qualifications, type 3). */
export default function InterviewWorkPage() {
  return <ExamWorkList stage={INTERVIEW_STAGE} />;
}
