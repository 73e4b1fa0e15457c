import { companyQrCodeLink, loginPageDetail, saveLoginPage } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

export const useLoginPageDetail = () => useEndpointQuery(loginPageDetail, {});
export const useSaveLoginPage = () => useEndpointMutation(saveLoginPage, { invalidates: [loginPageDetail] });

/** The address the company QR code holds (the server builds it, so the picture and the link agree). */
export const useCompanyQrCodeLink = () => useEndpointQuery(companyQrCodeLink, {});
