/**
 * The recruitment pipeline (DESIGN §5): what moves an application from stage to stage and what each stage needs.
 * The status codes themselves and the table of stages live in the contracts (application-status.ts); this is the
 * server's side: the state machine, the status key, the stage rules, the sign-up closing, rankings and the
 * applicant search. Other features use it through this file only.
 */
export {
  EXAM_VERIFY_FAIL_REFUSED, MOVE_REFUSED, PUBLICATION_BUSY, SCORE_TASK_REFUSED, TASK_DECIDED, TASK_MISSING,
  TASK_NOT_YET, TASK_NOT_YOURS, applicationMoves, createStageTasks, decideTask, earlierItemOpen, earlierItems,
  fromTaskToPlan, recordApplied, taskDecisionColumns, transition, transitionMany, transitionPublished,
} from './state-machine.js';
export { statusIn } from './status-key.js';
export { APPLICATION_MISSING, PLAN_MISSING, POST_MISSING, STAGE_RULES, type StageRules, scoreOf } from './stage-rules.js';
export { closeSignUp, requireSignUpClosed, signUpClosedLocked, signUpClosingOf, signUpUnreviewedOf } from './stage.js';
export { type RankingFigures, figuresOf, publishedRankSql, rankingOf, rankingRows, rankingSql, ruleText, stageOfKind } from './ranking.js';
export { type ResolvedLink, type TieBreak, interviewScoreItemNames, refuseUntestedTies, tieBreakOf } from './tie-break.js';
export { addBonus, bonusSql, postBonusSql, writtenTotalSql } from './written-total.js';
export { type ApplicantDbRow, applicantSearch } from './applicant-search.js';
