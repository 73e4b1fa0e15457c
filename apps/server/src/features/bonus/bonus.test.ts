import {
  BONUS_AFTER_PUBLICATION, BONUS_ALREADY_REVOKED, BONUS_CATEGORIES_MAX, BONUS_CATEGORY_IN_USE,
  BONUS_CATEGORY_NAME_TWICE, BONUS_CATEGORY_TWICE, BONUS_NOT_SIGNED_UP, BONUS_NOT_STACKING, BONUS_NO_WRITTEN,
  BONUS_POINTS_OVER_CAP, BONUS_SETTINGS_AFTER_PUBLICATION, BONUS_STACKED_GRANTS, APPLICATION_STATUS,
  type ApplicationStatus, WRITTEN_STAGE, batchSendScore, gateApplicationList, batchSetGrade, bonusGrantList,
  bonusNoticeDraft, bonusSettingsDetail, getGradeList, grantBonus, previewSendScore, reviewScores,
  revokeBonus, saveBonusSettings,
} from '@zhaokao/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bonusCategory, bonusGrant, candidateApplication, gateRecord, recruitmentPlan, stagePublication } from '../../db/tables.js';
import { expectError, expectRefusedUnchanged, useTestApp } from '../../test/app.js';
import { insertExamPlan, insertScoredExamPlan, insertTheirExamPlan } from '../../test/exam.js';
import { insertApplication } from '../../test/recruitment.js';
import { issueTickets, scoreItemIds, setPlanRules } from '../../test/scores.js';
import { readXlsx } from '../../test/xlsx.js';
import { APPLICATION_MISSING } from '../pipeline/index.js';
import { BONUS_CATEGORY_MISSING } from './settings.js';

const t = useTestApp();
type Plan = Awaited<ReturnType<typeof insertExamPlan>>;

const settings = (planId: number, cap: string, stacking: boolean, categories: { id?: number; name: string; points: string }[]) =>
  t.call(saveBonusSettings, { planId, cap, stacking, categories }, { token: t.admin });
const detail = async (planId: number) => {
  const res = await t.call(bonusSettingsDetail, { planId }, { token: t.admin });
  expect(res.code, res.msg).toBe(200);
  return res.data;
};
const grant = (applicationId: number, categoryId: number, proofNote = '已核验证件原件') =>
  t.call(grantBonus, { applicationId, categoryId, proofNote }, { token: t.admin });
const categoryId = async (planId: number, name: string) => (await detail(planId)).categories.find((c) => c.name === name)!.id;

/** Enters and confirms the written scores ('缺考' for absent) of the plan's only score item, as admin. */
async function score(plan: Plan, scores: Record<number, string>) {
  const [item] = await scoreItemIds(t.db, plan.plan.id, WRITTEN_STAGE);
  const entries = Object.entries(scores).map(([id, s]) =>
    s === '缺考' ? { applicationId: Number(id), absent: true } : { applicationId: Number(id), scores: [{ workItemId: item!, score: s }] },
  );
  expect((await t.call(batchSetGrade, { type: WRITTEN_STAGE, entries }, { token: t.admin })).code).toBe(200);
  const ids = Object.keys(scores).map(Number);
  expect((await t.call(reviewScores, { type: WRITTEN_STAGE, ids, action: 'confirm' }, { token: t.admin })).data.refused).toEqual([]);
}

const qSettings = () => detail(q.plan.id);
const grantsOf = (applicationId: number) => t.db.select().from(bonusGrant).where(eq(bonusGrant.applicationId, applicationId));

let p: Plan; // the ranking plan: stacking, cap 4
let q: Plan; // no stacking
let theirs: Plan;
let interviewOnly: Plan;

