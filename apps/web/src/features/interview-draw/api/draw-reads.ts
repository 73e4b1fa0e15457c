import { interviewConflictList, interviewDrawGroupDetail, interviewDrawGroupList, interviewExaminerList, myInterviewDrawGroup, myInterviewDrawGroups } from '@zhaokao/contracts';

/** An examiner saved, disabled or deleted changes the 考官库 list and the groups showing them. */
export const EXAMINER_READS = [interviewExaminerList, interviewDrawGroupList, interviewDrawGroupDetail];

/** A conflict declared or removed changes its list, the examiners' counts and the groups' warnings. */
export const CONFLICT_READS = [interviewConflictList, interviewExaminerList, interviewDrawGroupList, interviewDrawGroupDetail];

/** A group saved or deleted, or a draw, changes the groups, their details and the examiners' tablets. */
export const GROUP_READS = [interviewDrawGroupList, interviewDrawGroupDetail, myInterviewDrawGroups, myInterviewDrawGroup];
