import { workflowStaffOptions } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const useStaffOptions = () => useQuery({ queryKey: ['workflow-staff-options'], queryFn: () => call(workflowStaffOptions, {}) });
