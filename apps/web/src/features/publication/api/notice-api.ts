import {
  addNotice, companyNoticeList, deleteNotice, getCompanyNoticeDetail, noticeList, publishNotice, topNotice,
  withdrawNotice,
} from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** A change to a notice shows in both lists and in its detail. */
const NOTICE_READS = [companyNoticeList, noticeList, getCompanyNoticeDetail];

/** Asked again whenever a detail or an edit opens: another staff member may have changed it. */
export const useNoticeDetail = (id: number | undefined) =>
  useEndpointQuery(getCompanyNoticeDetail, id === undefined ? undefined : { id }, { refetchOnMount: 'always' });
export const useSaveNotice = () => useEndpointMutation(addNotice, { invalidates: NOTICE_READS });
export const usePublishNotice = () => useEndpointMutation(publishNotice, { invalidates: NOTICE_READS });
export const useWithdrawNotice = () => useEndpointMutation(withdrawNotice, { invalidates: NOTICE_READS });
export const useTopNotice = () => useEndpointMutation(topNotice, { invalidates: NOTICE_READS });
export const useDeleteNotice = () => useEndpointMutation(deleteNotice, { invalidates: [companyNoticeList, noticeList] });
