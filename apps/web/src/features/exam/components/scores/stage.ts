import { type ExamStage, INTERVIEW_STAGE, WRITTEN_STAGE, examStageOpenStatuses, examStageRow, statusesFromStage } from '@zhaokao/contracts';

/** A stage's statuses on the score pages, from the contracts' table of stages. */
function scoreStatusesOf(stage: ExamStage) {
  const row = examStageRow(stage);
  const open: readonly number[] = examStageOpenStatuses(row);
  return {
    awaitingScore: row.statuses.awaitingScore,
    inReview: row.statuses.inReview,
    /** Statuses that show the post's results were published: the stage's results and everything after them. */
    published: statusesFromStage(stage).filter((s) => !open.includes(s)),
    /** Before the score: waiting for the ticket or for the score. */
    waiting: [row.statuses.awaitingTicket, row.statuses.awaitingScore],
  };
}

/** What differs between the written exam and the interview on the score pages. */
export const STAGE_PAGES = {
  [WRITTEN_STAGE]: {
    name: '笔试',
    entryTitle: '笔试成绩录入与审核',
    reviewTitle: '笔试成绩审核',
    entryPath: '/writtenExamination/scoreEntry',
    reviewPath: '/writtenExamination/writtenExaminationReview',
    ...scoreStatusesOf(WRITTEN_STAGE),
  },
  [INTERVIEW_STAGE]: {
    name: '面试',
    entryTitle: '面试成绩录入与审核',
    reviewTitle: '面试审核',
    entryPath: '/auditionExamination/scoreEntry',
    reviewPath: '/auditionExamination/writtenExaminationReview',
    ...scoreStatusesOf(INTERVIEW_STAGE),
  },
} as const satisfies Record<ExamStage, unknown>;

export const countOf = (counts: Record<string, number>, statuses: readonly number[]) =>
  statuses.reduce((sum, s) => sum + (counts[String(s)] ?? 0), 0);
