import { interviewExaminerList } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

export const EXAMINER_FILTERS = { keyword: 'text', enabled: 'boolean' } as const;

/** 考官库: the company's examiners, by name, narrowed by keyword and state. */
export const useInterviewExaminers = (filters: { keyword?: string; enabled?: boolean }) =>
  useEndpointQuery(interviewExaminerList, { keyword: filters.keyword ?? '', enabled: filters.enabled });
