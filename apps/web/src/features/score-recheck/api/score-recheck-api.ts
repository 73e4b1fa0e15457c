import { RECHECK_STATE_KEYS, answerScoreRecheck, getGradeList, scoreRecheckList } from '@zhaokao/contracts';
import { usePlanPagedList } from '../../../components/PlanSelect';
import { planHas } from '../../../lib/plan-choice';
import { useEndpointMutation } from '../../../lib/query';

export const RECHECK_LIST_FILTERS = { planId: 'id', recruitmentId: 'id', state: RECHECK_STATE_KEYS, keyword: 'text' } as const;

/** A stage's requests of the plan (the plan in the address, else the latest with applications), 20 a page. */
export const useScoreRecheckList = (stage: number) =>
  usePlanPagedList(scoreRecheckList, {
    label: '成绩复查',
    filters: RECHECK_LIST_FILTERS,
    hasData: planHas.applications,
    input: (chosen, page) => ({ ...chosen, ...page, stage }),
  });

/** An answer changes the list and, when it corrects a score, the rankings. */
export const useAnswerScoreRecheck = () => useEndpointMutation(answerScoreRecheck, { invalidates: [scoreRecheckList, getGradeList] });
