// runs on PostgreSQL too: one post published at once, a publication racing a return
import {
  type ExamStage, batchSendScore, batchSetGrade, candidateTask, examApplicationList, exportRankingList,
  exportHireList, getGradeList, hireList, previewSendScore, reviewScores,
} from '@zhaokao/contracts';
import ExcelJS from 'exceljs';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, applicationStage, candidateApplication, candidateNoticeFeed, stagePublication } from '../../../db/tables.js';
import { atOnce, expectError, expectOneSucceeded, expectOthersNotFound, useTestApp, warmUp, staffWith } from '../../../test/app.js';
import { insertExamPlan, insertInterviewOnlyPlan, insertScoredExamPlan, insertTheirExamPlan } from '../../../test/exam.js';
import { ALREADY_PUBLISHED } from './publish.js';
import { scoresOf, issueInterviewTickets, issueTickets, scoreItemIds, setPlanRules, statusesOf } from '../../../test/scores.js';

const t = useTestApp();
type Plan = Awaited<ReturnType<typeof insertExamPlan>>;

/** Enters each application's score ('缺考' for absent) of the plan's only score item, as admin. */
async function enter(plan: Plan, stage: ExamStage, scores: Record<number, string>) {
  const [item] = await scoreItemIds(t.db, plan.plan.id, stage);
  const entries = Object.entries(scores).map(([id, score]) =>
    score === '缺考' ? { applicationId: Number(id), absent: true } : { applicationId: Number(id), scores: [{ workItemId: item!, score }] },
  );
  const res = await t.call(batchSetGrade, { type: stage, entries }, { token: t.admin });
  expect(res.code).toBe(200);
}

const confirm = async (stage: ExamStage, ids: number[]) =>
  expect((await t.call(reviewScores, { type: stage, ids, action: 'confirm' }, { token: t.admin })).data.refused).toEqual([]);

const publish = (stage: ExamStage, recruitmentId: number, token = t.admin) => t.call(batchSendScore, { type: stage, recruitmentId }, { token });

const list = async (kind: 'written' | 'audition' | 'complex', recruitmentId: number) => {
  const res = await t.call(getGradeList, { kind, recruitmentId, pageNum: 1, pageSize: 50 }, { token: t.admin });
  expect(res.code).toBe(200);
  return res.data;
};

