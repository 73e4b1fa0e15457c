// runs on PostgreSQL too: a correction and a confirmation of one score at once
import {
  SCORE_FORMAT_MESSAGE, batchSetGrade, candidateTask, reviewScores, scoreEntryDetail,
  scoreOverFullMarksMessage, submitAudit,
} from '@zhaokao/contracts';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, applicationStage, applicationTask, candidateApplication } from '../../../db/tables.js';
import { expectError, expectOthersNotFound, useTestApp, staffWith } from '../../../test/app.js';
import { insertExamPlan, insertScoredExamPlan, insertTheirExamPlan } from '../../../test/exam.js';
import { CANNOT_ENTER, SCORE_LOCKED } from './common.js';
import { ALREADY_CONFIRMED, NOT_IN_REVIEW } from './review.js';
import { scoresOf, issueInterviewTickets, issueTickets, scoreItemIds, statusesOf } from '../../../test/scores.js';
import { EXAM_VERIFY_FAIL_REFUSED, SCORE_TASK_REFUSED, TASK_NOT_YET } from '../../pipeline/index.js';

const t = useTestApp();

/** Everything score entry may write. */
const snapshot = async () => ({
  applications: await t.db.select().from(candidateApplication).orderBy(asc(candidateApplication.id)),
  tasks: await t.db.select().from(applicationTask).orderBy(asc(applicationTask.id)),
  stages: await t.db.select().from(applicationStage).orderBy(asc(applicationStage.applicationId), asc(applicationStage.stage)),
  history: await t.db.select().from(applicationHistory).orderBy(asc(applicationHistory.id)),
});

async function refusedUnchanged(call: () => Promise<Parameters<typeof expectError>[0]>, code: number, msg: string) {
  const before = await snapshot();
  expectError(await call(), code, msg);
  expect(await snapshot()).toEqual(before);
}

let written: Awaited<ReturnType<typeof insertExamPlan>>;
let writtenItem: number;
let panel: Awaited<ReturnType<typeof insertExamPlan>>;
let panelItems: number[];
let hospitalApp: number;
let noEntry: string;

const ids = (plan: typeof written) => plan.applications.map((a) => a.id);

beforeAll(async () => {
  written = await insertScoredExamPlan(t, {
    name: '笔试录入计划',
    posts: [{ jobVacancy: '会计', places: 1, candidates: 6 }],
    interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
  });
  writtenItem = (await scoreItemIds(t.db, written.plan.id, 2))[0]!;
  await issueTickets(t.db, t.company1, ids(written).slice(0, 5), 2); // the sixth stays at 20

  // An interview panel of five examiners, the written stage done by the state machine's moves.
  panel = await insertScoredExamPlan(t, {
    name: '面试评分计划',
    posts: [{ jobVacancy: '医生', places: 1, candidates: 3 }],
    interview: [1, 2, 3, 4, 5].map((n) => ({ workItem: `考官${n}`, kind: 'score' as const, assigneeId: n % 2 ? t.adminId : t.shenheId })),
  });
  panelItems = await scoreItemIds(t.db, panel.plan.id, 3);
  await issueInterviewTickets(t.db, t.company1, panel.plan.id, ids(panel));

  const other = await insertTheirExamPlan(t);
  hospitalApp = other.applications[0]!.id;
  await issueTickets(t.db, t.company2, [hospitalApp], 2);
  noEntry = await staffWith(t, '笔试管理员', 'bishiguanli', ['review:written']);
});

const one = (applicationId: number, score: string | number, workItemId = writtenItem) => ({ applicationId, scores: [{ workItemId, score }] });

