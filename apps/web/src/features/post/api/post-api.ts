import { deletePost, getPostDetail, orgTree, planList, postList, savePost } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

export const usePostDetail = (id: number | undefined) => useEndpointQuery(getPostDetail, id === undefined ? undefined : { id });

/** A post shows in its list and its detail, and is counted by its plan and its department. */
const POST_READS = [postList, getPostDetail, planList, orgTree];

export const useSavePost = () => useEndpointMutation(savePost, { invalidates: POST_READS });
export const useDeletePost = () => useEndpointMutation(deletePost, { invalidates: POST_READS });
