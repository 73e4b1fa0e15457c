import {
  INTERVIEW_STAGE, RECHECK_ANSWERED, RECHECK_KIND_REQUIRED, RECHECK_MISSING, RECHECK_NOT_OFFERED,
  RECHECK_NOT_PUBLISHED, RECHECK_REFUSAL_REQUIRED, RECHECK_SAME_SCORE, RECHECK_SCORE_REQUIRED,
  RECHECK_STAGE_WRONG, RECHECK_TWICE, RECHECK_WINDOW_OVER, RECHECK_WRITTEN_AFTER_INTERVIEW, WRITTEN_STAGE,
  answerScoreRecheck, candidateMessages, getGradeList, myApplication, myScoreRechecks, requestScoreRecheck,
  scoreOverFullMarksMessage, scoreRecheckList,
} from '@zhaokao/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, applicationStage, candidateApplication, recruitmentPlan, scoreRecheck } from '../../db/tables.js';
import { expectError, expectRefusedUnchanged, staffWith, useTestApp } from '../../test/app.js';
import { candidateCall } from '../../test/candidates.js';
import { insertTheirExamPlan } from '../../test/exam.js';
import { readXlsx } from '../../test/xlsx.js';
import { APPLICATION_MISSING } from '../pipeline/index.js';
import { publishedInterviewPost, publishedWrittenPost } from './score-recheck.support.js';

const t = useTestApp();
type Post = Awaited<ReturnType<typeof publishedWrittenPost>>;
let p: Post;

const ask = (token: string, id: number | string, stage: number | string = WRITTEN_STAGE, reason = '自己估分与公布成绩相差较大') =>
  candidateCall(t, requestScoreRecheck, { id, stage, reason }, { token });
const mine = async (token: string, id: number) => {
  const res = await candidateCall(t, myScoreRechecks, { id }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rechecks: { id: number; state: string; answer: string; originalScore: string | null; correctedScore: string | null; errorKind: string | null }[]; offers: { stage: number; name: string; deadline: string }[] };
};
const rechecksOf = (applicationId: number) => t.db.select().from(scoreRecheck).where(eq(scoreRecheck.applicationId, applicationId)).orderBy(asc(scoreRecheck.id));
const scoreOf = async (applicationId: number) =>
  (await t.db.select({ g: candidateApplication.writtenGrade }).from(candidateApplication).where(eq(candidateApplication.id, applicationId)))[0]!.g;
/** The third candidate's requests and score: what a refused answer must leave as it was. */
const thirdAsked = async () => [await rechecksOf(p.applications[2]!.id), await scoreOf(p.applications[2]!.id)];
const answer = (id: number, input: Record<string, unknown>, token = t.admin) => t.post('/api/recruitment/scoreRecheck/answer', token, { id, ...input });

beforeAll(async () => {
  p = await publishedWrittenPost(t, '成绩复查计划');
});

