import { INTERVIEW_STAGE, type ExamStage, WRITTEN_STAGE, batchSendScore, batchSetGrade, reviewScores } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { candidateAccount, candidateApplication } from '../../db/tables.js';
import type { DemoAccounts, TestApp } from '../../test/app.js';
import { signInCandidate } from '../../test/candidates.js';
import { insertInterviewOnlyPlan, insertScoredExamPlan } from '../../test/exam.js';
import { issueInterviewTickets, issueTickets, scoreItemIds, setPlanRules } from '../../test/scores.js';

let made = 0;

/** Enters, confirms and publishes the stage's scores of the plan's only score item (as admin). */
async function publishScores(t: TestApp & DemoAccounts, p: { plan: { id: number }; posts: { id: number }[] }, ids: number[], stage: ExamStage, scores: string[]) {
  const [item] = await scoreItemIds(t.db, p.plan.id, stage);
  const entries = ids.map((applicationId, i) => ({ applicationId, scores: [{ workItemId: item!, score: scores[i]! }] }));
  expect((await t.call(batchSetGrade, { type: stage, entries }, { token: t.admin })).code).toBe(200);
  expect((await t.call(reviewScores, { type: stage, ids, action: 'confirm' }, { token: t.admin })).data.refused).toEqual([]);
  const published = await t.call(batchSendScore, { type: stage, recruitmentId: p.posts[0]!.id }, { token: t.admin });
  expect(published.code, published.msg).toBe(200);
}

/** Each application's candidate signed in on the candidate site, the account linked to the applicant: their tokens. */
async function candidatesOf(t: TestApp & DemoAccounts, planId: number, applications: { id: number }[]) {
  const tokens: string[] = [];
  for (const a of applications) {
    made += 1;
    const phone = `1366${String(planId % 1000).padStart(3, '0')}${String(made).padStart(4, '0')}`;
    tokens.push(await signInCandidate(t, phone));
    const [row] = await t.db.select({ talentId: candidateApplication.talentId }).from(candidateApplication).where(eq(candidateApplication.id, a.id));
    await t.db.update(candidateAccount).set({ talentId: row!.talentId }).where(eq(candidateAccount.phone, phone));
  }
  return tokens;
}

/**
 * A plan of company 1 with one post (1 place × ratio 2: two enter the interview) whose four candidates scored 90, 85,
 * 84 and 70 in the written exam, published; each candidate signed in on the candidate site (tokens in order).
 */
export async function publishedWrittenPost(t: TestApp & DemoAccounts, name: string) {
  const p = await insertScoredExamPlan(t, { name, posts: [{ jobVacancy: '会计', places: 1, candidates: 4 }] });
  await setPlanRules(t.db, p.plan.id, { interviewEntryRatio: 2 });
  const ids = p.applications.map((a) => a.id);
  await issueTickets(t.db, t.company1, ids, WRITTEN_STAGE);
  await publishScores(t, p, ids, WRITTEN_STAGE, ['90', '85', '84', '70']);
  return { ...p, tokens: await candidatesOf(t, p.plan.id, p.applications) };
}

/** An interview-only plan of company 1 (one post, 1 place) whose three candidates scored 88, 80 and 70, published; each signed in. */
export async function publishedInterviewPost(t: TestApp & DemoAccounts, name: string) {
  const p = await insertInterviewOnlyPlan(t, { name, posts: [{ jobVacancy: '讲解员', places: 1, candidates: 3 }] });
  const ids = p.applications.map((a) => a.id);
  await setPlanRules(t.db, p.plan.id, { examMode: 'interview' });
  await issueInterviewTickets(t.db, t.company1, p.plan.id, ids);
  await publishScores(t, p, ids, INTERVIEW_STAGE, ['88', '80', '70']);
  return { ...p, tokens: await candidatesOf(t, p.plan.id, p.applications) };
}

