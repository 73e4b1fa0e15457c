import {
  type ExamStage, type InputOf, type RankingKind, admissionTicketPage, batchSendScore, batchSetGrade,
  candidateTask, commitScoreImport, companyCandidateList, companyStatistics, examApplicationList,
  extraTestGroup, getCompanyRecruitmentAuditList, getGradeList, hireList, myJobList, previewSendScore,
  recruitmentAuditDetail, reviewScores, saveExtraTestScores, scoreEntryDetail, statisticsPlanOptions,
  workflowList, writtenPassStatistics,
} from '@zhaokao/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidateEndpoints, useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** SPEC dialog 2: the candidate, the exam and the stage's score items. */
export const useScoreEntryDetail = (id: number | undefined, type: ExamStage) =>
  useEndpointQuery(scoreEntryDetail, id === undefined ? undefined : { id, type });

/** How many score items (examiners) the plan's stage has: an import from Excel fills exactly one. */
export const useScoreItemCount = (planId: number | undefined, stage: ExamStage) =>
  useEndpointQuery(workflowList, planId === undefined ? undefined : { planId, stage }, {
    select: (items) => items.filter((item) => item.kind === 'score').length,
  });

/** One post's ranking of a kind, a page at a time. */
export const useRankingList = (kind: RankingKind, recruitmentId: number | undefined, pageNum: number, pageSize: number) =>
  useEndpointQuery(getGradeList, recruitmentId === undefined ? undefined : { kind, recruitmentId, pageNum, pageSize }, {
    placeholderData: keepPreviousData,
  });

/** What publishing a post would do now: who passes, who ties at the cut-off, who is absent. Read afresh each time the dialog opens. */
export const usePublishPreview = (type: ExamStage, recruitmentId: number) =>
  useEndpointQuery(previewSendScore, { type, recruitmentId }, { silent: true, retry: false, gcTime: 0, staleTime: 0 });

/**
 * A score, a review or a publication changes the application's status, its tasks and scores, and so every list,
 * count and ranking that shows them, and which plans have data for which page (the plan options' hints).
 */
const SCORE_READS = [
  examApplicationList,
  statisticsPlanOptions,
  scoreEntryDetail,
  getGradeList,
  hireList,
  companyStatistics,
  writtenPassStatistics,
  admissionTicketPage,
  candidateTask,
  recruitmentAuditDetail,
  getCompanyRecruitmentAuditList,
  companyCandidateList,
];

export const useSetScores = () => useEndpointMutation(batchSetGrade, { invalidates: SCORE_READS });
/** The score grid's save of one cell: a refusal shows no toast (the cell says why); once saved the score reads are refetched. */
export async function saveScoreQuietly(input: InputOf<typeof batchSetGrade>) {
  const answer = await call(batchSetGrade, input, { silent: true });
  void invalidateEndpoints(SCORE_READS);
  return answer;
}
export const useReviewScores = () => useEndpointMutation(reviewScores, { invalidates: SCORE_READS });
export const useSendScore = () => useEndpointMutation(batchSendScore, { invalidates: SCORE_READS });
/** A large import answers a 后台任务 (its job): the header's 任务 list shows it at once; the reads again once it is done. */
export const useCommitScoreImport = () => useEndpointMutation(commitScoreImport, { invalidates: [...SCORE_READS, myJobList] });
/** The score lists and counts, read again once an import's job has saved the scores. */
export const refetchScoreReads = () => invalidateEndpoints(SCORE_READS);

/** 加试 (DESIGN §5): the post's group tied after the whole chain across the interview cut-off (empty without one). */
export const useExtraTestGroup = (recruitmentId: number | undefined) =>
  useEndpointQuery(extraTestGroup, recruitmentId === undefined ? undefined : { recruitmentId });
/** Entering the group's 加试 scores re-orders the group: the rankings, the 拟录用 list and the group are read again. */
export const useSaveExtraTestScores = () => useEndpointMutation(saveExtraTestScores, { invalidates: [...SCORE_READS, extraTestGroup] });
