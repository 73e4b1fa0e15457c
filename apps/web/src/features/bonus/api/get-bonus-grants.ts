import { SIGN_UP_PASSED_STATUSES, bonusGrantList } from '@zhaokao/contracts';
import { usePlanPagedList } from '../../../components/PlanSelect';
import { planHas } from '../../../lib/plan-choice';

export const BONUS_STATES = ['active', 'revoked'] as const;
export type BonusState = (typeof BONUS_STATES)[number];

export const BONUS_LIST_FILTERS = { planId: 'id', recruitmentId: 'id', state: BONUS_STATES, keyword: 'text' } as const;

/** The plans the page opens on first: those with applications past the sign-up review (those a bonus can go to). */
export const bonusHasData = planHas.statuses(SIGN_UP_PASSED_STATUSES);

/** The plan's grants, 20 a page, with the filters in the address. */
export const useBonusGrantList = () =>
  usePlanPagedList(bonusGrantList, {
    label: '加分名单',
    filters: BONUS_LIST_FILTERS,
    hasData: bonusHasData,
    input: (chosen, page) => ({ ...chosen, ...page }),
  });
