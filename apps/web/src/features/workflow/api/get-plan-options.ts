import { planOptions } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The company's plans, from the plan feature's contract. */
export const usePlanOptions = () => useQuery({ queryKey: ['workflow-plan-options'], queryFn: () => call(planOptions, {}) });