describe('score entry (batchSetGrade)', () => {
  it('refuses bad input, missing permission and other companies, changing nothing', async () => {
    const [a] = ids(written);
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [] }, { token: t.admin }), 400, '请输入成绩');
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 4 as 2, entries: [one(a!, 80)] }, { token: t.admin }), 400, '考试阶段不正确');
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(a!, '8a')] }, { token: t.admin }), 400, SCORE_FORMAT_MESSAGE);
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(a!, -1)] }, { token: t.admin }), 400, SCORE_FORMAT_MESSAGE);
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(a!, '80.123')] }, { token: t.admin }), 400, SCORE_FORMAT_MESSAGE);
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [{ applicationId: a!, scores: [] }] }, { token: t.admin }), 400, '请输入成绩');
    await refusedUnchanged(
      () => t.call(batchSetGrade, { type: 2, entries: [{ applicationId: a!, absent: true, scores: [{ workItemId: writtenItem, score: 1 }] }] }, { token: t.admin }),
      400,
      '缺考考生不能录入成绩',
    );
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(a!, 80), one(a!, 81)] }, { token: t.admin }), 400, '同一考生不能重复录入');
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(a!, 80, panelItems[0])] }, { token: t.admin }), 400, '评分项不存在');
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(a!, 80)] }, { token: noEntry }), 403, '您没有执行该操作的权限');
    await expectOthersNotFound(t, (token, id) => t.call(batchSetGrade, { type: 2, entries: [one(id, 80)] }, { token }), { mine: a!, theirs: hospitalApp }, '报名记录不存在', snapshot);
  });

  it("refuses a score above full marks with SPEC's message, the whole batch unsaved", async () => {
    const [a, b] = ids(written);
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(a!, 90), one(b!, '100.01')] }, { token: t.admin }), 400, scoreOverFullMarksMessage('100.00'));
    expect(scoreOverFullMarksMessage('100.00')).toBe('输入的分数不能超过满分100.00');
  });

  it('refuses an application whose ticket is not issued', async () => {
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(ids(written)[5]!, 80)] }, { token: t.admin }), 409, CANNOT_ENTER);
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 3, entries: [one(ids(written)[0]!, 80)] }, { token: t.admin }), 409, CANNOT_ENTER);
  });

  it('enters scores and 缺考: 21 → 22, the task passed with the typist as verifier; corrections recompute before review', async () => {
    const [a, b, c] = ids(written);
    const saved = await t.call(batchSetGrade, { type: 2, entries: [one(a!, '86.5'), one(b!, 90), { applicationId: c!, absent: true }] }, { token: t.shenhe });
    expect(saved).toMatchObject({ code: 200, data: { saved: 3 } });
    expect(await statusesOf(t.db, [a!, b!, c!])).toEqual([22, 22, 22]);
    expect((await scoresOf(t.db, [a!, b!, c!])).map((g) => g.written)).toEqual(['86.50', '90.00', null]);
    const tasks = await t.db.select().from(applicationTask).where(eq(applicationTask.applicationId, a!)).orderBy(asc(applicationTask.id));
    expect(tasks.find((task) => task.workflowItemId === writtenItem)).toMatchObject({ status: 1, score: '86.50', verifierId: t.shenheId, remarks: '' });
    const detailC = (await t.call(scoreEntryDetail, { id: c!, type: 2 }, { token: t.admin })).data;
    expect(detailC).toMatchObject({ absent: true, score: null, confirmed: false, fullMarks: '100.00', items: [{ workItem: '笔试成绩录入', entered: true, score: null }] });
    const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, c!)).orderBy(asc(applicationHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: 21, toStatus: 22, remarks: '笔试缺考' });

    // Corrected before review: 缺考 becomes a score, a score is changed; the status stays 22.
    expect((await t.call(batchSetGrade, { type: 2, entries: [one(c!, 70), one(a!, '88.25')] }, { token: t.admin })).code).toBe(200);
    expect((await scoresOf(t.db, [a!, c!])).map((g) => g.written)).toEqual(['88.25', '70.00']);
    expect(await statusesOf(t.db, [a!, c!])).toEqual([22, 22]);
    const detail = (await t.call(scoreEntryDetail, { id: a!, type: 2 }, { token: t.admin })).data;
    expect(detail).toMatchObject({ applicationId: a, status: 22, realName: '考生1-1', absent: false, score: '88.25', ticketCode: expect.stringMatching(/^T2-/) });
    expect(detail.items).toEqual([expect.objectContaining({ workItemId: writtenItem, examinerName: expect.any(String), score: '88.25', entered: true })]);
  });

  it('locks a reviewed score until it is sent back; the return reopens entry', async () => {
    const [a, b, c] = ids(written);
    const confirmed = await t.call(reviewScores, { type: 2, ids: [a!, b!, ids(written)[3]!], action: 'confirm' }, { token: t.admin });
    expect(confirmed.data).toEqual({ done: 2, refused: [{ id: ids(written)[3], realName: '考生1-4', reason: NOT_IN_REVIEW }] });
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(a!, 50)] }, { token: t.admin }), 409, SCORE_LOCKED);
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(c!, 50), one(b!, 50)] }, { token: t.admin }), 409, SCORE_LOCKED);
    expect((await t.call(reviewScores, { type: 2, ids: [a!], action: 'confirm' }, { token: t.admin })).data.refused[0]!.reason).toBe(ALREADY_CONFIRMED);
    expect((await t.call(scoreEntryDetail, { id: a!, type: 2 }, { token: t.admin })).data.confirmed).toBe(true);

    expectError(await t.call(reviewScores, { type: 2, ids: [a!], action: 'return' }, { token: t.admin }), 400, '请输入退回原因');
    const returned = await t.call(reviewScores, { type: 2, ids: [a!], action: 'return', remarks: '分数录错' }, { token: t.admin });
    expect(returned.data).toEqual({ done: 1, refused: [] });
    expect(await statusesOf(t.db, [a!])).toEqual([21]);
    expect((await scoresOf(t.db, [a!]))[0]!.written).toBeNull();
    const detail = (await t.call(scoreEntryDetail, { id: a!, type: 2 }, { token: t.admin })).data;
    expect(detail).toMatchObject({ status: 21, confirmed: false, absent: false, score: null, items: [{ entered: false, score: null }] });
    const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, a!)).orderBy(asc(applicationHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: 22, toStatus: 21, actorId: t.adminId, remarks: '分数录错' });
    expect((await t.call(batchSetGrade, { type: 2, entries: [one(a!, 60)] }, { token: t.admin })).code).toBe(200);
    expect(await statusesOf(t.db, [a!])).toEqual([22]);
  });

  it('a correction and a confirmation at once: the confirmed score is the one kept', async () => {
    const e = ids(written)[4]!;
    expect((await t.call(batchSetGrade, { type: 2, entries: [one(e, 75)] }, { token: t.admin })).code).toBe(200);
    const [entry, review] = await Promise.all([
      t.call(batchSetGrade, { type: 2, entries: [one(e, 76)] }, { token: t.admin }),
      t.call(reviewScores, { type: 2, ids: [e], action: 'confirm' }, { token: t.admin }),
    ]);
    expect(review.data).toEqual({ done: 1, refused: [] });
    if (entry.code === 200) expect((await scoresOf(t.db, [e]))[0]!.written).toBe('76.00');
    else {
      expectError(entry, 409, SCORE_LOCKED);
      expect((await scoresOf(t.db, [e]))[0]!.written).toBe('75.00');
    }
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(e, 77)] }, { token: t.admin }), 409, SCORE_LOCKED);
  });

  it('review refuses bad input, missing permission and other companies', async () => {
    const [a] = ids(written);
    expectError(await t.call(reviewScores, { type: 2, ids: [], action: 'confirm' }, { token: t.admin }), 400, '请选择考生');
    expectError(await t.call(reviewScores, { type: 2, ids: [a!], action: 'maybe' as 'confirm' }, { token: t.admin }), 400, '请选择审核结果');
    expectError(await t.call(reviewScores, { type: 2, ids: [a!], action: 'confirm' }, { token: t.shenhe }), 403, '您没有执行该操作的权限');
    const theirs = await t.call(reviewScores, { type: 2, ids: [hospitalApp], action: 'confirm' }, { token: t.admin });
    expect(theirs.data).toEqual({ done: 0, refused: [{ id: hospitalApp, realName: '', reason: '报名记录不存在' }] });
  });

  it('scoreEntryDetail refuses bad input, missing permission and other companies', async () => {
    const [a] = ids(written);
    expectError(await t.call(scoreEntryDetail, { id: 'x' as unknown as number, type: 2 }, { token: t.admin }), 400, '报名记录编号必须是数字');
    expectError(await t.call(scoreEntryDetail, { id: a!, type: 2 }, { token: noEntry }), 403, '您没有执行该操作的权限');
    await expectOthersNotFound(t, (token, id) => t.call(scoreEntryDetail, { id, type: 2 }, { token }), { mine: a!, theirs: hospitalApp }, '报名记录不存在');
  });
});

