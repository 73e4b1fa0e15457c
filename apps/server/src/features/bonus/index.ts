/**
 * 加分 (bonus points, DESIGN §5 "Fair-exam rules beyond SPEC"): a plan's categories, cap and stacking rule, grants
 * against proof and their revocation before the written results are published. The ranking reads the bonus through
 * pipeline/written-total.ts. Other features use it through this file only.
 */
export { bonusRoutes } from './routes.js';