async function xlsxRows(res: { rawPayload: Buffer; headers: Record<string, unknown> }) {
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push(Array.from(row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

let a: Plan;
let c: Plan;
let hospitalPost: number;
let outsider: string;

beforeAll(async () => {
  // Plan A: 7 candidates for 1 place with an entry ratio of 4 (quota 4), and a second post of 2.
  a = await insertScoredExamPlan(t, {
    name: '笔试排名计划',
    posts: [
      { jobVacancy: '出纳', places: 1, candidates: 7 },
      { jobVacancy: '司机', places: 1, candidates: 2 },
    ],
    interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
  });
  await setPlanRules(t.db, a.plan.id, { interviewEntryRatio: 4 });
  await issueTickets(t.db, t.company1, a.applications.map((x) => x.id), 2);

  // Plan C: 5 candidates for 1 place, everyone enters the interview (ratio 5), weight 0.5.
  c = await insertScoredExamPlan(t, {
    name: '综合排名计划',
    posts: [{ jobVacancy: '教师', places: 1, candidates: 5 }],
    interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
  });
  await setPlanRules(t.db, c.plan.id, { interviewEntryRatio: 5, compositeWeight: '0.500' });
  await issueTickets(t.db, t.company1, c.applications.map((x) => x.id), 2);

  const other = await insertTheirExamPlan(t);
  hospitalPost = other.posts[0]!.id;
  outsider = await staffWith(t, '财务', 'caiwu', ['wallet:view']);
});

describe('written results (batchSendScore type 2)', () => {
  it('refuses while scores are missing or not reviewed, naming how many', async () => {
    const ids = a.applications.filter((x) => x.recruitmentId === a.posts[0]!.id).map((x) => x.id);
    const post = a.posts[0]!.id;
    expectError(await publish(2, post), 409, '该岗位还有 7 人未录入成绩，不能发布成绩');
    await enter(a, 2, { [ids[0]!]: '90', [ids[1]!]: '85', [ids[2]!]: '85', [ids[3]!]: '80', [ids[4]!]: '80', [ids[5]!]: '70' });
    expectError(await publish(2, post), 409, '该岗位还有 1 人未录入成绩，6 人成绩未审核，不能发布成绩');
    await enter(a, 2, { [ids[6]!]: '缺考' });
    await confirm(2, ids.slice(0, 5));
    expectError(await publish(2, post), 409, '该岗位还有 2 人成绩未审核，不能发布成绩');
    expect(await t.db.select().from(stagePublication)).toEqual([]);
  });

  it('shows a provisional ranking before publication', async () => {
    const post = a.posts[0]!.id;
    const provisional = await list('written', post);
    expect(provisional.published).toBe(false);
    expect(provisional.rule).toMatch(/^按笔试成绩从高到低排名，.*招录 1 人 × 入围比例 4 = 4 人入围面试/); // no 加分 on a plan without bonus categories
    expect(provisional.list.map((r) => [r.writtenScore, r.rank, r.passed])).toEqual([
      ['90.00', 1, true],
      ['85.00', 2, true],
      ['85.00', 2, true],
      ['80.00', 4, true],
      ['80.00', 4, true],
      ['70.00', 6, false],
      [null, null, false],
    ]);
  });

  it('ranks 1, 2, 2, 4; ties at the cut-off all enter; the absent never pass; passes go on to the interview', async () => {
    const ids = a.applications.filter((x) => x.recruitmentId === a.posts[0]!.id).map((x) => x.id);
    const post = a.posts[0]!.id;
    await confirm(2, ids.slice(5));
    expectError(await publish(2, post, t.shenhe), 403, '您没有执行该操作的权限');
    const published = await publish(2, post);
    expect(published).toMatchObject({ code: 200, data: { passed: 5, failed: 2, movedToInterview: 5 } });
    expect(await statusesOf(t.db, ids)).toEqual([30, 30, 30, 30, 30, 23, 23]);
    // Those who pass have their result written; the others' are computed when read (DESIGN §5, migration 0017).
    const stages = await t.db.select().from(applicationStage).where(inArray(applicationStage.applicationId, ids)).orderBy(asc(applicationStage.applicationId));
    expect(stages.filter((s) => s.stage === 2).map((s) => [s.rank, s.passed])).toEqual([
      [1, true],
      [2, true],
      [2, true],
      [4, true],
      [4, true],
      [null, null],
      [null, null],
    ]);
    // What the candidate is told names nobody else.
    expect(stages.find((s) => s.stage === 2 && s.applicationId === ids[1])?.explanation).toBe(
      '笔试 85.00 分，与另外 1 人同分，并列第 2 名；招录 1 人 × 入围比例 4 = 4 人入围面试，第 2 名在入围范围内，进入面试',
    );
    // Through the state machine: 22 → 24 → 30 in the history, and the interview tasks created.
    const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, ids[0]!)).orderBy(asc(applicationHistory.id));
    expect(history.slice(-2).map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [22, 24],
      [24, 30],
    ]);
    // A failure's move is the publication's row, shown in the detail's history like any other.
    expect(await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, ids[5]!))).not.toContainEqual(
      expect.objectContaining({ toStatus: 23 }),
    );
    const steps = await t.call(candidateTask, { id: ids[5]! }, { token: t.admin });
    expect(steps.data.history.at(-1)).toMatchObject({ fromStatus: 22, toStatus: 23, remarks: '笔试成绩发布：未进入面试' });
    expect(steps.data.history.at(-2)).toMatchObject({ toStatus: 22 });
    const feed = await t.db.select().from(candidateNoticeFeed).where(inArray(candidateNoticeFeed.applicationId, ids));
    const notices = feed.filter((n) => n.title.endsWith('成绩已发布'));
    expect(notices).toHaveLength(7);
    // The review pipeline's other moves tell the candidate too, read from the history (migration 0015).
    const titlesOf = (id: number) => feed.filter((n) => n.applicationId === id).map((n) => n.title).sort();
    expect(titlesOf(ids[0]!)).toEqual(['出纳已进入面试', '出纳笔试成绩已发布', '出纳笔试准考证已发放', '出纳资格审核已通过'].sort());
    expect(titlesOf(ids[6]!)).toEqual(['出纳笔试成绩已发布', '出纳笔试准考证已发放', '出纳资格审核已通过'].sort());
    expect(feed.find((n) => n.applicationId === ids[0] && n.title === '出纳已进入面试')?.content).toBe('您已进入面试名单，请留意面试准考证的发放。');
    expect(notices.find((n) => n.applicationId === ids[6])).toMatchObject({ title: '出纳笔试成绩已发布', content: '笔试缺考，不参加排名，未进入面试' });
    expect(notices.find((n) => n.applicationId === ids[5])?.content).toBe('笔试 70.00 分，未进入面试；本岗位进入面试的最低笔试成绩为 80.00 分');
    expect(notices.find((n) => n.applicationId === ids[1])?.content).toBe(stages.find((s) => s.stage === 2 && s.applicationId === ids[1])?.explanation);
    const [publication] = await t.db.select().from(stagePublication).where(eq(stagePublication.recruitmentId, post));
    expect(publication).toMatchObject({ places: 1, quota: 4, passed: 5, failed: 2, cutoffScore: '80.00', publishedBy: t.adminId });

    const stored = await list('written', post);
    expect(stored.published).toBe(true);
    expect(stored.list.map((r) => [r.rank, r.passed, r.status])).toEqual([
      [1, true, 30],
      [2, true, 30],
      [2, true, 30],
      [4, true, 30],
      [4, true, 30],
      [6, false, 23],
      [null, false, 23],
    ]);
    expect(stored.list[6]).toMatchObject({ absent: true, writtenScore: null });
    // Ties name the others and the rule that settles them: a plain tie, and the tie at the cut-off that all enter.
    expect(stored.list[0]!.explanation).toBe('笔试 90.00 分，岗位第 1 名；招录 1 人 × 入围比例 4 = 4 人入围面试，第 1 名在入围范围内，进入面试');
    expect(stored.list.slice(1, 5).map((r) => r.explanation)).toEqual([
      '笔试 85.00 分，与考生1-3同分，并列第 2 名；招录 1 人 × 入围比例 4 = 4 人入围面试，第 2 名在入围范围内，进入面试',
      '笔试 85.00 分，与考生1-2同分，并列第 2 名；招录 1 人 × 入围比例 4 = 4 人入围面试，第 2 名在入围范围内，进入面试',
      '笔试 80.00 分，与考生1-5同分，并列第 4 名；招录 1 人 × 入围比例 4 = 4 人入围面试，第 4 名在入围范围内，末位并列 2 人，均进入面试',
      '笔试 80.00 分，与考生1-4同分，并列第 4 名；招录 1 人 × 入围比例 4 = 4 人入围面试，第 4 名在入围范围内，末位并列 2 人，均进入面试',
    ]);
    expect(stored.list[5]!.explanation).toBe('笔试 70.00 分，岗位第 6 名；招录 1 人 × 入围比例 4 = 4 人入围面试，第 6 名不在入围范围内，未进入面试');
    expect(stored.list[6]!.explanation).toBe('笔试缺考，不参加排名，未进入面试');
    // The work list shows the failures' rank too, counted among the published.
    const work = await t.call(examApplicationList, { type: 2, planId: a.plan.id, recruitmentId: post, pageNum: 1, pageSize: 10 }, { token: t.admin });
    expect(new Map(work.data.list.map((r) => [r.id, r.rank])).get(ids[5]!)).toBe(6);
    expect(new Map(work.data.list.map((r) => [r.id, r.rank])).get(ids[6]!)).toBeNull();
    expectError(await publish(2, post), 409, ALREADY_PUBLISHED);
  });

  it('publishing the same post twice at once: exactly one succeeds', async () => {
    const ids = a.applications.filter((x) => x.recruitmentId === a.posts[1]!.id).map((x) => x.id);
    await enter(a, 2, { [ids[0]!]: '60', [ids[1]!]: '61' });
    await confirm(2, ids);
    await warmUp(() => t.call(getGradeList, { kind: 'written', recruitmentId: a.posts[1]!.id }, { token: t.admin }));
    const answers = await atOnce(4, () => publish(2, a.posts[1]!.id));
    expectOneSucceeded(answers, 409, ALREADY_PUBLISHED);
    expect(await statusesOf(t.db, ids)).toEqual([30, 30]);
    const published = (await t.db.select().from(candidateNoticeFeed).where(inArray(candidateNoticeFeed.applicationId, ids))).filter((n) =>
      n.title.endsWith('成绩已发布'),
    );
    expect(published).toHaveLength(2);
  });

  it('publishing while scores are sent back: the post is published whole, or not at all', async () => {
    const plan = await insertScoredExamPlan(t, {
      name: '发布与退回计划',
      posts: [{ jobVacancy: '会计', places: 1, candidates: 6 }],
    });
    const ids = plan.applications.map((x) => x.id);
    await issueTickets(t.db, t.company1, ids, 2);
    await enter(plan, 2, Object.fromEntries(ids.map((id, k) => [id, String(60 + k)])));
    await confirm(2, ids);
    const [published, returned] = await Promise.all([
      publish(2, plan.posts[0]!.id),
      t.call(reviewScores, { type: 2, ids: ids.slice(2, 4), action: 'return', remarks: '重新核对' }, { token: t.admin }),
    ]);
    const statuses = await statusesOf(t.db, ids);
    const publications = await t.db.select().from(stagePublication).where(eq(stagePublication.recruitmentId, plan.posts[0]!.id));
    if (published.code === 200) {
      expect(returned.data.done).toBe(0);
      expect(statuses.filter((s) => s === 23 || s === 24)).toHaveLength(6);
      expect(publications).toHaveLength(1);
    } else {
      expect(published.code).toBe(409);
      expect(returned.data.done).toBe(2);
      expect(statuses).toEqual([22, 22, 21, 21, 22, 22]);
      expect(publications).toEqual([]);
    }
  });

  it('a qualifying line keeps those below it out even inside the quota', async () => {
    const plan = await insertScoredExamPlan(t, {
      name: '合格线计划',
      posts: [{ jobVacancy: '保安', places: 1, candidates: 3 }],
    });
    await setPlanRules(t.db, plan.plan.id, { writtenPassLine: '85.50' });
    const ids = plan.applications.map((x) => x.id);
    await issueTickets(t.db, t.company1, ids, 2);
    await enter(plan, 2, { [ids[0]!]: '90', [ids[1]!]: '85', [ids[2]!]: '88' });
    await confirm(2, ids);
    // No interview work items: the passes wait at 24 for the interview list.
    expect((await publish(2, plan.posts[0]!.id)).data).toEqual({ passed: 2, failed: 1, movedToInterview: 0 });
    expect(await statusesOf(t.db, ids)).toEqual([24, 23, 24]);
    const rows = (await list('written', plan.posts[0]!.id)).list;
    expect(rows.map((r) => r.explanation)).toEqual([
      '笔试 90.00 分，岗位第 1 名；招录 1 人 × 入围比例 3 = 3 人入围面试，第 1 名在入围范围内，且不低于合格分数线 85.50 分，进入面试',
      '笔试 88.00 分，岗位第 2 名；招录 1 人 × 入围比例 3 = 3 人入围面试，第 2 名在入围范围内，且不低于合格分数线 85.50 分，进入面试',
      '笔试 85.00 分，岗位第 3 名，在入围范围（前 3 名）内，但低于合格分数线 85.50 分，未进入面试',
    ]);
  });

  it('with 资格复审 the written passes wait at 24 for its list, though the interview is arranged', async () => {
    const plan = await insertScoredExamPlan(t, {
      name: '资格复审计划',
      posts: [{ jobVacancy: '档案员', places: 1, candidates: 3 }],
      interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
    });
    await setPlanRules(t.db, plan.plan.id, { interviewEntryRatio: 2, gates: [4, 5] });
    const ids = plan.applications.map((x) => x.id);
    await issueTickets(t.db, t.company1, ids, 2);
    await enter(plan, 2, { [ids[0]!]: '90', [ids[1]!]: '70', [ids[2]!]: '88' });
    await confirm(2, ids);
    expect((await publish(2, plan.posts[0]!.id)).data).toEqual({ passed: 2, failed: 1, movedToInterview: 0 });
    expect(await statusesOf(t.db, ids)).toEqual([24, 23, 24]);
    const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, ids[0]!)).orderBy(asc(applicationHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: 22, toStatus: 24 });
  });

  it('names at most two of those tied, then how many', async () => {
    const plan = await insertScoredExamPlan(t, {
      name: '多人并列计划',
      posts: [{ jobVacancy: '门卫', places: 1, candidates: 5 }],
    });
    await setPlanRules(t.db, plan.plan.id, { interviewEntryRatio: 1 });
    const ids = plan.applications.map((x) => x.id);
    await issueTickets(t.db, t.company1, ids, 2);
    await enter(plan, 2, { [ids[0]!]: '80', [ids[1]!]: '80', [ids[2]!]: '80', [ids[3]!]: '80', [ids[4]!]: '70' });
    await confirm(2, ids);
    const preview = await t.call(previewSendScore, { type: 2, recruitmentId: plan.posts[0]!.id }, { token: t.admin });
    expect(preview.data.passed.map((r) => [r.rank, r.tiedAtCutoff])).toEqual([
      [1, true],
      [1, true],
      [1, true],
      [1, true],
    ]);
    expect(preview.data.passed[0]!.explanation).toBe(
      '笔试 80.00 分，与考生1-2、考生1-3等 3 人同分，并列第 1 名；招录 1 人 × 入围比例 1 = 1 人入围面试，第 1 名在入围范围内，末位并列 4 人，均进入面试',
    );
    expect((await publish(2, plan.posts[0]!.id)).data).toEqual({ passed: 4, failed: 1, movedToInterview: 0 });
    const rows = (await list('written', plan.posts[0]!.id)).list;
    expect(rows[2]!.explanation).toBe(
      '笔试 80.00 分，与考生1-1、考生1-2等 3 人同分，并列第 1 名；招录 1 人 × 入围比例 1 = 1 人入围面试，第 1 名在入围范围内，末位并列 4 人，均进入面试',
    );
    expect(rows[4]!.explanation).toBe('笔试 70.00 分，岗位第 5 名；招录 1 人 × 入围比例 1 = 1 人入围面试，第 5 名不在入围范围内，未进入面试');
  });

  it('refuses bad input, missing permission and other companies', async () => {
    expectError(await t.call(batchSendScore, { type: 2, recruitmentId: 'x' as unknown as number }, { token: t.admin }), 400, '岗位编号必须是数字');
    expectError(await t.call(batchSendScore, { type: 5 as 2, recruitmentId: a.posts[0]!.id }, { token: t.admin }), 400, '考试阶段不正确');
    await expectOthersNotFound(t, (token, id) => publish(2, id, token), { mine: a.posts[1]!.id, theirs: hospitalPost }, '岗位不存在');
    expectError(await t.call(getGradeList, { kind: 'best' as 'written', recruitmentId: a.posts[0]!.id }, { token: t.admin }), 400, '排名类型不正确');
    expectError(await t.call(getGradeList, { kind: 'written', recruitmentId: a.posts[0]!.id }, { token: outsider }), 403, '您没有执行该操作的权限');
    await expectOthersNotFound(t, (token, id) => t.call(getGradeList, { kind: 'written', recruitmentId: id }, { token }), { mine: a.posts[0]!.id, theirs: hospitalPost }, '岗位不存在');
    await expectOthersNotFound(t, (token, id) => t.call(exportRankingList, { kind: 'written', recruitmentId: id }, { token }), { mine: a.posts[0]!.id, theirs: hospitalPost }, '岗位不存在');
    await expectOthersNotFound(t, (token, id) => t.call(hireList, { planId: id }, { token }), { mine: a.plan.id, theirs: 999998 }, '招录计划不存在');
    expectError(await t.call(hireList, { planId: a.plan.id }, { token: outsider }), 403, '您没有执行该操作的权限');
    await expectOthersNotFound(t, (token, id) => t.call(exportHireList, { planId: id }, { token }), { mine: a.plan.id, theirs: 999998 }, '招录计划不存在');
    expectError(await t.call(exportHireList, { planId: a.plan.id }, { token: outsider }), 403, '您没有执行该操作的权限');
    expectError(await t.call(exportRankingList, { kind: 'complex', recruitmentId: a.posts[0]!.id }, { token: outsider }), 403, '您没有执行该操作的权限');
    expectError(await t.call(hireList, { planId: c.plan.id, recruitmentId: a.posts[0]!.id }, { token: t.admin }), 404, '岗位不存在');
  });
});

