import { INTERVIEW_STAGE } from '@zhaokao/contracts';
import { ExamWorkList } from '../components/work/ExamWorkList';

/** 面试工作 (/auditionExamination/qualifications, type 3). */
export default function AuditionWorkPage() {
  return <ExamWorkList stage={INTERVIEW_STAGE} />;
}