beforeAll(async () => {
  p = await insertScoredExamPlan(t, { name: '加分排名计划', posts: [{ jobVacancy: '会计', places: 1, candidates: 5 }] });
  await setPlanRules(t.db, p.plan.id, { interviewEntryRatio: 2 });
  await issueTickets(t.db, t.company1, p.applications.map((x) => x.id), WRITTEN_STAGE);
  q = await insertScoredExamPlan(t, { name: '加分不累加计划', posts: [{ jobVacancy: '文员', places: 1, candidates: 3 }] });
  interviewOnly = await insertScoredExamPlan(t, { name: '仅面试计划', posts: [{ jobVacancy: '保安', places: 1, candidates: 1 }] });
  await setPlanRules(t.db, interviewOnly.plan.id, { examMode: 'interview' });
  theirs = await insertTheirExamPlan(t);
});

describe('加分设置', () => {
  it('starts with the default cap and no stacking, saves categories, renames and removes them', async () => {
    expect(await detail(q.plan.id)).toEqual({ planId: q.plan.id, cap: '5.00', stacking: false, categories: [] });
    expect((await settings(q.plan.id, '5', false, [{ name: '退役士兵', points: '3' }, { name: '少数民族', points: '2.5' }, { name: '西部计划', points: '1' }])).code).toBe(200);
    const saved = await detail(q.plan.id);
    expect(saved.categories.map((c) => [c.name, c.points, c.granted])).toEqual([['退役士兵', '3.00', 0], ['少数民族', '2.50', 0], ['西部计划', '1.00', 0]]);
    const [veteran, minority] = saved.categories;
    // 西部计划 left out: removed; 少数民族 renamed and repointed.
    const res = await settings(q.plan.id, '5', false, [{ id: veteran!.id, name: '退役士兵', points: '3' }, { id: minority!.id, name: '少数民族考生', points: '2' }]);
    expect(res.code, res.msg).toBe(200);
    expect((await detail(q.plan.id)).categories.map((c) => [c.name, c.points])).toEqual([['退役士兵', '3.00'], ['少数民族考生', '2.00']]);
  });

  it('refuses bad settings with Chinese 400s and changes nothing', async () => {
    const before = qSettings;
    const cats = (await before()).categories.map(({ id, name, points }) => ({ id, name, points }));
    await expectRefusedUnchanged(before, () => t.post('/api/recruitment/bonus/saveSettings', t.admin, { planId: q.plan.id, cap: '2', stacking: false, categories: cats }), 400, BONUS_POINTS_OVER_CAP);
    await expectRefusedUnchanged(before, () => t.post('/api/recruitment/bonus/saveSettings', t.admin, { planId: q.plan.id, cap: '5', stacking: false, categories: [...cats, { name: '退役士兵', points: '1' }] }), 400, BONUS_CATEGORY_NAME_TWICE);
    const many = Array.from({ length: BONUS_CATEGORIES_MAX + 1 }, (_, i) => ({ name: `项目${i}`, points: '1' }));
    await expectRefusedUnchanged(before, () => t.post('/api/recruitment/bonus/saveSettings', t.admin, { planId: q.plan.id, cap: '5', stacking: false, categories: many }), 400, `加分项目最多 ${BONUS_CATEGORIES_MAX} 个`);
    await expectRefusedUnchanged(before, () => t.post('/api/recruitment/bonus/saveSettings', t.admin, { planId: q.plan.id, cap: '0', stacking: false, categories: [] }), 400, '加分上限须为大于 0 的数字，最多 2 位小数');
    await expectRefusedUnchanged(before, () => t.post('/api/recruitment/bonus/saveSettings', t.admin, { planId: q.plan.id, cap: '5', stacking: false, categories: [{ name: '', points: '1' }] }), 400, '请输入加分项目名称');
  });

  it('answers 404 for another company’s plan or category and 409 for a plan without a written exam', async () => {
    expectError(await t.call(bonusSettingsDetail, { planId: theirs.plan.id }, { token: t.admin }), 404, '招录计划不存在');
    expectError(await settings(theirs.plan.id, '5', false, []), 404, '招录计划不存在');
    const [their] = await t.db.insert(bonusCategory).values({ companyId: t.company2, planId: theirs.plan.id, name: '他们的', points: '1' }).returning();
    expectError(await settings(q.plan.id, '5', false, [{ id: their!.id, name: '他们的', points: '1' }]), 404, BONUS_CATEGORY_MISSING);
    expectError(await t.call(bonusSettingsDetail, { planId: interviewOnly.plan.id }, { token: t.admin }), 409, BONUS_NO_WRITTEN);
    expectError(await settings(interviewOnly.plan.id, '5', false, [{ name: '退役士兵', points: '3' }]), 409, BONUS_NO_WRITTEN);
    expect(await t.db.select().from(bonusCategory).where(eq(bonusCategory.planId, interviewOnly.plan.id))).toEqual([]);
  });
});

