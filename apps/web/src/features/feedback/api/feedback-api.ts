import { companyFeedbackDetail, companyFeedbackList, saveCompanyFeedback } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** The platform replies elsewhere: a detail opened again asks the server again. */
export const useFeedbackDetail = (id: number) => useEndpointQuery(companyFeedbackDetail, { id }, { refetchOnMount: 'always' });
export const useSaveFeedback = () => useEndpointMutation(saveCompanyFeedback, { invalidates: [companyFeedbackList] });