describe('interview results and the composite ranking', () => {
  it('composite half up in numeric, ties by written, the first `places` pass, absent never; the 拟录用 list', async () => {
    const ids = c.applications.map((x) => x.id);
    await enter(c, 2, { [ids[0]!]: '85.25', [ids[1]!]: '80', [ids[2]!]: '81', [ids[3]!]: '70', [ids[4]!]: '60' });
    await confirm(2, ids);
    expect((await publish(2, c.posts[0]!.id)).data).toEqual({ passed: 5, failed: 0, movedToInterview: 5 });
    await issueTickets(t.db, t.company1, ids, 3);
    // 0.5 × 80.00 + 0.5 × 80.21 = 80.105 → 80.11 (in floats 80.10499… → 80.10); 0.5 × 81 + 0.5 × 79.22 = 80.11 too, ranked above by the written score.
    await enter(c, 3, { [ids[0]!]: '90', [ids[1]!]: '80.21', [ids[2]!]: '79.22', [ids[3]!]: '缺考', [ids[4]!]: '60' });
    expect(0.5 * 80 + 0.5 * 80.21).toBeLessThan(80.105); // why SQL numeric, not floats

    const provisional = await list('complex', c.posts[0]!.id);
    expect(provisional.published).toBe(false);
    expect(provisional.rule).toContain('综合成绩 = 笔试 × 0.5 + 面试 × 0.5，四舍五入保留两位小数；按综合成绩');
    expect(provisional.list.map((r) => [r.compositeScore, r.rank])).toEqual([
      ['87.63', 1],
      ['80.11', 2],
      ['80.11', 3],
      ['60.00', 4],
      [null, null],
    ]);
    expectError(await publish(3, c.posts[0]!.id), 409, '该岗位还有 5 人成绩未审核，不能发布成绩');
    await confirm(3, ids);
    expect((await publish(3, c.posts[0]!.id)).data).toEqual({ passed: 1, failed: 4, movedToInterview: 0 });
    expect(await statusesOf(t.db, ids)).toEqual([34, 33, 33, 33, 33]);

    const complex = await list('complex', c.posts[0]!.id);
    expect(complex.published).toBe(true);
    expect(complex.list.map((r) => [r.applicationId, r.compositeScore, r.rank, r.passed])).toEqual([
      [ids[0], '87.63', 1, true],
      [ids[2], '80.11', 2, false],
      [ids[1], '80.11', 3, false],
      [ids[4], '60.00', 4, false],
      [ids[3], null, null, false],
    ]);
    expect(complex.list[0]!.explanation).toBe('综合成绩 = 笔试 85.25 × 0.5 + 面试 90.00 × 0.5 = 87.63，岗位第 1 名；招录 1 人，拟录用');
    expect(complex.list[4]!.explanation).toBe('面试缺考，不参加排名，未被拟录用');
    // The same composite, set apart by the written score: each says so, naming the other.
    expect(complex.list.slice(1, 3).map((r) => r.explanation)).toEqual([
      '综合成绩 = 笔试 81.00 × 0.5 + 面试 79.22 × 0.5 = 80.11，岗位第 2 名；综合成绩与考生1-2并列（80.11），按笔试成绩排在其前；招录 1 人，未进入拟录用名单',
      '综合成绩 = 笔试 80.00 × 0.5 + 面试 80.21 × 0.5 = 80.11，岗位第 3 名；综合成绩与考生1-3并列（80.11），按笔试成绩排在其后；招录 1 人，未进入拟录用名单',
    ]);
    const interview = await list('audition', c.posts[0]!.id);
    expect(interview.list.map((r) => [r.interviewScore, r.rank])).toEqual([
      ['90.00', 1],
      ['80.21', 2],
      ['79.22', 3],
      ['60.00', 4],
      [null, null],
    ]);
    // The interview ranking explains the interview place, not the composite one.
    expect(interview.list.map((r) => r.explanation)).toEqual([
      '面试 90.00 分，岗位面试第 1 名；综合成绩 87.63，综合排名第 1 名，拟录用',
      '面试 80.21 分，岗位面试第 2 名；综合成绩 80.11，综合排名第 3 名，未进入拟录用名单',
      '面试 79.22 分，岗位面试第 3 名；综合成绩 80.11，综合排名第 2 名，未进入拟录用名单',
      '面试 60.00 分，岗位面试第 4 名；综合成绩 60.00，综合排名第 4 名，未进入拟录用名单',
      '面试缺考，不参加排名',
    ]);

    const hires = await t.call(hireList, { planId: c.plan.id, pageNum: 1, pageSize: 20 }, { token: t.admin });
    expect(hires.data).toEqual({
      total: 1,
      list: [expect.objectContaining({ applicationId: ids[0], jobVacancy: '教师', writtenScore: '85.25', interviewScore: '90.00', compositeScore: '87.63', compositeRank: 1 })],
    });
    const hireFile = await t.get(`/api/recruitment/auditionPassList/export?planId=${c.plan.id}`, t.admin);
    expect(hireFile.statusCode).toBe(200);
    const hireSheet = await xlsxRows(hireFile);
    expect(hireSheet[0]).toEqual(['岗位', '姓名', '性别', '身份证号', '手机号', '笔试成绩', '面试成绩', '综合成绩', '综合名次']);
    expect(hireSheet[1]!.slice(5)).toEqual(['85.25', '90.00', '87.63', '1']);
    // Gone on to the gates after the interview (体检 passed, 考察 withdrew, 聘用): still on the 拟录用 list.
    for (const status of [36, 43, 46] as const) {
      await t.db.update(candidateApplication).set({ status }).where(eq(candidateApplication.id, ids[0]!));
      expect((await t.call(hireList, { planId: c.plan.id, pageNum: 1, pageSize: 20 }, { token: t.admin })).data.list.map((r) => r.applicationId)).toEqual([ids[0]]);
    }
    await t.db.update(candidateApplication).set({ status: 34 }).where(eq(candidateApplication.id, ids[0]!));

    const rankingFile = await t.get(`/api/recruitment/getGradeList/export?kind=complex&recruitmentId=${c.posts[0]!.id}`, t.admin);
    const sheet = await xlsxRows(rankingFile);
    expect(sheet[0]).toEqual(['名次', '姓名', '身份证号', '准考证号', '笔试成绩', '面试成绩', '综合成绩', '拟录用', '说明']);
    expect(sheet.slice(1, 6).map((r) => [r[0], r[6], r[7]])).toEqual([
      ['1', '87.63', '是'],
      ['2', '80.11', '否'],
      ['3', '80.11', '否'],
      ['4', '60.00', '否'],
      ['', '', '否'],
    ]);
  });

  it('an interview-only plan: composite is the interview score; exact ties at the cut-off all pass', async () => {
    const plan = await insertInterviewOnlyPlan(t, { name: '仅面试计划', posts: [{ jobVacancy: '厨师', places: 1, candidates: 3 }] });
    const ids = plan.applications.map((x) => x.id);
    await setPlanRules(t.db, plan.plan.id, { examMode: 'interview' });
    await issueInterviewTickets(t.db, t.company1, plan.plan.id, ids);
    await enter(plan, 3, { [ids[0]!]: '88', [ids[1]!]: '70', [ids[2]!]: '88' });
    await confirm(3, ids);
    expect((await publish(3, plan.posts[0]!.id)).data).toEqual({ passed: 2, failed: 1, movedToInterview: 0 });
    expect(await statusesOf(t.db, ids)).toEqual([34, 33, 34]);
    expect((await scoresOf(t.db, ids)).map((g) => g.written)).toEqual([null, null, null]);
    const complex = await list('complex', plan.posts[0]!.id);
    expect(complex.list.map((r) => [r.compositeScore, r.rank, r.passed])).toEqual([
      ['88.00', 1, true],
      ['88.00', 1, true],
      ['70.00', 3, false],
    ]);
    expect(complex.list[0]!.explanation).toBe('面试 88.00 分（仅面试，综合成绩即面试成绩），与考生1-3同分，并列第 1 名；招录 1 人，拟录用');
    expect(complex.rule).toContain('仅面试的招录计划：综合成绩即面试成绩');
    expect((await list('written', plan.posts[0]!.id)).list).toEqual([]);
  });

  it('refuses to publish the interview while a candidate of the post is still at 资格复审 or waits for the interview list after it', async () => {
    const plan = await insertInterviewOnlyPlan(t, { name: '资格复审未完计划', posts: [{ jobVacancy: '园丁', places: 1, candidates: 3 }] });
    const ids = plan.applications.map((x) => x.id);
    await setPlanRules(t.db, plan.plan.id, { gates: [4] });
    await issueInterviewTickets(t.db, t.company1, plan.plan.id, ids.slice(0, 2));
    await enter(plan, 3, { [ids[0]!]: '88', [ids[1]!]: '70' });
    await confirm(3, ids.slice(0, 2));
    for (const status of [25, 26] as const) {
      await t.db.update(candidateApplication).set({ status }).where(eq(candidateApplication.id, ids[2]!));
      expectError(await publish(3, plan.posts[0]!.id), 409, '该岗位还有 1 人笔试环节未完成，不能发布成绩');
    }
    // Failed at 资格复审: out, and the interview may be published.
    await t.db.update(candidateApplication).set({ status: 27 }).where(eq(candidateApplication.id, ids[2]!));
    expect((await publish(3, plan.posts[0]!.id)).code).toBe(200);
  });

  it('an interview pass mark: those below it are not 拟录用, the places go on in composite order, and a published ranking keeps its line', async () => {
    const plan = await insertScoredExamPlan(t, {
      name: '面试合格线计划',
      posts: [{ jobVacancy: '讲解员', places: 1, candidates: 4 }],
      interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
    });
    await setPlanRules(t.db, plan.plan.id, { interviewEntryRatio: 4, compositeWeight: '0.500', interviewPassLine: '75.00' });
    const ids = plan.applications.map((x) => x.id);
    const post = plan.posts[0]!.id;
    await issueTickets(t.db, t.company1, ids, 2);
    await enter(plan, 2, { [ids[0]!]: '90', [ids[1]!]: '80', [ids[2]!]: '70', [ids[3]!]: '60' });
    await confirm(2, ids);
    expect((await publish(2, post)).data).toEqual({ passed: 4, failed: 0, movedToInterview: 4 });
    await issueTickets(t.db, t.company1, ids, 3);
    // Composites 81.00, 79.00, 73.00: the first is below the line at the interview.
    await enter(plan, 3, { [ids[0]!]: '72', [ids[1]!]: '78', [ids[2]!]: '76', [ids[3]!]: '缺考' });
    await confirm(3, ids);

    const expected = [
      [ids[0], '81.00', 1, false, '综合成绩 = 笔试 90.00 × 0.5 + 面试 72.00 × 0.5 = 81.00，岗位第 1 名；面试 72.00 分，低于面试合格线 75.00 分，不予拟录用'],
      [ids[1], '79.00', 2, true, '综合成绩 = 笔试 80.00 × 0.5 + 面试 78.00 × 0.5 = 79.00，岗位第 2 名；招录 1 人，面试合格者中第 1 名，拟录用'],
      [ids[2], '73.00', 3, false, '综合成绩 = 笔试 70.00 × 0.5 + 面试 76.00 × 0.5 = 73.00，岗位第 3 名；招录 1 人，面试合格者中第 2 名，未进入拟录用名单'],
      [ids[3], null, null, false, '面试缺考，不参加排名，未被拟录用'],
    ];
    const provisional = await list('complex', post);
    expect(provisional.rule).toContain('面试成绩低于面试合格线 75.00 分者不予拟录用，名额由面试合格者按综合成绩依次递补');
    expect(provisional.list.map((r) => [r.applicationId, r.compositeScore, r.rank, r.passed, r.explanation])).toEqual(expected);

    // The preview agrees with what publishing does.
    const preview = await t.call(previewSendScore, { type: 3, recruitmentId: post }, { token: t.admin });
    expect(preview.data).toMatchObject({ passedCount: 1, failedCount: 3, absentCount: 1 });
    expect(preview.data.rule).toContain('面试合格线 75.00 分');
    expect(preview.data.passed.map((r) => [r.applicationId, r.score, r.rank, r.explanation])).toEqual([[ids[1], '79.00', 2, expected[1]![4]]]);

    expect((await publish(3, post)).data).toEqual({ passed: 1, failed: 3, movedToInterview: 0 });
    expect(await statusesOf(t.db, ids)).toEqual([33, 34, 33, 33]);
    const [publication] = await t.db.select().from(stagePublication).where(eq(stagePublication.recruitmentId, post));
    expect(publication).toMatchObject({ stage: 2 });
    const interview = (await t.db.select().from(stagePublication).where(eq(stagePublication.recruitmentId, post))).find((p) => p.stage === 3);
    expect(interview).toMatchObject({ passLine: '75.00', passed: 1, failed: 3, cutoffScore: '79.00' });
    const feed = await t.db.select().from(candidateNoticeFeed).where(inArray(candidateNoticeFeed.applicationId, ids));
    const noticeOf = (id: number) => feed.find((n) => n.applicationId === id && n.title === '讲解员面试成绩已发布')?.content;
    expect(noticeOf(ids[0]!)).toBe('面试 72.00 分，低于面试合格线 75.00 分，不予拟录用');
    expect(noticeOf(ids[1]!)).toBe(expected[1]![4]);

    // The plan's line changed after publication: the published ranking keeps the line it was published with.
    await setPlanRules(t.db, plan.plan.id, { interviewPassLine: null });
    const published = await list('complex', post);
    expect(published.published).toBe(true);
    expect(published.rule).toContain('面试合格线 75.00 分');
    expect(published.list.map((r) => [r.applicationId, r.compositeScore, r.rank, r.passed, r.explanation])).toEqual(expected);
    expect((await list('audition', post)).list.map((r) => r.explanation)).toEqual([
      '面试 78.00 分，岗位面试第 1 名；综合成绩 79.00，综合排名第 2 名，拟录用',
      '面试 76.00 分，岗位面试第 2 名；综合成绩 73.00，综合排名第 3 名，未进入拟录用名单',
      '面试 72.00 分，岗位面试第 3 名；综合成绩 81.00，综合排名第 1 名，低于面试合格线 75.00 分，不予拟录用',
      '面试缺考，不参加排名',
    ]);
    const hires = await t.call(hireList, { planId: plan.plan.id, pageNum: 1, pageSize: 20 }, { token: t.admin });
    expect(hires.data.list.map((r) => r.applicationId)).toEqual([ids[1]]);
  });
});