describe('asking for a re-check (candidate)', () => {
  it('offers the published written stage within the plan’s window (default 3 days)', async () => {
    const [plan] = await t.db.select({ days: recruitmentPlan.recheckDays }).from(recruitmentPlan).where(eq(recruitmentPlan.id, p.plan.id));
    expect(plan!.days).toBe(3);
    const { rechecks, offers } = await mine(p.tokens[2]!, p.applications[2]!.id);
    expect(rechecks).toEqual([]);
    expect(offers).toEqual([{ stage: WRITTEN_STAGE, name: '笔试', deadline: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) }]);
  });

  it('refuses outside the window, with no re-checks, before publication and bad input, writing nothing', async () => {
    const app = p.applications[2]!;
    const token = p.tokens[2]!;
    const snapshot = () => rechecksOf(app.id);
    await expectRefusedUnchanged(snapshot, () => ask(token, app.id, INTERVIEW_STAGE), 409, RECHECK_NOT_PUBLISHED);
    await expectRefusedUnchanged(snapshot, () => ask(token, app.id, 9), 400, RECHECK_STAGE_WRONG);
    await expectRefusedUnchanged(snapshot, () => ask(token, app.id, WRITTEN_STAGE, '  '), 400, '请输入复查理由');
    await expectRefusedUnchanged(snapshot, () => ask(token, app.id, WRITTEN_STAGE, '理'.repeat(201)), 400, '复查理由最长 200 个字');

    await t.db.update(recruitmentPlan).set({ recheckDays: 0 }).where(eq(recruitmentPlan.id, p.plan.id));
    await expectRefusedUnchanged(snapshot, () => ask(token, app.id), 409, RECHECK_NOT_OFFERED);
    expect((await mine(token, app.id)).offers).toEqual([]);
    await t.db.update(recruitmentPlan).set({ recheckDays: 3 }).where(eq(recruitmentPlan.id, p.plan.id));

    // Published four days ago: the three days are over.
    const age = (days: number) =>
      t.db.execute(sql`update stage_publication set published_at = published_at - make_interval(days => ${days}) where recruitment_id = ${p.posts[0]!.id}`);
    await age(4);
    await expectRefusedUnchanged(snapshot, () => ask(token, app.id), 409, RECHECK_WINDOW_OVER);
    await age(-4);
  });

  it('answers another candidate’s application and a missing one the same 404', async () => {
    const snapshot = () => rechecksOf(p.applications[2]!.id);
    await expectRefusedUnchanged(snapshot, () => ask(p.tokens[0]!, p.applications[2]!.id), 404, APPLICATION_MISSING);
    await expectRefusedUnchanged(snapshot, () => ask(p.tokens[0]!, 999_999), 404, APPLICATION_MISSING);
    expectError(await candidateCall(t, myScoreRechecks, { id: p.applications[2]!.id }, { token: p.tokens[0]! }), 404, APPLICATION_MISSING);
    // Staff sessions are not candidates.
    expect((await candidateCall(t, myScoreRechecks, { id: p.applications[2]!.id }, { headers: { 'X-Token': t.admin } })).statusCode).toBe(401);
  });

  it('takes one request per application and stage', async () => {
    const res = await ask(p.tokens[2]!, p.applications[2]!.id);
    expect(res.json()).toMatchObject({ code: 200, msg: '成绩复查申请已提交', data: { stage: WRITTEN_STAGE, stageName: '笔试', state: 'pending', answer: '' } });
    await expectRefusedUnchanged(() => rechecksOf(p.applications[2]!.id), () => ask(p.tokens[2]!, p.applications[2]!.id), 409, RECHECK_TWICE);
    const { rechecks, offers } = await mine(p.tokens[2]!, p.applications[2]!.id);
    expect(rechecks.map((r) => r.state)).toEqual(['pending']);
    expect(offers).toEqual([]);
  });
});