describe('加分与撤销', () => {
  it('grants once per category, one category without stacking, and refuses what is not the company’s', async () => {
    const [a1, a2] = q.applications;
    const veteran = await categoryId(q.plan.id, '退役士兵');
    const minority = await categoryId(q.plan.id, '少数民族考生');
    const res = await grant(a1!.id, veteran);
    expect(res.code, res.msg).toBe(200);
    expect(await grantsOf(a1!.id)).toMatchObject([{ categoryId: veteran, points: '3.00', proofNote: '已核验证件原件', revokedAt: null }]);
    const state = () => grantsOf(a1!.id);
    await expectRefusedUnchanged(state, () => t.post('/api/recruitment/bonus/grant', t.admin, { applicationId: a1!.id, categoryId: veteran, proofNote: '再次' }), 409, BONUS_CATEGORY_TWICE);
    await expectRefusedUnchanged(state, () => t.post('/api/recruitment/bonus/grant', t.admin, { applicationId: a1!.id, categoryId: minority, proofNote: '另一项' }), 409, BONUS_NOT_STACKING);
    expectError(await grant(theirs.applications[0]!.id, veteran), 404, APPLICATION_MISSING);
    const [their] = await t.db.select().from(bonusCategory).where(eq(bonusCategory.companyId, t.company2));
    expectError(await grant(a2!.id, their!.id), 404, BONUS_CATEGORY_MISSING);
    expectError(await grant(a2!.id, 999_999), 404, BONUS_CATEGORY_MISSING);
    expectError(await grant(a2!.id, veteran, ''), 400, '请输入证明材料核验情况');
    // A category in force cannot be removed.
    expectError(await settings(q.plan.id, '5', false, [{ id: minority, name: '少数民族考生', points: '2' }]), 409, BONUS_CATEGORY_IN_USE);
    // With stacking on, a second category is granted; stacking cannot be turned off again while it is held.
    expect((await settings(q.plan.id, '5', true, [{ id: veteran, name: '退役士兵', points: '3' }, { id: minority, name: '少数民族考生', points: '2' }])).code).toBe(200);
    expect((await grant(a1!.id, minority)).code).toBe(200);
    expectError(await settings(q.plan.id, '5', false, [{ id: veteran, name: '退役士兵', points: '3' }, { id: minority, name: '少数民族考生', points: '2' }]), 409, BONUS_STACKED_GRANTS);
    expect((await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.id, q.plan.id)))[0]!.bonusStacking).toBe(true);
  });

  it('refuses an application that has not passed the sign-up review', async () => {
    const pending = await insertApplication(t.db, { companyId: t.company1, planId: q.plan.id, recruitmentId: q.posts[0]!.id, realName: '待审核' }, { identityNo: '110105199001011234', phone: '13911110000' });
    expectError(await grant(pending.id, await categoryId(q.plan.id, '退役士兵')), 409, BONUS_NOT_SIGNED_UP);
    expect(await grantsOf(pending.id)).toEqual([]);
  });

  it('revokes with a reason, once', async () => {
    const a3 = q.applications[2]!;
    const made = await grant(a3.id, await categoryId(q.plan.id, '退役士兵'));
    expect((await t.call(revokeBonus, { id: made.data.id, reason: '证明材料不符' }, { token: t.admin })).code).toBe(200);
    expect(await grantsOf(a3.id)).toMatchObject([{ revokeReason: '证明材料不符', revokedBy: t.adminId }]);
    expectError(await t.call(revokeBonus, { id: made.data.id, reason: '再撤' }, { token: t.admin }), 409, BONUS_ALREADY_REVOKED);
    expectError(await t.call(revokeBonus, { id: 999_999, reason: '无' }, { token: t.admin }), 404, '加分记录不存在');
    // Revoked, the category can be granted again.
    expect((await grant(a3.id, await categoryId(q.plan.id, '退役士兵'))).code).toBe(200);
  });
});

