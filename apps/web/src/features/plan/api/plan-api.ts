import { closePlanSignUp, deletePlan, examSessionDetail, planList, planOptions, savePlan, setPlanStatus, statisticsPlanOptions } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';

/** A plan shows in its list and in every plan selector. */
const PLAN_READS = [planList, planOptions, statisticsPlanOptions];

export const useSavePlan = () => useEndpointMutation(savePlan, { invalidates: PLAN_READS });
export const useSetPlanStatus = () => useEndpointMutation(setPlanStatus, { invalidates: PLAN_READS });
export const useDeletePlan = () => useEndpointMutation(deletePlan, { invalidates: PLAN_READS });
export const useClosePlanSignUp = () => useEndpointMutation(closePlanSignUp, { invalidates: [...PLAN_READS, examSessionDetail] });
