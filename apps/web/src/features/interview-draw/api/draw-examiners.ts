import { drawInterviewExaminers } from '@zhaokao/contracts';
import { useEndpointMutation } from '../../../lib/query';
import { GROUP_READS } from './draw-reads';

/** 抽取考官 for every group of a plan on one day, with a seed or a new one (recorded); all or nothing. */
export const useDrawInterviewExaminers = () => useEndpointMutation(drawInterviewExaminers, { invalidates: GROUP_READS });
