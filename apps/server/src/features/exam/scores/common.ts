import { APPLICATION_STATUS, type ApplicationStatus, type ExamStage } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';

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

/** The first key of the advisory locks that stand for a post's exam scores (the second is the post's id). */
const POST_SCORES_LOCK = 9201;

/**
 * Publishing a post's results waits for the score entries and reviews of the post under way, and they wait for it
 * (`holdPostScores`): so that the one write that moves the whole post never meets an application locked by a batch
 * (which could lock them in another order), and no score changes while the post is counted and ranked.
 */
export const lockPostScores = (tx: Db, recruitmentId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${POST_SCORES_LOCK}, ${recruitmentId}::int)`);

/**
 * Taken by score entry, import and review before they lock their applications: shared among them, waited for by
 * `lockPostScores`, for the posts whose ids `posts` selects, in ascending order.
 */
export const holdPostScores = (tx: Db, posts: SQL) =>
  tx.execute(sql`select count(pg_advisory_xact_lock_shared(${POST_SCORES_LOCK}, p.id)) from (select distinct id from (${posts}) x(id) order by 1) p`);

/** The posts of the applications with `ids`, for `holdPostScores`. */
export const postsOfApplications = (companyId: number, ids: SQL) =>
  sql`select recruitment_id from candidate_application where company_id = ${companyId} and id = any(${ids})`;
