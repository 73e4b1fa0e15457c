import {
  companyLogin, getCompanyUserInfo, companyLoginPage, resetPassword, sendResetCode, updateMyInfo,
  updatePassword,
} from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** The company's own login page settings, for /login?id=<companyId>. */
export const useLoginPage = (companyId: number | null) =>
  useEndpointQuery(companyLoginPage, companyId === null ? undefined : { companyId }, { silent: true, staleTime: 5 * 60_000 });

export const useLogin = () => useEndpointMutation(companyLogin);

export const useSendResetCode = () => useEndpointMutation(sendResetCode);
export const useResetPassword = () => useEndpointMutation(resetPassword);

/** The navbar shows the user's name and picture. */
export const useUpdateMyInfo = () => useEndpointMutation(updateMyInfo, { invalidates: [getCompanyUserInfo] });
export const useUpdatePassword = () => useEndpointMutation(updatePassword, { invalidates: [getCompanyUserInfo] });
