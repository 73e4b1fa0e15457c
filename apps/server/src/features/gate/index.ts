/**
 * The gate stages after the exams (DESIGN §5 "After the interview"): 资格复审, 体检, 考察 and 公示 → 聘用, each chosen
 * per plan, with their lists, 确认名单, decisions, vacancies and 递补. Other features use it through this file only.
 */
export { gateRoutes } from './routes.js';
export { entrySourceOf, planRunsGate, requireGateChosen } from './list.js';
export { gateSummaryOf } from './summary.js';
