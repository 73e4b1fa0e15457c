import { APPLICATION_STATUS as S, INTERVIEW_STAGE, type StatisticsPlanOption, WRITTEN_STAGE } from '@zhaokao/contracts';
import { describe, expect, it } from 'vitest';
import { defaultPlanOf, planHas } from './plan-choice';

const plan = (id: number, statuses: number[], publishedStages: number[] = []): StatisticsPlanOption => ({
  id,
  name: `计划${id}`,
  status: 'published',
  statuses,
  publishedStages,
});

// Newest first, as the plan options answer: a plan in sign-up review, one half-way through its written exam, one finished.
const signingUp = plan(3, [S.pending, S.inReview]);
const writing = plan(2, [S.awaitingWrittenScore, S.writtenScoreInReview]);
const finished = plan(1, [S.writtenFailed, S.interviewFailed, S.interviewPassed], [WRITTEN_STAGE, INTERVIEW_STAGE]);
const plans = [signingUp, writing, finished];

describe('the plan a page opens on', () => {
  it('is the latest plan with data for the page, not the newest plan', () => {
    expect(defaultPlanOf(plans, planHas.scoresToReview(WRITTEN_STAGE), '/writtenExamination/reviewScores', undefined)).toBe(writing.id);
    expect(defaultPlanOf(plans, planHas.scoresToEnter(WRITTEN_STAGE), '/writtenExamination/scoreEntry', undefined)).toBe(writing.id);
    expect(defaultPlanOf(plans, planHas.ranking('complex'), '/auditionExamination/complexRanking', undefined)).toBe(finished.id);
    expect(defaultPlanOf(plans, planHas.ranking('written'), '/writtenExamination/writtenRanking', undefined)).toBe(writing.id);
    expect(defaultPlanOf(plans, planHas.published(WRITTEN_STAGE), '/writtenExamination/writtenPass', undefined)).toBe(finished.id);
    expect(defaultPlanOf(plans, planHas.statuses([S.interviewPassed]), '/auditionExamination/auditionPass', undefined)).toBe(finished.id);
    expect(defaultPlanOf(plans, planHas.applications, '/examine/qualifications', undefined)).toBe(signingUp.id);
  });

  it('keeps the plan the user last chose when it has data for the page, or was chosen on this page', () => {
    const chosenOnEntry = { planId: finished.id, path: '/auditionExamination/scoreEntry' };
    // chosen elsewhere, with data here: kept
    expect(defaultPlanOf(plans, planHas.ranking('written'), '/writtenExamination/writtenRanking', chosenOnEntry)).toBe(finished.id);
    // chosen elsewhere, nothing here: the latest plan with data
    expect(defaultPlanOf(plans, planHas.scoresToReview(WRITTEN_STAGE), '/writtenExamination/reviewScores', chosenOnEntry)).toBe(writing.id);
    // chosen on this very page, though it has nothing: the user's choice stands
    expect(defaultPlanOf(plans, planHas.scoresToEnter(INTERVIEW_STAGE), '/auditionExamination/scoreEntry', chosenOnEntry)).toBe(finished.id);
  });

  it('falls back to the last choice, else the newest, when no plan has data; ignores a plan the company does not have', () => {
    const nothing = planHas.scoresToReview(INTERVIEW_STAGE);
    expect(defaultPlanOf(plans, nothing, '/auditionExamination/reviewScores', { planId: writing.id, path: '/examine/qualifications' })).toBe(writing.id);
    expect(defaultPlanOf(plans, nothing, '/auditionExamination/reviewScores', undefined)).toBe(signingUp.id);
    expect(defaultPlanOf(plans, planHas.applications, '/examine/qualifications', { planId: 99, path: '/examine/qualifications' })).toBe(signingUp.id);
    expect(defaultPlanOf([], planHas.applications, '/examine/qualifications', undefined)).toBeUndefined();
    expect(defaultPlanOf(undefined, planHas.applications, '/examine/qualifications', undefined)).toBeUndefined();
  });
});