describe('answering (staff)', () => {
  let requestId: number;
  beforeAll(async () => {
    requestId = (await rechecksOf(p.applications[2]!.id))[0]!.id;
  });

  it('lists the requests by stage, plan, post and state; each stage is its own staff’s; another company’s are 404', async () => {
    const list = await t.call(scoreRecheckList, { stage: WRITTEN_STAGE, planId: p.plan.id, pageNum: 1, pageSize: 20 }, { token: t.admin });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ id: requestId, realName: p.applications[2]!.realName, jobVacancy: '会计', state: 'pending', score: '84.00' });
    expect((await t.call(scoreRecheckList, { stage: WRITTEN_STAGE, planId: p.plan.id, state: 'corrected', pageNum: 1, pageSize: 20 }, { token: t.admin })).data.total).toBe(0);
    expect((await t.call(scoreRecheckList, { stage: INTERVIEW_STAGE, planId: p.plan.id, pageNum: 1, pageSize: 20 }, { token: t.admin })).data.total).toBe(0);
    const interviewOnly = await staffWith(t, '面试工作', 'recheck_interview', ['review:audition']);
    expect((await t.call(scoreRecheckList, { stage: WRITTEN_STAGE, pageNum: 1, pageSize: 20 }, { token: interviewOnly })).status).toBe(403);
    expect((await answer(requestId, { decision: 'refuse', answer: '无误' }, interviewOnly)).statusCode).toBe(403);
    const theirs = await insertTheirExamPlan(t);
    expectError(await t.call(scoreRecheckList, { stage: WRITTEN_STAGE, planId: theirs.plan.id, pageNum: 1, pageSize: 20 }, { token: t.admin }), 404, '招录计划不存在');
    expect((await t.call(scoreRecheckList, { stage: WRITTEN_STAGE, pageNum: 1, pageSize: 20 }, { token: t.hospital })).data.total).toBe(0);
    await expectRefusedUnchanged(() => rechecksOf(p.applications[2]!.id), () => answer(requestId, { decision: 'refuse', answer: '无误' }, t.hospital), 404, RECHECK_MISSING);
  });

  it('refuses a bad answer with a Chinese 400 and writes nothing', async () => {
    await expectRefusedUnchanged(thirdAsked, () => answer(requestId, { decision: 'correct', errorKind: 'sum' }), 400, RECHECK_SCORE_REQUIRED);
    await expectRefusedUnchanged(thirdAsked, () => answer(requestId, { decision: 'correct', correctedScore: '88' }), 400, RECHECK_KIND_REQUIRED);
    await expectRefusedUnchanged(thirdAsked, () => answer(requestId, { decision: 'refuse', answer: ' ' }), 400, RECHECK_REFUSAL_REQUIRED);
    await expectRefusedUnchanged(thirdAsked, () => answer(requestId, { decision: 'correct', correctedScore: '88.555', errorKind: 'sum' }), 400, '更正后的成绩须为不小于 0 的数字，最多 2 位小数');
    await expectRefusedUnchanged(thirdAsked, () => answer(requestId, { decision: 'correct', correctedScore: '100.5', errorKind: 'sum' }), 400, scoreOverFullMarksMessage('100.00'));
    await expectRefusedUnchanged(thirdAsked, () => answer(requestId, { decision: 'correct', correctedScore: '84', errorKind: 'sum' }), 400, RECHECK_SAME_SCORE);
    await expectRefusedUnchanged(thirdAsked, () => answer(requestId, { decision: 'correct', correctedScore: '88', errorKind: 'typo' }), 400, RECHECK_KIND_REQUIRED);
  });

  it('corrects the score: recorded, the ranking compared (whose place and 入围 changed), the candidate told; answered once', async () => {
    const [c0, c1, c2] = p.applications;
    const res = await t.call(answerScoreRecheck, { id: requestId, decision: 'correct', correctedScore: '88', errorKind: 'sum', answer: '第三大题合分有误' }, { token: t.admin });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ state: 'corrected', originalScore: '84.00', correctedScore: '88.00', errorKind: 'sum', score: '88.00', answeredBy: expect.any(String) });
    expect(res.data.changes).toEqual([
      { applicationId: c2!.id, realName: c2!.realName, oldRank: 3, newRank: 2, oldPassed: false, newPassed: true },
      { applicationId: c1!.id, realName: c1!.realName, oldRank: 2, newRank: 3, oldPassed: true, newPassed: false },
    ]);
    expect(await scoreOf(c2!.id)).toBe('88.00');
    // The outcomes stay as published (staff act on the reported change); the ranking shows the corrected scores.
    const ranking = await t.call(getGradeList, { kind: 'written', recruitmentId: p.posts[0]!.id, pageNum: 1, pageSize: 20 }, { token: t.admin });
    expect(ranking.data.list.map((r) => [r.realName, r.rank, r.writtenScore])).toEqual([
      [c0!.realName, 1, '90.00'],
      [c2!.realName, 2, '88.00'],
      [c1!.realName, 3, '85.00'],
      [p.applications[3]!.realName, 4, '70.00'],
    ]);
    const [status] = await t.db.select({ s: candidateApplication.status }).from(candidateApplication).where(eq(candidateApplication.id, c2!.id));
    const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, c2!.id)).orderBy(asc(applicationHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: status!.s, toStatus: status!.s, remarks: '成绩复查：原成绩 84.00 分，更正为 88.00 分（合分错误）' });
    // c0 passed and still does: its stored place follows the corrected ranking (still first).
    const [stored] = await t.db.select().from(applicationStage).where(and(eq(applicationStage.applicationId, c0!.id), eq(applicationStage.stage, WRITTEN_STAGE)));
    expect(stored!.rank).toBe(1);

    const seen = await mine(p.tokens[2]!, c2!.id);
    expect(seen.rechecks).toMatchObject([{ state: 'corrected', originalScore: '84.00', correctedScore: '88.00', errorKind: 'sum', answer: '第三大题合分有误' }]);
    const messages = (await candidateCall(t, candidateMessages, { pageNum: 1, pageSize: 20 }, { token: p.tokens[2]! })).json().data.list;
    expect(messages[0]).toMatchObject({ title: '会计笔试成绩复查结果', content: '您申请的笔试成绩复查已答复：经核查存在合分错误，笔试成绩由 84.00 分更正为 88.00 分，岗位名次由第 3 名变为第 2 名。第三大题合分有误' });
    const detail = (await candidateCall(t, myApplication, { id: c2!.id }, { token: p.tokens[2]! })).json().data;
    expect(detail.results[0].score).toBe('88.00');

    await expectRefusedUnchanged(() => rechecksOf(c2!.id), () => answer(requestId, { decision: 'refuse', answer: '无误' }), 409, RECHECK_ANSWERED);
  });

  it('refuses with a reason: the candidate sees the answer, the score stays', async () => {
    const c0 = p.applications[0]!;
    expect((await ask(p.tokens[0]!, c0.id)).statusCode).toBe(200);
    const [request] = await rechecksOf(c0.id);
    const res = await t.call(answerScoreRecheck, { id: request!.id, decision: 'refuse', answer: '经核对答题卡与登分表，成绩无误' }, { token: t.admin });
    expect(res.data).toMatchObject({ state: 'refused', answer: '经核对答题卡与登分表，成绩无误', correctedScore: null, changes: [] });
    expect(await scoreOf(c0.id)).toBe('90.00');
    expect((await mine(p.tokens[0]!, c0.id)).rechecks).toMatchObject([{ state: 'refused', answer: '经核对答题卡与登分表，成绩无误' }]);
    const messages = (await candidateCall(t, candidateMessages, { pageNum: 1, pageSize: 20 }, { token: p.tokens[0]! })).json().data.list;
    expect(messages[0]).toMatchObject({ title: '会计笔试成绩复查结果', content: '您申请的笔试成绩复查已答复：经核查，成绩无误，不予更正。理由：经核对答题卡与登分表，成绩无误' });
  });

  it('exports the list as .xlsx', async () => {
    const [sheet] = await readXlsx(await t.get(`/api/recruitment/scoreRecheck/list/export?stage=2&planId=${p.plan.id}`, t.admin));
    expect(sheet!.rows.map((r) => [r['姓名'], r['状态'], r['原成绩'], r['更正后成绩'], r['差错类型']])).toEqual([
      [p.applications[0]!.realName, '不予更正', '90.00', '', ''],
      [p.applications[2]!.realName, '已更正', '84.00', '88.00', '合分错误'],
    ]);
  });
});

