/** DESIGN §5: the status codes of an application (dictionary candidate_app_status). */
export const APPLICATION_STATUS = {
  /** 待审核 */
  pending: 10,
  /** 审核中: some sign-up work items done. */
  inReview: 11,
  /** 审核不通过（可修改）: the candidate may correct and resubmit. */
  rejectedCorrectable: 12,
  /** 审核不通过（不可修改） */
  rejected: 13,
  /** 待笔试: written admission ticket not yet issued. */
  awaitingWritten: 20,
  /** 待录入笔试成绩 */
  awaitingWrittenScore: 21,
  /** 笔试成绩待审核 */
  writtenScoreInReview: 22,
  /** 笔试未通过 */
  writtenFailed: 23,
  /** 笔试通过 */
  writtenPassed: 24,
  /** 待面试 */
  awaitingInterview: 30,
  /** 待录入面试成绩 */
  awaitingInterviewScore: 31,
  /** 面试成绩待审核 */
  interviewScoreInReview: 32,
  /** 面试未通过 */
  interviewFailed: 33,
  /** 面试通过（拟录用） */
  interviewPassed: 34,
} as const;

export type ApplicationStatus = (typeof APPLICATION_STATUS)[keyof typeof APPLICATION_STATUS];

/** Every status code, in display order. */
export const APPLICATION_STATUSES = Object.values(APPLICATION_STATUS).sort((a, b) => a - b) as readonly ApplicationStatus[];

const S = APPLICATION_STATUS;

/** The statuses an application never leaves. */
export const FINAL_APPLICATION_STATUSES: readonly ApplicationStatus[] = [S.rejected, S.writtenFailed, S.interviewFailed, S.interviewPassed];

export type ApplicationActor = 'candidate' | 'reviewer' | 'ticket manager' | 'score entry' | 'score review' | 'plan manager';

export interface ApplicationTransition {
  /** Null for the application's creation. */
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  by: ApplicationActor;
  when: string;
}

const moves = (
  from: readonly (ApplicationStatus | null)[],
  to: readonly ApplicationStatus[],
  by: ApplicationActor,
  when: string,
): ApplicationTransition[] => from.flatMap((f) => to.map((t) => ({ from: f, to: t, by, when })));

/**
 * DESIGN §5's table: the only moves the state machine makes. The last two rows are the plans without exams
 * (考核招聘), whose candidates skip the missing stages.
 */
export const APPLICATION_TRANSITIONS: readonly ApplicationTransition[] = [
  ...moves([null], [S.pending], 'candidate', 'applies'),
  ...moves([S.pending], [S.inReview], 'reviewer', 'first sign-up task decided, others pending'),
  ...moves([S.pending, S.inReview], [S.awaitingWritten], 'reviewer', 'the last sign-up task passed'),
  ...moves([S.pending, S.inReview], [S.rejectedCorrectable, S.rejected], 'reviewer', 'a sign-up task failed'),
  ...moves([S.rejectedCorrectable], [S.pending], 'candidate', 'resubmits a corrected resume'),
  ...moves([S.awaitingWritten], [S.awaitingWrittenScore], 'ticket manager', 'written admission ticket issued'),
  ...moves([S.awaitingWrittenScore], [S.writtenScoreInReview], 'score entry', 'written score entered'),
  ...moves([S.writtenScoreInReview], [S.awaitingWrittenScore], 'score review', 'score sent back for correction'),
  ...moves([S.writtenScoreInReview], [S.writtenPassed, S.writtenFailed], 'score review', 'results published for the post'),
  ...moves([S.writtenPassed], [S.awaitingInterview], 'plan manager', 'interview list confirmed'),
  ...moves([S.awaitingInterview], [S.awaitingInterviewScore], 'ticket manager', 'interview ticket issued'),
  ...moves([S.awaitingInterviewScore], [S.interviewScoreInReview], 'score entry', 'interview score entered'),
  ...moves([S.interviewScoreInReview], [S.awaitingInterviewScore], 'score review', 'score sent back'),
  ...moves([S.interviewScoreInReview], [S.interviewPassed, S.interviewFailed], 'score review', 'composite ranked and published'),
  ...moves([S.pending, S.inReview], [S.awaitingInterview], 'reviewer', 'sign-up passed in an interview-only plan'),
  ...moves([S.pending, S.inReview], [S.interviewPassed], 'reviewer', 'sign-up passed in a plan without exams'),
];

/** Whether the state machine may move an application from `from` (null: not yet created) to `to`. */
export const canMoveApplication = (from: ApplicationStatus | null, to: ApplicationStatus): boolean =>
  APPLICATION_TRANSITIONS.some((t) => t.from === from && t.to === to);
