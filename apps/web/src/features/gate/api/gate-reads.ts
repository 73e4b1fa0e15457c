import { companyStatistics, gateApplicationList, gateSummary, gateVacancyList, statisticsPlanOptions } from '@zhaokao/contracts';

/**
 * A decision, a confirmed list or a 递补 moves applications between statuses: the gate's list, its counts and its
 * vacancies change, and so do the plans' hints (which statuses a plan holds) and the posts' counts. 递补's proposal is
 * not among them: it is read afresh each time its dialog opens, and reading it again under the dialog just confirmed
 * would answer that the vacancy is filled.
 */
export const GATE_READS = [gateApplicationList, gateSummary, gateVacancyList, statisticsPlanOptions, companyStatistics];
