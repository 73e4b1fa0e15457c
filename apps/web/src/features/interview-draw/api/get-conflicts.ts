import { interviewConflictList } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

/** 回避: the conflicts declared in a plan, of one examiner. */
export const useInterviewConflicts = (planId: number | undefined, examinerId: number) =>
  useEndpointQuery(interviewConflictList, planId === undefined ? undefined : { planId, examinerId });