describe('an interview panel', () => {
  it('enters examiners one by one; with five, the highest and lowest are dropped, half up', async () => {
    const [a, b, c] = ids(panel);
    // Two of five entered: the stage score waits for the rest.
    const first = panelItems.slice(0, 2).map((workItemId, i) => ({ workItemId, score: ['80', '99.5'][i]! }));
    expect((await t.call(batchSetGrade, { type: 3, entries: [{ applicationId: a!, scores: first }] }, { token: t.admin })).code).toBe(200);
    expect(await statusesOf(t.db, [a!])).toEqual([31]);
    expect((await t.call(scoreEntryDetail, { id: a!, type: 3 }, { token: t.admin })).data).toMatchObject({
      score: null,
      items: [{ entered: true, score: '80.00' }, { entered: true, score: '99.50' }, { entered: false }, { entered: false }, { entered: false }],
    });
    const rest = panelItems.slice(2).map((workItemId, i) => ({ workItemId, score: ['85', '86', '60'][i]! }));
    expect((await t.call(batchSetGrade, { type: 3, entries: [{ applicationId: a!, scores: rest }] }, { token: t.admin })).code).toBe(200);
    // 99.5 and 60 dropped: (80 + 85 + 86) / 3 = 83.666… → 83.67
    expect((await scoresOf(t.db, [a!]))[0]!.interview).toBe('83.67');
    expect(await statusesOf(t.db, [a!])).toEqual([32]);

    // Half up at the third decimal: (80.01 + 80.01 + 80.00) / 3 = 80.00666… → 80.01; (70.5 + 70 + 70) / 3 = 70.1666… → 70.17
    const all = (scores: string[]) => panelItems.map((workItemId, i) => ({ workItemId, score: scores[i]! }));
    await t.call(batchSetGrade, { type: 3, entries: [{ applicationId: b!, scores: all(['0', '80.01', '80.01', '80.00', '100']) }] }, { token: t.admin });
    await t.call(batchSetGrade, { type: 3, entries: [{ applicationId: c!, scores: all(['70.5', '70', '70', '10', '95']) }] }, { token: t.admin });
    expect((await scoresOf(t.db, [b!, c!])).map((g) => g.interview)).toEqual(['80.01', '70.17']);
  });

  it('a score task is not decided by submitAudit', async () => {
    const task = (await t.call(candidateTask, { id: ids(panel)[0]! }, { token: t.admin })).data.stages[2]!.steps[0]!;
    await refusedUnchanged(() => t.call(submitAudit, { tastId: task.taskId!, status: 1 }, { token: t.admin }), 409, SCORE_TASK_REFUSED);
  });
});

