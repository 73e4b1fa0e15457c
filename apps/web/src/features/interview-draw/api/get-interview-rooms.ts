import { examSessionDetail, INTERVIEW_STAGE } from '@zhaokao/contracts';
import { useEndpointQuery } from '../../../lib/query';

/** The plan's interview exam rooms (面试准考证设置), which a group takes place in. */
export const useInterviewRooms = (planId: number) =>
  useEndpointQuery(examSessionDetail, { planId, type: INTERVIEW_STAGE }, { select: (session) => session.rooms });
