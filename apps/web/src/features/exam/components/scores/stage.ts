import { APPLICATION_STATUS as S, type ExamStage } from '@zhaokao/contracts';

/** What differs between the written exam (stage 2) and the interview (stage 3) on the score pages. */
export const STAGE_PAGES = {
  2: {
    name: '笔试',
    entryTitle: '笔试成绩录入与审核',
    reviewTitle: '笔试成绩审核',
    entryPath: '/writtenExamination/scoreEntry',
    reviewPath: '/writtenExamination/writtenExaminationReview',
    awaitingScore: S.awaitingWrittenScore,
    inReview: S.writtenScoreInReview,
    /** Statuses that show the post's results were published: the written results and everything after them. */
    published: [S.writtenFailed, S.writtenPassed, S.awaitingInterview, S.awaitingInterviewScore, S.interviewScoreInReview, S.interviewFailed, S.interviewPassed],
    /** Before the score: waiting for the ticket or for the score. */
    waiting: [S.awaitingWritten, S.awaitingWrittenScore],
  },
  3: {
    name: '面试',
    entryTitle: '面试成绩录入与审核',
    reviewTitle: '面试审核',
    entryPath: '/auditionExamination/scoreEntry',
    reviewPath: '/auditionExamination/writtenExaminationReview',
    awaitingScore: S.awaitingInterviewScore,
    inReview: S.interviewScoreInReview,
    published: [S.interviewFailed, S.interviewPassed],
    waiting: [S.awaitingInterview, S.awaitingInterviewScore],
  },
} as const satisfies Record<ExamStage, unknown>;

export const countOf = (counts: Record<string, number>, statuses: readonly number[]) =>
  statuses.reduce((sum, s) => sum + (counts[String(s)] ?? 0), 0);