describe('the interview', () => {
  it('corrects an interview score: the composite ranking compared, 拟录用 by the published figures reported, the outcomes kept', async () => {
    const q = await publishedInterviewPost(t, '面试复查计划');
    const [c0, c1] = q.applications;
    expectError(await ask(q.tokens[1]!, c1!.id, WRITTEN_STAGE), 409, RECHECK_NOT_PUBLISHED);
    const asked = await ask(q.tokens[1]!, c1!.id, INTERVIEW_STAGE, '面试现场表现与成绩不符');
    expect(asked.json().data).toMatchObject({ stage: INTERVIEW_STAGE, stageName: '面试', state: 'pending' });
    const [request] = await rechecksOf(c1!.id);
    // Written-stage staff do not answer interview requests.
    const writtenOnly = await staffWith(t, '笔试工作', 'recheck_written', ['review:written']);
    expect((await answer(request!.id, { decision: 'refuse', answer: '无误' }, writtenOnly)).statusCode).toBe(403);
    const res = await t.call(answerScoreRecheck, { id: request!.id, decision: 'correct', correctedScore: '90', errorKind: 'missed', answer: '' }, { token: t.admin });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.changes).toEqual([
      { applicationId: c1!.id, realName: c1!.realName, oldRank: 2, newRank: 1, oldPassed: false, newPassed: true },
      { applicationId: c0!.id, realName: c0!.realName, oldRank: 1, newRank: 2, oldPassed: true, newPassed: false },
    ]);
    const [a] = await t.db.select({ g: candidateApplication.auditionGrade, s: candidateApplication.status }).from(candidateApplication).where(eq(candidateApplication.id, c1!.id));
    expect(a).toEqual({ g: '90.00', s: 33 });
    const [first] = await t.db.select({ s: candidateApplication.status }).from(candidateApplication).where(eq(candidateApplication.id, c0!.id));
    expect(first!.s).toBe(34);
    const messages = (await candidateCall(t, candidateMessages, { pageNum: 1, pageSize: 20 }, { token: q.tokens[1]! })).json().data.list;
    expect(messages[0].content).toBe('您申请的面试成绩复查已答复：经核查存在漏评，面试成绩由 80.00 分更正为 90.00 分，岗位名次由第 2 名变为第 1 名。');
  });
});

