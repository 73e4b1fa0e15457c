import {
  type AuditDetail, type Endpoint, type ExamStage, INTERVIEW_STAGE, type InputOf, type OutputOf,
  WRITTEN_STAGE, candidateDetail, candidatePassCount, candidateTask, companyCandidateList, companyStatistics,
  duplicateCandidateGroups, examApplicationList, examRatioStatistics, getCompanyRecruitmentAuditList,
  examSessionDetail, getGradeList, recruitmentAuditDetail, recruitmentWaitAuditList, reviewerStatistics,
  scoreEntryDetail, signUpFinalReview, submitAudit,
} from '@zhaokao/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../lib/api-client';
import { queryKeyOf, useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { queryClient } from '../../lib/query-client';
import { useHasPermission } from '../../lib/session';

const byApplication = (id: number | undefined) => (id === undefined ? undefined : { id });

/** The detail dialog: the application with its job and company, the resume, and the tasks. */
export const useAuditDetail = (id: number | undefined) => useEndpointQuery(recruitmentAuditDetail, byApplication(id));
export const useApplicationResume = (id: number | undefined) => useEndpointQuery(candidateDetail, byApplication(id));
export const useApplicationTasks = (id: number | undefined) => useEndpointQuery(candidateTask, byApplication(id));

/** Loads what the dialog shows of an application before it is opened, so that 下一位 shows it at once. */
export function prefetchApplication(id: number) {
  for (const ep of [recruitmentAuditDetail, candidateDetail, candidateTask]) {
    void queryClient.prefetchQuery({ queryKey: queryKeyOf(ep, { id }), queryFn: () => call(ep, { id }, { silent: true }) });
  }
}

/**
 * The list a detail dialog was opened from (same filters, same order, across its pages), for 下一位: the list's call
 * for the first application after one, and the application id of its answer (null at the list's end).
 */
export interface ListSequence {
  queryKey(afterId: number): unknown[];
  next(afterId: number): Promise<number | null>;
}

export function listSequence<E extends Endpoint>(
  ep: E,
  inputAfter: (afterId: number) => InputOf<E>,
  idOf: (answer: OutputOf<E>) => number | undefined,
): ListSequence {
  return {
    // Under the list's key, so that a decision (which refetches the lists) refetches it too.
    queryKey: (afterId) => [...queryKeyOf(ep, inputAfter(afterId)), 'next'],
    next: async (afterId) => idOf(await call(ep, inputAfter(afterId))) ?? null,
  };
}

/** The application after `id` in the dialog's list (undefined while asked, null at the end); its details are loaded ahead. */
export function useNextApplication(sequence: ListSequence | undefined, id: number) {
  const { data } = useQuery({
    queryKey: sequence ? sequence.queryKey(id) : ['no list'],
    queryFn: () => sequence!.next(id),
    enabled: sequence !== undefined,
  });
  useEffect(() => {
    if (typeof data === 'number') prefetchApplication(data);
  }, [data]);
  return data;
}
/** A sign-up decision changes the application's status, its tasks, and every count and list that shows them. */
export const REVIEW_READS = [
  candidatePassCount,
  recruitmentWaitAuditList,
  getCompanyRecruitmentAuditList,
  recruitmentAuditDetail,
  candidateTask,
  companyStatistics,
  companyCandidateList,
  reviewerStatistics,
  signUpFinalReview,
  duplicateCandidateGroups,
  examRatioStatistics,
  examApplicationList,
];

export const useSubmitAudit = () => useEndpointMutation(submitAudit, { invalidates: REVIEW_READS });

const RANKING_PAGE_SIZE = 200;
// The list row's rank is the stage's own (the interview score's for the interview), as these rankings order by.
const RANKING_KIND = { [WRITTEN_STAGE]: 'written', [INTERVIEW_STAGE]: 'audition' } as const;

/**
 * What the detail dialog shows of one exam stage (modes 2 and 3), gathered from the calls the user may make: the
 * stage's list row (ticket, room, seat, absent, score, rank), the exam's time and place (from the ticket setting, or
 * from the score entry detail for those who only enter scores), and once published the ranking row's explanation
 * (found on the page of the post's ranking that holds the rank).
 */
export function useExamStageFacts(detail: AuditDetail | undefined, stage: ExamStage | undefined) {
  const ticketManager = useHasPermission(stage === INTERVIEW_STAGE ? ['review:audition'] : ['review:written']);
  const scorer = useHasPermission(['score:entry', 'score:review']);
  const ready = detail !== undefined && stage !== undefined;

  const { data: rows, isLoading } = useEndpointQuery(
    examApplicationList,
    ready
      ? { type: stage, planId: detail.planId, recruitmentId: detail.recruitmentId, keyword: detail.identityNo, pageNum: 1, pageSize: 10 }
      : undefined,
    { silent: true },
  );
  const row = rows?.list.find((r) => r.id === detail?.id);

  const { data: session } = useEndpointQuery(
    examSessionDetail,
    ready && ticketManager ? { planId: detail.planId, type: stage } : undefined,
    { silent: true },
  );
  const { data: entry } = useEndpointQuery(
    scoreEntryDetail,
    ready && !ticketManager && scorer ? { id: detail.id, type: stage } : undefined,
    { silent: true },
  );

  const rank = row?.rank ?? null;
  const { data: ranking } = useEndpointQuery(
    getGradeList,
    ready && rank !== null
      ? { kind: RANKING_KIND[stage], recruitmentId: detail.recruitmentId, pageNum: Math.ceil(rank / RANKING_PAGE_SIZE), pageSize: RANKING_PAGE_SIZE }
      : undefined,
    { silent: true },
  );
  const ranked = ranking?.list.find((r) => r.applicationId === detail?.id);

  return {
    loading: ready && isLoading,
    row,
    examTime: session?.examTime ?? entry?.examTime ?? null,
    examAddress: session?.examAddress ?? entry?.examAddress ?? null,
    explanation: ranked?.explanation ?? null,
    compositeScore: ranked?.compositeScore ?? null,
  };
}