describe('加分与排名', () => {
  // c1 85; c2 80 + 退役士兵 3 = 83; c3 83; c4 82 + (少数民族 2 + 退役士兵 3, capped at 4) = 86; c5 absent (with a bonus).
  let c: Plan['applications'];
  beforeAll(async () => {
    c = p.applications;
    expect((await settings(p.plan.id, '4', true, [{ name: '退役士兵', points: '3' }, { name: '少数民族', points: '2' }])).code).toBe(200);
    const veteran = await categoryId(p.plan.id, '退役士兵');
    const minority = await categoryId(p.plan.id, '少数民族');
    for (const [app, cat] of [[c[1]!, veteran], [c[3]!, minority], [c[3]!, veteran], [c[4]!, minority], [c[2]!, minority]] as const) {
      expect((await grant(app.id, cat)).code).toBe(200);
    }
    // c3's bonus is revoked: it counts no more.
    const c3Grant = (await grantsOf(c[2]!.id))[0]!;
    expect((await t.call(revokeBonus, { id: c3Grant.id, reason: '不符合条件' }, { token: t.admin })).code).toBe(200);
    await score(p, { [c[0]!.id]: '85', [c[1]!.id]: '80', [c[2]!.id]: '83', [c[3]!.id]: '82', [c[4]!.id]: '缺考' });
  });

  it('ranks by the paper score plus the bonus, shows them apart, and names the bonus in the explanation', async () => {
    const res = await t.call(getGradeList, { kind: 'written', recruitmentId: p.posts[0]!.id, pageNum: 1, pageSize: 20 }, { token: t.admin });
    expect(res.code).toBe(200);
    expect(res.data.rule).toMatch(/^笔试成绩含加分（卷面成绩 \+ 加分，不超过加分上限 4 分）；按笔试成绩从高到低排名，/);
    const rows = res.data.list.map((r) => [r.realName, r.rank, r.writtenScore, r.paperScore, r.bonus, r.bonusNames, r.passed]);
    expect(rows).toEqual([
      [c[3]!.realName, 1, '86.00', '82.00', '4.00', '退役士兵、少数民族', true],
      [c[0]!.realName, 2, '85.00', '85.00', null, '', true],
      [c[1]!.realName, 3, '83.00', '80.00', '3.00', '退役士兵', false],
      [c[2]!.realName, 3, '83.00', '83.00', null, '', false],
      [c[4]!.realName, null, null, null, '2.00', '少数民族', false],
    ]);
    const [first, , third, fourth, absent] = res.data.list;
    expect(first!.explanation).toMatch(/^笔试 86\.00 分（卷面 82\.00 分 \+ 加分 4\.00 分：退役士兵、少数民族），岗位第 1 名；/);
    expect(third!.explanation).toMatch(/^笔试 83\.00 分（卷面 80\.00 分 \+ 加分 3\.00 分：退役士兵），与.+同分，并列第 3 名；/);
    expect(fourth!.explanation).toMatch(/^笔试 83\.00 分，与.+同分，并列第 3 名；/);
    expect(absent!.explanation).toBe('笔试缺考，不参加排名，未进入面试');
  });

  it('publishes by the total: the passes, the cut-off, and no bonus changes afterwards', async () => {
    const preview = await t.call(previewSendScore, { type: WRITTEN_STAGE, recruitmentId: p.posts[0]!.id }, { token: t.admin });
    expect(preview.data.passed.map((r) => [r.realName, r.score])).toEqual([[c[3]!.realName, '86.00'], [c[0]!.realName, '85.00']]);
    const res = await t.call(batchSendScore, { type: WRITTEN_STAGE, recruitmentId: p.posts[0]!.id }, { token: t.admin });
    expect(res.code, res.msg).toBe(200);
    const [publication] = await t.db.select().from(stagePublication).where(and(eq(stagePublication.recruitmentId, p.posts[0]!.id), eq(stagePublication.stage, WRITTEN_STAGE)));
    expect(publication!.cutoffScore).toBe('85.00');
    const published = await t.call(getGradeList, { kind: 'written', recruitmentId: p.posts[0]!.id, pageNum: 1, pageSize: 20 }, { token: t.admin });
    expect(published.data.published).toBe(true);
    expect(published.data.list.map((r) => [r.rank, r.writtenScore, r.passed])).toEqual([[1, '86.00', true], [2, '85.00', true], [3, '83.00', false], [3, '83.00', false], [null, null, false]]);

    const minority = await categoryId(p.plan.id, '少数民族');
    expectError(await grant(c[2]!.id, minority), 409, BONUS_AFTER_PUBLICATION);
    const inForce = (await grantsOf(c[1]!.id))[0]!;
    expectError(await t.call(revokeBonus, { id: inForce.id, reason: '晚了' }, { token: t.admin }), 409, BONUS_AFTER_PUBLICATION);
    const cats = (await detail(p.plan.id)).categories.map(({ id, name, points }) => ({ id, name, points }));
    expectError(await settings(p.plan.id, '5', true, cats), 409, BONUS_SETTINGS_AFTER_PUBLICATION);
    // Renaming stays possible.
    expect((await settings(p.plan.id, '4', true, cats.map((x) => (x.name === '少数民族' ? { ...x, name: '少数民族考生' } : x)))).code).toBe(200);
  });

  it('lists, exports and drafts the notice of the grants', async () => {
    const res = await t.call(bonusGrantList, { planId: p.plan.id, pageNum: 1, pageSize: 3 }, { token: t.admin });
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(5);
    expect(res.data.list.map((r) => r.revokedAt === null)).toEqual([true, true, true]);
    const revoked = await t.call(bonusGrantList, { planId: p.plan.id, state: 'revoked', pageNum: 1, pageSize: 20 }, { token: t.admin });
    expect(revoked.data.list.map((r) => [r.realName, r.categoryName, r.revokeReason, r.revokedBy])).toEqual([[c[2]!.realName, '少数民族考生', '不符合条件', expect.any(String)]]);
    const named = await t.call(bonusGrantList, { planId: p.plan.id, keyword: c[3]!.realName, pageNum: 1, pageSize: 20 }, { token: t.admin });
    expect(named.data.list.map((r) => [r.categoryName, r.points])).toEqual([['退役士兵', '3.00'], ['少数民族考生', '2.00']]);
    expectError(await t.call(bonusGrantList, { planId: theirs.plan.id, pageNum: 1, pageSize: 20 }, { token: t.admin }), 404, '招录计划不存在');
    expectError(await t.call(bonusGrantList, { planId: p.plan.id, recruitmentId: q.posts[0]!.id, pageNum: 1, pageSize: 20 }, { token: t.admin }), 404, '岗位不存在');

    const [sheet] = await readXlsx(await t.get(`/api/recruitment/bonus/list/export?planId=${p.plan.id}&state=active`, t.admin));
    expect(sheet!.rows.map((r) => [r['姓名'], r['加分项目'], r['加分'], r['状态']])).toEqual([
      [c[1]!.realName, '退役士兵', '3.00', '有效'],
      [c[3]!.realName, '退役士兵', '3.00', '有效'],
      [c[3]!.realName, '少数民族考生', '2.00', '有效'],
      [c[4]!.realName, '少数民族考生', '2.00', '有效'],
    ]);

    const draft = await t.call(bonusNoticeDraft, { planId: p.plan.id }, { token: t.admin });
    expect(draft.data.title).toBe('加分排名计划加分人员名单');
    expect(draft.data.content).toContain('<th>准考证号</th>');
    expect(draft.data.content).toContain(`<td>${c[3]!.realName}</td>`);
    expect(draft.data.content).toContain('<td>退役士兵、少数民族考生</td><td>4.00</td>');
    expect(draft.data.content).not.toContain(c[2]!.realName);
    expect(draft.data.content).toContain('累计不超过 4.00 分');
  });
});

