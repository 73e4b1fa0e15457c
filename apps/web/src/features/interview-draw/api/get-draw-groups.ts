import { examStageRow, interviewDrawGroupList, INTERVIEW_STAGE } from '@zhaokao/contracts';
import { planHas } from '../../../lib/plan-choice';
import { useEndpointQuery } from '../../../lib/query';

export const DRAW_PAGE_FILTERS = { planId: 'id' } as const;

const { statuses } = examStageRow(INTERVIEW_STAGE);
/** The plans the page opens on first: those with candidates at the interview (to draw or being scored). */
export const drawHasData = planHas.statuses([statuses.awaitingTicket, statuses.awaitingScore, statuses.inReview]);

/**
 * A plan's interview groups, its score items (the seats) and the interview posts not yet in a group. A refusal is
 * shown in the page's place, not as a toast.
 */
export const useInterviewDrawGroups = (planId: number | undefined) =>
  useEndpointQuery(interviewDrawGroupList, planId === undefined ? undefined : { planId }, { refetchOnMount: 'always', silent: true, retry: false });