describe('the written score once the interview is published', () => {
  it('is not corrected (the published composite ranking rests on it), 409 and nothing written; a refusal is still answered', async () => {
    const q = await publishedWrittenPost(t, '面试已发布复查计划');
    const [c0] = q.applications;
    expect((await ask(q.tokens[0]!, c0!.id)).statusCode).toBe(200);
    const [request] = await rechecksOf(c0!.id);
    // the post's interview results published
    await t.db.execute(sql`insert into stage_publication (company_id, recruitment_id, stage, places, quota, passed, failed, published_by)
      values (${t.company1}, ${q.posts[0]!.id}, ${INTERVIEW_STAGE}, 1, 1, 1, 1, ${t.adminId})`);
    const state = async () => [await rechecksOf(c0!.id), await scoreOf(c0!.id), await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, c0!.id))];
    await expectRefusedUnchanged(
      state,
      () => answer(request!.id, { decision: 'correct', correctedScore: '95', errorKind: 'entry', answer: '登分有误' }),
      409,
      RECHECK_WRITTEN_AFTER_INTERVIEW,
    );
    expect(await scoreOf(c0!.id)).toBe('90.00');
    const refused = await t.call(answerScoreRecheck, { id: request!.id, decision: 'refuse', answer: '经核查无误' }, { token: t.admin });
    expect(refused.code, refused.msg).toBe(200);
  });
});

describe('plan form', () => {
  it('saves 成绩复查期限 (0–30 days, default 3; 0 takes no re-checks)', async () => {
    const plan = {
      name: '复查期限计划',
      signUpStartDate: '2027-01-01 09:00',
      signUpEndDate: '2027-01-10 17:00',
      writtenStartDate: '2027-01-20 09:00',
      auditionStartDate: '2027-02-01 09:00',
    };
    expectError(await t.post('/api/recruitment/recruitmentPlanExpand/save', t.admin, { ...plan, recheckDays: 31 }), 400, '成绩复查期限须在 0–30 天之间');
    expectError(await t.post('/api/recruitment/recruitmentPlanExpand/save', t.admin, { ...plan, recheckDays: 1.5 }), 400, '成绩复查期限必须是整数');
    const saved = await t.post('/api/recruitment/recruitmentPlanExpand/save', t.admin, { ...plan, recheckDays: 0 });
    expect(saved.json().code, saved.body).toBe(200);
    const [row] = await t.db.select({ days: recruitmentPlan.recheckDays }).from(recruitmentPlan).where(eq(recruitmentPlan.id, saved.json().data.id));
    expect(row!.days).toBe(0);
  });
});