/** An application put directly at `status` with its scores. */
const at = (id: number, status: ApplicationStatus, written: string, audition: string | null = null) =>
  t.db.update(candidateApplication).set({ status, writtenGrade: written, auditionGrade: audition }).where(eq(candidateApplication.id, id));

describe('加分 in the composite and in 资格复审', () => {
  let r: Plan;
  let bonusOf: number;

  beforeAll(async () => {
    r = await insertScoredExamPlan(t, {
      name: '加分综合计划',
      posts: [{ jobVacancy: '司机', places: 1, candidates: 2 }, { jobVacancy: '厨师', places: 1, candidates: 2 }],
      interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
    });
    expect((await settings(r.plan.id, '5', false, [{ name: '三支一扶', points: '4' }])).code).toBe(200);
    bonusOf = await categoryId(r.plan.id, '三支一扶');
  });

  it('the composite uses the written score with the bonus, and so does its tie-break', async () => {
    // A: (76 + 4) × 0.5 + 84 × 0.5 = 82.00; B: 79 × 0.5 + 85 × 0.5 = 82.00: tied, A ahead by the written score 80 > 79.
    const [a, b] = r.applications;
    await at(a!.id, APPLICATION_STATUS.interviewScoreInReview, '76.00', '84.00');
    await at(b!.id, APPLICATION_STATUS.interviewScoreInReview, '79.00', '85.00');
    expect((await grant(a!.id, bonusOf)).code).toBe(200);
    const res = await t.call(getGradeList, { kind: 'complex', recruitmentId: r.posts[0]!.id, pageNum: 1, pageSize: 20 }, { token: t.admin });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.list.map((x) => [x.realName, x.rank, x.writtenScore, x.paperScore, x.bonus, x.compositeScore, x.passed])).toEqual([
      [a!.realName, 1, '80.00', '76.00', '4.00', '82.00', true],
      [b!.realName, 2, '79.00', '79.00', null, '82.00', false],
    ]);
    expect(res.data.list[0]!.explanation).toMatch(/^综合成绩 = 笔试 80\.00（卷面 76\.00 \+ 加分 4\.00：三支一扶） × 0\.5 \+ 面试 84\.00 × 0\.5 = 82\.00，/);
    expect(res.data.rule).toContain('四舍五入保留两位小数；笔试成绩含加分（卷面成绩 + 加分，不超过加分上限 5 分）；按综合成绩从高到低排名');
    // 面试工作's export shows the written score that ranks beside the interview score.
    const [sheet] = await readXlsx(await t.get(`/api/recruitment/examApplicationList/export?type=3&planId=${r.plan.id}&recruitmentId=${r.posts[0]!.id}`, t.admin));
    expect(sheet!.rows.map((x) => [x['姓名'], x['笔试成绩']]).sort()).toEqual([[a!.realName, '80.00'], [b!.realName, '79.00']].sort());
  });

  it('资格复审 shows the written score with the bonus and ranks a 递补 by it', async () => {
    await t.db.update(recruitmentPlan).set({ gates: [4] }).where(eq(recruitmentPlan.id, r.plan.id));
    const [a, b] = r.applications.filter((x) => x.recruitmentId === r.posts[1]!.id);
    // Published already: the grant stands (written before the publication), B failed with 82; A at 资格复审 with 80 + 4.
    expect((await grant(a!.id, bonusOf)).code).toBe(200);
    await at(a!.id, 25, '80.00');
    await at(b!.id, APPLICATION_STATUS.writtenFailed, '82.00');
    await t.db.insert(gateRecord).values({ companyId: t.company1, applicationId: a!.id, stage: 4, substitute: true });
    const res = await t.call(gateApplicationList, { gate: 4, planId: r.plan.id, recruitmentId: r.posts[1]!.id, pageNum: 1, pageSize: 20 }, { token: t.admin });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.list.map((x) => [x.realName, x.score, x.rank])).toEqual([[a!.realName, '84.00', 1]]);
  });
});