describe('verify items before the written score', () => {
  it('pass only; the score waits for them', async () => {
    const plan = await insertExamPlan(t.db, t.company1, {
      name: '笔试核验计划',
      posts: [{ jobVacancy: '司机', places: 1, candidates: 1 }],
      written: [
        { workItem: '身份核验', kind: 'verify', assigneeId: t.shenheId },
        { workItem: '笔试成绩录入', kind: 'score', assigneeId: t.adminId },
      ],
      interview: [],
      reviewerId: t.shenheId,
    });
    const id = plan.applications[0]!.id;
    await issueTickets(t.db, t.company1, [id], 2);
    const item = (await scoreItemIds(t.db, plan.plan.id, 2))[0]!;
    await refusedUnchanged(() => t.call(batchSetGrade, { type: 2, entries: [one(id, 80, item)] }, { token: t.admin }), 409, TASK_NOT_YET);
    const verify = (await t.call(candidateTask, { id }, { token: t.admin })).data.stages[1]!.steps[0]!;
    await refusedUnchanged(() => t.call(submitAudit, { tastId: verify.taskId!, status: 2, failStatus: 12, remarks: '未到场' }, { token: t.shenhe }), 409, EXAM_VERIFY_FAIL_REFUSED);
    const passed = await t.call(submitAudit, { tastId: verify.taskId!, status: 1 }, { token: t.shenhe });
    expect(passed).toMatchObject({ code: 200, data: { applicationId: id, status: 21 } });
    expect((await t.call(batchSetGrade, { type: 2, entries: [one(id, 80, item)] }, { token: t.admin })).code).toBe(200);
    expect(await statusesOf(t.db, [id])).toEqual([22]);
  });
});
