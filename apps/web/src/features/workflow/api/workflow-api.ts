import { judgeWorkflow, saveWorkflow, workflowList, workflowStaffOptions } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

export const useStaffOptions = () => useEndpointQuery(workflowStaffOptions, {});

/** Every stage's items of the plan; nothing is fetched until a plan is chosen. */
export const useWorkflow = (planId: number | undefined) => useEndpointQuery(workflowList, planId === undefined ? undefined : { planId });

export const useJudgeWorkflow = (planId: number | undefined) => useEndpointQuery(judgeWorkflow, planId === undefined ? undefined : { planId });

export const useSaveWorkflow = () => useEndpointMutation(saveWorkflow, { invalidates: [workflowList, judgeWorkflow] });
