import { type ApplicationStatus, EXAM_STAGE_TABLE, type ExamStage, type ExamStageRow, INTERVIEW_STAGE, WRITTEN_STAGE } from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';

export const APPLICATION_MISSING = '报名记录不存在';
export const PLAN_MISSING = '招录计划不存在';
export const POST_MISSING = '岗位不存在';

/** The statuses and columns of one exam stage (DESIGN §5), from the contracts' table of stages. */
export interface StageRules {
  stage: ExamStage;
  name: ExamStageRow['name'];
  /** 20 / 30: the ticket is not issued yet. */
  awaitingTicket: ApplicationStatus;
  /** 21 / 31: the score is awaited. */
  awaitingScore: ApplicationStatus;
  /** 22 / 32: the score awaits review and publication. */
  inReview: ApplicationStatus;
  failed: ApplicationStatus;
  passed: ApplicationStatus;
  /** candidate_application's column of the stage score. */
  score: SQL;
  /** recruitment_plan's column of the stage's full marks. */
  fullMarks: SQL;
}

/** Where each exam stage keeps its score (candidate_application) and its full marks (recruitment_plan). */
const STAGE_COLUMNS: Record<ExamStage, { score: string; fullMarks: string }> = {
  [WRITTEN_STAGE]: { score: 'written_grade', fullMarks: 'written_full_marks' },
  [INTERVIEW_STAGE]: { score: 'audition_grade', fullMarks: 'audition_full_marks' },
};

export const STAGE_RULES = Object.fromEntries(
  EXAM_STAGE_TABLE.map(({ stage, name, statuses }) => [
    stage,
    { stage, name, ...statuses, score: sql.raw(STAGE_COLUMNS[stage].score), fullMarks: sql.raw(STAGE_COLUMNS[stage].fullMarks) },
  ]),
) as Record<ExamStage, StageRules>;

/** A numeric as the API carries it: two places ('86.50'), null stays null. */
export const scoreOf = (v: string | number | null | undefined): string | null =>
  v === null || v === undefined ? null : typeof v === 'number' ? v.toFixed(2) : v;
