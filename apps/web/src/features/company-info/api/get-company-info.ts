import { getCompanyInfo } from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const companyInfoKey = ['company-info'];

export const useCompanyInfo = () => useQuery({ queryKey: companyInfoKey, queryFn: () => call(getCompanyInfo, {}) });
