import { WRITTEN_STAGE } from '@zhaokao/contracts';
import { ExamWorkList } from '../components/work/ExamWorkList';

/** 笔试工作 (/writtenExamination/qualifications, type 2). */
export default function WrittenWorkPage() {
  return <ExamWorkList stage={WRITTEN_STAGE} />;
}
