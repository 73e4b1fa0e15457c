/**
 * 面试抽签 (DESIGN §5 "Fair-exam rules beyond SPEC"): the company's examiners and their declared conflicts, the interview
 * groups of a plan with their seeded order and examiner draws, scoring by order number, and the groups' papers.
 * Other features use it through this file only.
 */
export { interviewDrawRoutes } from './routes.js';
