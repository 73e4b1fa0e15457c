import { batchSetGrade, examApplicationList, reviewScores, scoreEntryDetail } from '@zhaokao/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workflowItem } from '../../../db/tables.js';
import { useTestApp } from '../../../test/app.js';
import { insertExamPlan, insertScoredExamPlan } from '../../../test/exam.js';
import { issueInterviewTickets, issueTickets, scoreItemIds } from '../../../test/scores.js';

const t = useTestApp();

let written: Awaited<ReturnType<typeof insertExamPlan>>;
let panel: Awaited<ReturnType<typeof insertExamPlan>>;
let panelItems: number[];

const ids = (plan: typeof written) => plan.applications.map((a) => a.id);
const list = async (plan: typeof written, type: 2 | 3, scoreStatus: 1 | 2) =>
  (await t.call(examApplicationList, { planId: plan.plan.id, type, scoreStatus, pageNum: 1, pageSize: 20 }, { token: t.admin })).data.list;

beforeAll(async () => {
  written = await insertScoredExamPlan(t, {
    name: '录分页面计划',
    posts: [{ jobVacancy: '会计', places: 1, candidates: 3 }],
  });
  await issueTickets(t.db, t.company1, ids(written), 2);

  // An interview panel of three outside examiners whose scores the admin enters.
  panel = await insertScoredExamPlan(t, {
    name: '外聘考官计划',
    posts: [{ jobVacancy: '医生', places: 1, candidates: 2 }],
    interview: ['考官一', '考官二', '考官三'].map((workItem) => ({ workItem, kind: 'score' as const, assigneeId: t.adminId })),
  });
  panelItems = await scoreItemIds(t.db, panel.plan.id, 3);
  const examiners = [
    ['周建国', '湘江大学'],
    ['陈晓梅', ''],
    ['刘洋', '市人民医院'],
  ];
  for (const [k, id] of panelItems.entries()) {
    await t.db.update(workflowItem).set({ examinerName: examiners[k]![0]!, examinerUnit: examiners[k]![1]! }).where(eq(workflowItem.id, id));
  }
  await issueInterviewTickets(t.db, t.company1, panel.plan.id, ids(panel));
});

describe('the score pages', () => {
  it('the review list shows each examiner’s score of a panel, named after the examiner, beside the mean', async () => {
    const [a, b] = ids(panel);
    const scores = (values: string[]) => values.map((score, k) => ({ workItemId: panelItems[k]!, score }));
    // b: two of three examiners entered so far.
    const saved = await t.call(
      batchSetGrade,
      { type: 3, entries: [{ applicationId: a!, scores: scores(['80', '85.5', '90']) }, { applicationId: b!, scores: scores(['70', '71']) }] },
      { token: t.admin },
    );
    expect(saved.code).toBe(200);
    const review = await list(panel, 3, 2);
    expect(review.map((r) => [r.id, r.score])).toEqual([[a, '85.17']]);
    expect(review[0]!.itemScores).toEqual([
      { workItemId: panelItems[0], examinerName: '周建国（湘江大学）', score: '80.00', entered: true },
      { workItemId: panelItems[1], examinerName: '陈晓梅', score: '85.50', entered: true },
      { workItemId: panelItems[2], examinerName: '刘洋（市人民医院）', score: '90.00', entered: true },
    ]);
    const entry = await list(panel, 3, 1);
    expect(entry.find((r) => r.id === b)!.itemScores.map((s) => [s.score, s.entered])).toEqual([
      ['70.00', true],
      ['71.00', true],
      [null, false],
    ]);
    expect(entry.every((r) => r.returnedReason === '')).toBe(true);
  });

  it('shows why a score was sent back where it is entered again, until it is entered', async () => {
    const [a, b, c] = ids(written);
    const [item] = await scoreItemIds(t.db, written.plan.id, 2);
    const entries = [a!, b!, c!].map((applicationId, k) => ({ applicationId, scores: [{ workItemId: item!, score: String(60 + k) }] }));
    expect((await t.call(batchSetGrade, { type: 2, entries }, { token: t.admin })).code).toBe(200);
    expect((await t.call(reviewScores, { type: 2, ids: [a!], action: 'return', remarks: '卷面分合计有误' }, { token: t.admin })).data.done).toBe(1);
    expect((await t.call(reviewScores, { type: 2, ids: [b!], action: 'confirm' }, { token: t.admin })).data.done).toBe(1);

    const rows = await list(written, 2, 1);
    expect(rows.map((r) => [r.id, r.returnedReason])).toEqual([
      [a, '卷面分合计有误'],
      [c, ''],
    ]);
    expect((await t.call(scoreEntryDetail, { id: a!, type: 2 }, { token: t.admin })).data.returnedReason).toBe('卷面分合计有误');
    expect((await t.call(scoreEntryDetail, { id: c!, type: 2 }, { token: t.admin })).data.returnedReason).toBe('');

    // Entered again: it awaits review with its new score, the reason no longer shown.
    expect((await t.call(batchSetGrade, { type: 2, entries: [{ applicationId: a!, scores: [{ workItemId: item!, score: '66' }] }] }, { token: t.admin })).code).toBe(200);
    expect((await list(written, 2, 2)).find((r) => r.id === a)).toMatchObject({ score: '66.00', returnedReason: '' });
    expect((await t.call(scoreEntryDetail, { id: a!, type: 2 }, { token: t.admin })).data.returnedReason).toBe('');
  });
});
