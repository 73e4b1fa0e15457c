import { companyInfoDetail, getCompanyUserInfo, homeOverview, saveCompanyInfo } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

export const useCompanyInfoDetail = () => useEndpointQuery(companyInfoDetail, {});

/** The navbar and the home page show the company's name and logo. */
export const useSaveCompanyInfo = () =>
  useEndpointMutation(saveCompanyInfo, { invalidates: [companyInfoDetail, getCompanyUserInfo, homeOverview] });
