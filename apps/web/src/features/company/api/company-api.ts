import { getCompanyInfo, getCompanyUserInfo, homeOverview, saveCompanyInfo } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

export const useCompanyInfo = () => useEndpointQuery(getCompanyInfo, {});

/** The navbar and the home page show the company's name and logo. */
export const useSaveCompanyInfo = () =>
  useEndpointMutation(saveCompanyInfo, { invalidates: [getCompanyInfo, getCompanyUserInfo, homeOverview] });
