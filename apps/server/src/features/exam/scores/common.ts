import { APPLICATION_STATUS, type ApplicationStatus, type ExamStage } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';

export const APPLICATION_MISSING = '报名记录不存在';
export const PLAN_MISSING = '招录计划不存在';
export const POST_MISSING = '岗位不存在';
export const SCORE_LOCKED = '成绩已审核，不能修改';
export const CANNOT_ENTER = '该考生当前不能录入成绩';

/** The statuses and columns of one exam stage (DESIGN §5). */
export interface StageRules {
  stage: ExamStage;
  name: '笔试' | '面试';
  /** 20 / 30: the ticket is not issued yet. */
  awaitingTicket: ApplicationStatus;
  /** 21 / 31: the score is awaited. */
  awaitingScore: ApplicationStatus;
  /** 22 / 32: the score awaits review and publication. */
  inReview: ApplicationStatus;
  failed: ApplicationStatus;
  passed: ApplicationStatus;
  /** candidate_application's column of the stage score. */
  grade: SQL;
  /** recruitment_plan's column of the stage's full marks. */
  fullMarks: SQL;
}

export const STAGE_RULES: Record<ExamStage, StageRules> = {
  2: {
    stage: 2,
    name: '笔试',
    awaitingTicket: APPLICATION_STATUS.awaitingWritten,
    awaitingScore: APPLICATION_STATUS.awaitingWrittenScore,
    inReview: APPLICATION_STATUS.writtenScoreInReview,
    failed: APPLICATION_STATUS.writtenFailed,
    passed: APPLICATION_STATUS.writtenPassed,
    grade: sql.raw('written_grade'),
    fullMarks: sql.raw('written_full_marks'),
  },
  3: {
    stage: 3,
    name: '面试',
    awaitingTicket: APPLICATION_STATUS.awaitingInterview,
    awaitingScore: APPLICATION_STATUS.awaitingInterviewScore,
    inReview: APPLICATION_STATUS.interviewScoreInReview,
    failed: APPLICATION_STATUS.interviewFailed,
    passed: APPLICATION_STATUS.interviewPassed,
    grade: sql.raw('audition_grade'),
    fullMarks: sql.raw('audition_full_marks'),
  },
};

/** `ids` as one parameter, a Postgres int[]. */

/** A numeric as the API carries it: two places ('86.50'), null stays null. */
export const scoreOf = (v: string | number | null | undefined): string | null =>
  v === null || v === undefined ? null : typeof v === 'number' ? v.toFixed(2) : v;
