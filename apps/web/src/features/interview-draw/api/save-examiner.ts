import { saveInterviewExaminer } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { EXAMINER_READS } from './draw-reads';

/** 添加 / 编辑 an examiner, also 停用 / 启用 (the row saved with its state changed). */
export const useSaveInterviewExaminer = () => useEndpointMutation(saveInterviewExaminer, { invalidates: EXAMINER_READS });
