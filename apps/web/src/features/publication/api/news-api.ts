import { deleteNews, newsDetail, newsList, publishNews, saveNews, withdrawNews } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** A change to a news item shows in the list and in its detail. */
const NEWS_READS = [newsList, newsDetail];

/** Asked again whenever a detail or an edit opens: another staff member may have changed it. */
export const useNewsDetail = (id: number | undefined) =>
  useEndpointQuery(newsDetail, id === undefined ? undefined : { id }, { refetchOnMount: 'always' });
export const useSaveNews = () => useEndpointMutation(saveNews, { invalidates: NEWS_READS });
export const usePublishNews = () => useEndpointMutation(publishNews, { invalidates: NEWS_READS });
export const useWithdrawNews = () => useEndpointMutation(withdrawNews, { invalidates: NEWS_READS });
export const useDeleteNews = () => useEndpointMutation(deleteNews, { invalidates: [newsList] });
