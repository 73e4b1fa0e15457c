import {
  EXAM_STAGE_TABLE, type ExamStage, type RankingKind, type StatisticsPlanOption, examStageRow,
} from '@zhaokao/contracts';
import { readPersisted, writePersisted } from './persisted';

/** Whether a plan has something for a page to show, from the hints of the plan options (statuses held, stages published). */
export type PlanHasData = (plan: StatisticsPlanOption) => boolean;

/** The tests the pages of applications use, said of the contracts' stage table (no status written here). */
export const planHas = {
  /** Any application: 报名资格审核, 人数统计. */
  applications: ((plan) => plan.statuses.length > 0) as PlanHasData,
  /** An application in one of `statuses`. */
  statuses:
    (statuses: readonly number[]): PlanHasData =>
    (plan) =>
      plan.statuses.some((s) => statuses.includes(s)),
  /** Scores of the stage published for at least one post. */
  published:
    (stage: ExamStage): PlanHasData =>
    (plan) =>
      plan.publishedStages.includes(stage),
  /** A ranking of `kind`: scores of its stage published, or awaiting review (the ranking's preview). */
  ranking: (kind: RankingKind): PlanHasData => {
    const row = EXAM_STAGE_TABLE.find((s) => (s.rankings as readonly string[]).includes(kind))!;
    return (plan) => plan.publishedStages.includes(row.stage) || plan.statuses.includes(row.statuses.inReview);
  },
  /** 成绩录入: scores awaiting entry or review. */
  scoresToEnter: (stage: ExamStage): PlanHasData => {
    const { statuses } = examStageRow(stage);
    return planHas.statuses([statuses.awaitingScore, statuses.inReview]);
  },
  /** 成绩审核: scores awaiting review. */
  scoresToReview: (stage: ExamStage): PlanHasData => planHas.statuses([examStageRow(stage).statuses.inReview]),
};

/** The plan the user last chose in a plan selector, and the page (path) where. */
export interface LastPlanChoice {
  planId: number;
  path: string;
}

/**
 * The last choice, kept in this browser's stored state (SPEC §9's `recruitment` key) across pages, tabs and reloads;
 * sign-out clears it with the rest of the session's state, so that the next person starts from the plans' data.
 */
export function readLastPlanChoice(): LastPlanChoice | undefined {
  const choice = readPersisted().lastPlanChoice;
  return typeof choice?.planId === 'number' && typeof choice.path === 'string' ? choice : undefined;
}

export function rememberPlanChoice(choice: LastPlanChoice) {
  writePersisted({ lastPlanChoice: choice });
}

/**
 * The plan a page opens on when its address names none (a planId in the address, from a 首页 card, back or refresh,
 * wins over all of this). What a user expects:
 * 1. the plan they last chose (in any plan selector, since signing in), when they chose it on this very page, or it
 *    has something for this page: going from 笔试成绩录入 to 笔试成绩审核 stays on the plan they are working on;
 * 2. else the latest plan that has something for this page: the newest plan is often still in sign-up while the
 *    exam pages belong to an older one, and opening on it showed 暂无数据;
 * 3. else (no plan has anything for the page) the plan last chosen, else the newest.
 * A stored plan the company does not have (another account, a deleted plan) is ignored. Undefined while plans load.
 */
export function defaultPlanOf(
  plans: readonly StatisticsPlanOption[] | undefined,
  hasData: PlanHasData,
  path: string,
  last: LastPlanChoice | undefined,
): number | undefined {
  if (!plans) return undefined;
  const chosen = plans.find((p) => p.id === last?.planId);
  if (chosen && (last!.path === path || hasData(chosen))) return chosen.id;
  return (plans.find(hasData) ?? chosen ?? plans[0])?.id;
}
