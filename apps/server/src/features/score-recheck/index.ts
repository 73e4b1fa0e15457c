/**
 * 成绩复查 (score re-check, DESIGN §5 "Fair-exam rules beyond SPEC"): a candidate asks once per application and published
 * stage inside the plan's window; staff of the stage answer once, correcting the score (recorded in the history, the
 * post's ranking compared before and after) or refusing. Other features use it through this file only.
 */
export { scoreRecheckRoutes } from './routes.js';
