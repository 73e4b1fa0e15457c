import { z } from 'zod';
import { allListEndpoint, idOf, postEndpoint } from '../api.js';
import { CANDIDATE_READ_PERMISSIONS } from './application.js';

/** Applications per status code: every code of DESIGN §5 is present, zero when none. */
export const statusCounts = z.record(z.string(), z.number().int());
export type StatusCounts = z.infer<typeof statusCounts>;

export const statisticsPostRow = z.object({
  recruitmentId: z.number().int(),
  jobVacancy: z.string(),
  places: z.number().int(),
  total: z.number().int(),
  counts: statusCounts,
});
export type StatisticsPostRow = z.infer<typeof statisticsPostRow>;

/**
 * populationStatistics (人数统计), SPEC §7 "POST companyStatistics with body": applications of one
 * plan of the caller's company by post and status. A plan of another company answers 404.
 */
export const companyStatistics = postEndpoint('/recruitment/companyStatistics', {
  reads: true,
  permissions: CANDIDATE_READ_PERMISSIONS,
  input: z.object({ planId: idOf('招录计划') }),
  output: z.object({
    plan: z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.string(),
      signUpStartDate: z.string(),
      signUpEndDate: z.string(),
    }),
    posts: z.array(statisticsPostRow),
    total: z.number().int(),
    counts: statusCounts,
  }),
});

export const statisticsPlanOption = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  /** The statuses its applications hold (of APPLICATION_STATUSES, ascending): which pages have something to show for it. */
  statuses: z.array(z.number().int()),
  /** The exam stages in which at least one of its posts has published its scores. */
  publishedStages: z.array(z.number().int()),
});
export type StatisticsPlanOption = z.infer<typeof statisticsPlanOption>;

/**
 * The company's plans for the plan selectors of the pages of applications (statistics, review, exams, rankings),
 * newest first, each with what it holds, so that a page opens on the latest plan that has something for it.
 */
export const statisticsPlanOptions = allListEndpoint('/recruitment/companyStatistics/planOptions', statisticsPlanOption, CANDIDATE_READ_PERMISSIONS);
