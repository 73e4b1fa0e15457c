import { companyQrCodeLink, getMyLoginPage, saveLoginPage } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

export const useMyLoginPage = () => useEndpointQuery(getMyLoginPage, {});
export const useSaveLoginPage = () => useEndpointMutation(saveLoginPage, { invalidates: [getMyLoginPage] });

/** The address the company QR code holds (the server builds it, so the picture and the link agree). */
export const useCompanyQrCodeLink = () => useEndpointQuery(companyQrCodeLink, {});
