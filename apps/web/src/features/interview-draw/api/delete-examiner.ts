import { deleteInterviewExaminer } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { EXAMINER_READS } from './draw-reads';

/** 删除 an examiner never drawn (the server refuses one drawn: disable instead). */
export const useDeleteInterviewExaminer = () => useEndpointMutation(deleteInterviewExaminer, { invalidates: EXAMINER_READS });
