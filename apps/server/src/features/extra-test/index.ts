/**
 * 同分排序 and 加试 (DESIGN §5 "Fair-exam rules beyond SPEC"): the plan's tie-break chain is checked on save here
 * (`refuseTieBreakChange`); the ranking applies it (pipeline/tie-break.ts, ranking.ts); this feature enters the 加试
 * scores of a group tied across the interview cut-off. Other features use it through this file only.
 */
export { extraTestRoutes } from './routes.js';
export { refuseTieBreakChange } from './rules.js';
