// runs on PostgreSQL too: the tie-break chain and the 加试 group are window functions over numeric ties, and 加试 entry holds the post's score lock against a publication
import {
  EXTRA_TEST_NOT_IN_GROUP, EXTRA_TEST_OFF, EXTRA_TEST_PUBLISHED, EXTRA_TEST_REQUIRED, EXTRA_TEST_SCORE_BAD,
  EXTRA_TEST_TWICE, EXTRA_TEST_WHOLE_GROUP, type ExamStage, TIE_BREAK_AFTER_PUBLICATION, TIE_BREAK_LINK_BAD,
  TIE_BREAK_LINK_TWICE, type TieBreakLink, batchSendScore, batchSetGrade, extraTestGroup, getGradeList,
  planList, previewSendScore, reviewScores, saveExtraTestScores, savePlan, tieBreakItemMissing,
} from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { extraTestScore } from '../../db/tables.js';
import { expectError, expectOthersNotFound, expectRefusedUnchanged, staffWith, useTestApp, warmUp } from '../../test/app.js';
import { insertResume, insertScoredExamPlan, insertTheirExamPlan } from '../../test/exam.js';
import { issueTickets, scoreItemIds, setPlanRules, statusesOf } from '../../test/scores.js';
import { publishPost } from '../exam/index.js';

const t = useTestApp();

/**
 * One post of 1 place whose five candidates (考生1-1 … 考生1-5) have all entered the interview and have their
 * interview scores entered and reviewed: two score items (面试评分, 专业测试; the interview score is their mean),
 * weight 0.5.
 *   A 考生1-1: written 80, items 80 / 90 → composite 82.50, 本科
 *   B 考生1-2: written 80, items 90 / 80 → composite 82.50, 硕士研究生
 *   C 考生1-3, D 考生1-4: written 70, items 70 / 70 → composite 70.00 (tied on everything, below the cut-off)
 *   E 考生1-5: written 60, items 60 / 60 → composite 60.00
 */
const SCORES = {
  written: ['80', '80', '70', '70', '60'],
  interview: [
    ['80', '90'],
    ['90', '80'],
    ['70', '70'],
    ['70', '70'],
    ['60', '60'],
  ],
};

async function scoredPost(name: string, given = SCORES) {
  const plan = await insertScoredExamPlan(t, {
    name,
    posts: [{ jobVacancy: '教师', places: 1, candidates: 5 }],
    interview: [
      { workItem: '面试评分', kind: 'score', assigneeId: t.adminId },
      { workItem: '专业测试', kind: 'score', assigneeId: t.adminId },
    ],
  });
  await setPlanRules(t.db, plan.plan.id, { interviewEntryRatio: 5 });
  const ids = plan.applications.map((a) => a.id);
  const post = plan.posts[0]!.id;
  const enter = async (stage: ExamStage, scores: string[][]) => {
    const items = await scoreItemIds(t.db, plan.plan.id, stage);
    const entries = ids.map((applicationId, i) => ({ applicationId, scores: items.map((workItemId, k) => ({ workItemId, score: scores[i]![k]! })) }));
    expect((await t.call(batchSetGrade, { type: stage, entries }, { token: t.admin })).code).toBe(200);
    expect((await t.call(reviewScores, { type: stage, ids, action: 'confirm' }, { token: t.admin })).data.refused).toEqual([]);
  };
  await issueTickets(t.db, t.company1, ids, 2);
  await enter(2, given.written.map((w) => [w]));
  expect((await t.call(batchSendScore, { type: 2, recruitmentId: post }, { token: t.admin })).data.movedToInterview).toBe(5);
  await issueTickets(t.db, t.company1, ids, 3);
  await enter(3, given.interview);
  for (const [i, education] of [
    [0, '本科'],
    [1, '硕士研究生'],
  ] as const) {
    await insertResume(t.db, t.company1, plan.applications[i]!, { sex: '1', birthday: '1998-05-20', phone: '13900000000', education });
  }
  return { plan, post, ids };
}

type Scored = Awaited<ReturnType<typeof scoredPost>>;

const complex = async (post: number) => {
  const res = await t.call(getGradeList, { kind: 'complex', recruitmentId: post, pageNum: 1, pageSize: 50 }, { token: t.admin });
  expect(res.code).toBe(200);
  return res.data;
};
/** [name, rank, passed] in ranking order. */
const places = async (post: number) => (await complex(post)).list.map((r) => [r.realName, r.rank, r.passed]);
const explanationOf = async (post: number, name: string) => (await complex(post)).list.find((r) => r.realName === name)!.explanation;
const chain = (s: Scored, tieBreakChain: TieBreakLink[], extraTestOnTie = false) => setPlanRules(t.db, s.plan.plan.id, { tieBreakChain, extraTestOnTie });
const saveExtra = (post: number, scores: { applicationId: number; score: unknown }[], token = t.admin) =>
  t.call(saveExtraTestScores, { recruitmentId: post, scores } as never, { token });
/** A plan as the form saves it (its other fields valid). */
const valid = {
  name: '同分排序表单计划',
  signUpStartDate: '2026-03-01 09:00',
  signUpEndDate: '2026-03-15 17:30',
  writtenStartDate: '2026-03-28 09:00',
  auditionStartDate: '2026-04-10 08:30',
};
const save = (token: string, payload: object) => t.call(savePlan, payload as never, { token });
const extraRows = () => t.db.select().from(extraTestScore).orderBy(extraTestScore.applicationId);

let s: Scored;
let theirPost: number;

beforeAll(async () => {
  s = await scoredPost('同分排序计划');
  theirPost = (await insertTheirExamPlan(t)).posts[0]!.id;
});

describe('the tie-break chain decides ties on the composite score', () => {
  it('笔试成绩 (the default chain): tied on everything, both share the place and both pass', async () => {
    expect(await places(s.post)).toEqual([
      ['考生1-1', 1, true],
      ['考生1-2', 1, true],
      ['考生1-3', 3, false],
      ['考生1-4', 3, false],
      ['考生1-5', 5, false],
    ]);
    const { rule } = await complex(s.post);
    expect(rule).toContain('按综合成绩从高到低排名，同分按笔试成绩排名，都相同则同名次；招录 1 人，前 1 名拟录用，末位同名次者均拟录用');
    expect(await explanationOf(s.post, '考生1-1')).toBe(
      '综合成绩 = 笔试 80.00 × 0.5 + 面试 85.00 × 0.5 = 82.50，与考生1-2同分，并列第 1 名；招录 1 人，拟录用',
    );
  });

  it('面试成绩: the higher interview score goes first where the written score would have put the other first', async () => {
    // A: 90 and 80 / 80 → 85.00; B: 80 and 90 / 90 → 85.00
    const other = await scoredPost('面试成绩优先计划', { ...SCORES, written: ['90', '80', '70', '70', '60'], interview: [['80', '80'], ['90', '90'], ...SCORES.interview.slice(2)] });
    expect((await places(other.post)).slice(0, 2)).toEqual([
      ['考生1-1', 1, true],
      ['考生1-2', 2, false],
    ]);
    expect(await explanationOf(other.post, '考生1-1')).toContain('综合成绩与考生1-2并列（85.00），按笔试成绩排在其前');
    await chain(other, [{ link: 'interview' }, { link: 'written' }]);
    expect((await places(other.post)).slice(0, 2)).toEqual([
      ['考生1-2', 1, true],
      ['考生1-1', 2, false],
    ]);
    expect(await explanationOf(other.post, '考生1-2')).toBe(
      '综合成绩 = 笔试 80.00 × 0.5 + 面试 90.00 × 0.5 = 85.00，岗位第 1 名；综合成绩与考生1-1并列（85.00），按面试成绩排在其前；招录 1 人，拟录用',
    );
    expect(await explanationOf(other.post, '考生1-1')).toContain('综合成绩与考生1-2并列（85.00），按面试成绩排在其后；招录 1 人，未进入拟录用名单');
    expect((await complex(other.post)).rule).toContain('同分依次按面试成绩、笔试成绩排名，都相同则同名次');
  });

  it('评分项“专业测试”: the score of the named item decides, after an equal written score', async () => {
    await chain(s, [{ link: 'written' }, { link: 'scoreItem', item: '专业测试' }]);
    expect(await places(s.post)).toEqual([
      ['考生1-1', 1, true],
      ['考生1-2', 2, false],
      ['考生1-3', 3, false],
      ['考生1-4', 3, false],
      ['考生1-5', 5, false],
    ]);
    expect(await explanationOf(s.post, '考生1-1')).toBe(
      '综合成绩 = 笔试 80.00 × 0.5 + 面试 85.00 × 0.5 = 82.50，岗位第 1 名；综合成绩与考生1-2并列（82.50），笔试成绩也相同，按评分项“专业测试”排在其前；招录 1 人，拟录用',
    );
    expect(await explanationOf(s.post, '考生1-2')).toBe(
      '综合成绩 = 笔试 80.00 × 0.5 + 面试 85.00 × 0.5 = 82.50，岗位第 2 名；综合成绩与考生1-1并列（82.50），笔试成绩也相同，按评分项“专业测试”排在其后；招录 1 人，未进入拟录用名单',
    );
    expect((await complex(s.post)).rule).toContain('同分依次按笔试成绩、评分项“专业测试”排名，都相同则同名次');
    // the other item orders them the other way round
    await chain(s, [{ link: 'scoreItem', item: '面试评分' }]);
    expect((await places(s.post)).slice(0, 2)).toEqual([
      ['考生1-2', 1, true],
      ['考生1-1', 2, false],
    ]);
    // an item no longer in 招录工作安排 (renamed since) decides nothing, and the rule says so
    await chain(s, [{ link: 'scoreItem', item: '已改名的评分项' }]);
    expect((await places(s.post)).slice(0, 2)).toEqual([
      ['考生1-1', 1, true],
      ['考生1-2', 1, true],
    ]);
    expect((await complex(s.post)).rule).toContain('同分按评分项“已改名的评分项”排名（评分项“已改名的评分项”已不是面试评分项，不参与比较），都相同则同名次');
    // an item's name is the user's text: a % in it is written as it is
    const rename = (from: string, to: string) => t.db.execute(sql`update workflow_item set work_item = ${to} where plan_id = ${s.plan.plan.id} and work_item = ${from}`);
    await rename('专业测试', '专业%s测试');
    await chain(s, [{ link: 'written' }, { link: 'scoreItem', item: '专业%s测试' }]);
    expect(await explanationOf(s.post, '考生1-1')).toContain('综合成绩与考生1-2并列（82.50），笔试成绩也相同，按评分项“专业%s测试”排在其前；招录 1 人，拟录用');
    await rename('专业%s测试', '专业测试');
  });

  it('学历: the higher education of the resume submitted goes first (none counts lowest)', async () => {
    await chain(s, [{ link: 'written' }, { link: 'education' }]);
    expect(await places(s.post)).toEqual([
      ['考生1-2', 1, true],
      ['考生1-1', 2, false],
      ['考生1-3', 3, false],
      ['考生1-4', 3, false],
      ['考生1-5', 5, false],
    ]);
    expect(await explanationOf(s.post, '考生1-2')).toContain('综合成绩与考生1-1并列（82.50），笔试成绩也相同，按学历排在其前；招录 1 人，拟录用');
    expect((await complex(s.post)).rule).toContain('同分依次按笔试成绩、学历（高者在前）排名');
    // the chain's order counts: the score item first decides before 学历 is looked at
    await chain(s, [{ link: 'scoreItem', item: '专业测试' }, { link: 'education' }]);
    expect((await places(s.post))[0]).toEqual(['考生1-1', 1, true]);
  });

  it('without 同分加试 the group tied at the cut-off all pass, and 加试 scores are refused', async () => {
    await chain(s, [{ link: 'written' }]);
    const group = await t.call(extraTestGroup, { recruitmentId: s.post }, { token: t.admin });
    expect(group.data).toEqual({ extraTestOnTie: false, published: false, places: 1, members: [] });
    await expectRefusedUnchanged(
      extraRows,
      () => saveExtra(s.post, [s.ids[0]!, s.ids[1]!].map((applicationId) => ({ applicationId, score: '80' }))),
      409,
      EXTRA_TEST_OFF,
    );
  });
});

describe('加试: those still tied across the cut-off', () => {
  it('are flagged 需加试, not 拟录用, and the interview cannot be published until their 加试 scores are in', async () => {
    await chain(s, [{ link: 'written' }], true);
    const ranking = await complex(s.post);
    expect(ranking.list.map((r) => [r.realName, r.rank, r.passed, r.extraTest])).toEqual([
      ['考生1-1', 1, false, { needed: true, score: null }],
      ['考生1-2', 1, false, { needed: true, score: null }],
      ['考生1-3', 3, false, null],
      ['考生1-4', 3, false, null],
      ['考生1-5', 5, false, null],
    ]);
    expect(ranking.list[0]!.explanation).toBe('综合成绩 = 笔试 80.00 × 0.5 + 面试 85.00 × 0.5 = 82.50，与考生1-2同分，并列第 1 名；招录 1 人，末位并列，需加试');
    expect(ranking.rule).toContain('末位仍并列（跨过招录人数）者需加试，按加试成绩确定拟录用人员');
    const group = await t.call(extraTestGroup, { recruitmentId: s.post }, { token: t.admin });
    expect(group.data.members.map((m) => [m.realName, m.compositeScore, m.score, m.needed])).toEqual([
      ['考生1-1', '82.50', null, true],
      ['考生1-2', '82.50', null, true],
    ]);
    const refused = '考生1-1、考生1-2末位并列需加试，请先录入加试成绩再发布面试成绩';
    expectError(await t.call(previewSendScore, { type: 3, recruitmentId: s.post }, { token: t.admin }), 409, refused);
    await expectRefusedUnchanged(
      () => statusesOf(t.db, s.ids),
      () => t.call(batchSendScore, { type: 3, recruitmentId: s.post }, { token: t.admin }),
      409,
      refused,
    );
  });

  it('refuses bad input with nothing written, anyone outside the group, part of it, and other companies’ posts', async () => {
    const [a, b, c] = s.ids;
    const both = (score: unknown) => [
      { applicationId: a!, score },
      { applicationId: b!, score: '80' },
    ];
    for (const [scores, msg] of [
      [both('abc'), EXTRA_TEST_SCORE_BAD],
      [both('-1'), EXTRA_TEST_SCORE_BAD],
      [both('1000'), EXTRA_TEST_SCORE_BAD],
      [both('80.123'), EXTRA_TEST_SCORE_BAD],
      [[], EXTRA_TEST_REQUIRED],
      [
        [
          { applicationId: a!, score: '80' },
          { applicationId: a!, score: '81' },
        ],
        EXTRA_TEST_TWICE,
      ],
    ] as const) {
      await expectRefusedUnchanged(extraRows, () => saveExtra(s.post, scores as never), 400, msg);
    }
    await expectRefusedUnchanged(extraRows, () => saveExtra(s.post, [...both('80'), { applicationId: c!, score: '90' }]), 409, EXTRA_TEST_NOT_IN_GROUP);
    await expectRefusedUnchanged(extraRows, () => saveExtra(s.post, [{ applicationId: c!, score: '90' }]), 409, EXTRA_TEST_NOT_IN_GROUP);
    await expectRefusedUnchanged(extraRows, () => saveExtra(s.post, [{ applicationId: a!, score: '90' }]), 409, EXTRA_TEST_WHOLE_GROUP);
    await expectOthersNotFound(t, (token, id) => saveExtra(id, both('80'), token), { mine: s.post, theirs: theirPost }, '岗位不存在', extraRows);
    await expectOthersNotFound(t, (token, id) => t.call(extraTestGroup, { recruitmentId: id }, { token }), { mine: s.post, theirs: theirPost }, '岗位不存在');
    const viewer = await staffWith(t, '面试查看', 'mianshi_chakan', ['review:audition']);
    await expectRefusedUnchanged(extraRows, () => saveExtra(s.post, both('80'), viewer), 403, '您没有执行该操作的权限');
    expect((await t.call(extraTestGroup, { recruitmentId: s.post }, { token: viewer })).data.members).toHaveLength(2);
  });

  it('equal 加试 scores leave them tied: still 需加试, entered again over the old ones', async () => {
    const [a, b] = s.ids;
    const res = await saveExtra(s.post, [
      { applicationId: a!, score: '88' },
      { applicationId: b!, score: 88.0 },
    ]);
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ saved: 2, stillTied: 2 });
    const rows = (await complex(s.post)).list;
    expect(rows.slice(0, 2).map((r) => [r.rank, r.passed, r.extraTest])).toEqual([
      [1, false, { needed: true, score: '88.00' }],
      [1, false, { needed: true, score: '88.00' }],
    ]);
    expectError(await t.call(batchSendScore, { type: 3, recruitmentId: s.post }, { token: t.admin }), 409, '考生1-1、考生1-2末位并列需加试，请先录入加试成绩再发布面试成绩');
  });

  it('the 加试 orders the tied group only: a 加试 score of anyone else moves nobody', async () => {
    const [a, b, c, d] = s.ids;
    // Stray 加试 scores of C and D (tied below the cut-off, not a 加试 group): they stay tied.
    await t.db.insert(extraTestScore).values([
      { companyId: t.company1, applicationId: c!, score: '50', enteredBy: t.adminId },
      { companyId: t.company1, applicationId: d!, score: '99', enteredBy: t.adminId },
    ]);
    const res = await saveExtra(s.post, [
      { applicationId: a!, score: '88' },
      { applicationId: b!, score: '90.5' },
    ]);
    expect(res.data).toEqual({ saved: 2, stillTied: 0 });
    const ranking = await complex(s.post);
    expect(ranking.list.map((r) => [r.realName, r.rank, r.passed, r.extraTest])).toEqual([
      ['考生1-2', 1, true, { needed: false, score: '90.50' }],
      ['考生1-1', 2, false, { needed: false, score: '88.00' }],
      ['考生1-3', 3, false, null],
      ['考生1-4', 3, false, null],
      ['考生1-5', 5, false, null],
    ]);
    expect(ranking.list[0]!.explanation).toBe(
      '综合成绩 = 笔试 80.00 × 0.5 + 面试 85.00 × 0.5 = 82.50，岗位第 1 名；综合成绩与考生1-1并列（82.50），笔试成绩也相同，按加试成绩排在其前；招录 1 人，拟录用',
    );
    expect(ranking.list[1]!.explanation).toContain('按加试成绩排在其后；招录 1 人，未进入拟录用名单');
    expect(ranking.list[2]!.explanation).toContain('与考生1-4同分，并列第 3 名');
  });

  it('publishes by the 加试; after that neither the 加试 nor the plan’s chain can change', async () => {
    const preview = await t.call(previewSendScore, { type: 3, recruitmentId: s.post }, { token: t.admin });
    expect(preview.data.passed.map((r) => r.realName)).toEqual(['考生1-2']);
    expect((await t.call(batchSendScore, { type: 3, recruitmentId: s.post }, { token: t.admin })).data).toEqual({ passed: 1, failed: 4, movedToInterview: 0 });
    expect(await statusesOf(t.db, s.ids)).toEqual([33, 34, 33, 33, 33]);
    // the published ranking, computed again, is the one published
    const published = await complex(s.post);
    expect(published.published).toBe(true);
    expect(published.list.map((r) => [r.realName, r.rank, r.passed])).toEqual([
      ['考生1-2', 1, true],
      ['考生1-1', 2, false],
      ['考生1-3', 3, false],
      ['考生1-4', 3, false],
      ['考生1-5', 5, false],
    ]);
    const [a, b] = s.ids;
    await expectRefusedUnchanged(
      extraRows,
      () =>
        saveExtra(s.post, [
          { applicationId: a!, score: '95' },
          { applicationId: b!, score: '90' },
        ]),
      409,
      EXTRA_TEST_PUBLISHED,
    );
    const planRow = async () => (await t.db.execute(sql`select tie_break_chain, extra_test_on_tie, name from recruitment_plan where id = ${s.plan.plan.id}`)) as { rows: unknown[] };
    await expectRefusedUnchanged(
      async () => (await planRow()).rows,
      () => save(t.admin, { ...valid, id: s.plan.plan.id, tieBreakChain: [{ link: 'written' }], extraTestOnTie: false }),
      409,
      TIE_BREAK_AFTER_PUBLICATION,
    );
  });
});

describe('加试 and publication at the same moment', () => {
  it('the publication ranks by the 加试 scores entered before it, or the entry is refused: the published passer is the one the stored scores rank first', async () => {
    const p = await scoredPost('加试与发布同时计划');
    await chain(p, [{ link: 'written' }], true);
    const [a, b] = p.ids;
    expect((await saveExtra(p.post, [{ applicationId: a!, score: '80' }, { applicationId: b!, score: '90' }])).code).toBe(200);
    await warmUp(() => t.call(extraTestGroup, { recruitmentId: p.post }, { token: t.admin }));
    const [entry, publication] = await Promise.all([
      saveExtra(p.post, [{ applicationId: a!, score: '95' }, { applicationId: b!, score: '90' }]),
      t.call(batchSendScore, { type: 3, recruitmentId: p.post }, { token: t.admin }),
    ]);
    expect(publication.code).toBe(200);
    const stored = Object.fromEntries((await extraRows()).map((r) => [r.applicationId, r.score]));
    if (entry.code === 200) {
      expect(stored[a!]).toBe('95.00');
      expect(await statusesOf(t.db, [a!, b!])).toEqual([34, 33]);
    } else {
      expectError(entry, 409, EXTRA_TEST_PUBLISHED);
      expect(stored[a!]).toBe('80.00');
      expect(await statusesOf(t.db, [a!, b!])).toEqual([33, 34]);
    }
    const published = await complex(p.post);
    expect(published.list.filter((r) => r.passed).map((r) => r.applicationId)).toEqual([entry.code === 200 ? a : b]);
  });
});

describe('the plan form: 同分排序 and 同分加试', () => {
  it('saves the chain and the flag, defaults to 笔试成绩 without 加试, and refuses bad links and unknown score items', async () => {
    const rowOf = async (id: number) => (await t.call(planList, { pageNum: 1, pageSize: 100 }, { token: t.admin })).data.list.find((p) => p.id === id)!;
    const plain = (await save(t.admin, valid)).data.id;
    expect(await rowOf(plain)).toMatchObject({ tieBreakChain: [{ link: 'written' }], extraTestOnTie: false });

    const snapshot = async () => ((await t.db.execute(sql`select id, tie_break_chain, extra_test_on_tie from recruitment_plan order by id`)) as { rows: unknown[] }).rows;
    for (const [tieBreakChain, msg] of [
      [[{ link: 'age' }], TIE_BREAK_LINK_BAD],
      ['written', TIE_BREAK_LINK_BAD],
      [[{ link: 'written' }, { link: 'written' }], TIE_BREAK_LINK_TWICE],
      [[{ link: 'scoreItem', item: '' }], '请选择面试评分项'],
    ] as const) {
      await expectRefusedUnchanged(snapshot, () => save(t.admin, { ...valid, tieBreakChain }), 400, msg);
      await expectRefusedUnchanged(snapshot, () => save(t.admin, { ...valid, id: plain, tieBreakChain }), 400, msg);
    }
    await expectRefusedUnchanged(snapshot, () => save(t.admin, { ...valid, extraTestOnTie: 'yes' }), 400, '请选择末位同分时是否加试');
    // a new plan has no 招录工作安排 yet, so no score item to name; an existing one names its own interview score items
    const unknown = [{ link: 'scoreItem', item: '专业测试' }];
    await expectRefusedUnchanged(snapshot, () => save(t.admin, { ...valid, tieBreakChain: unknown }), 409, tieBreakItemMissing('专业测试'));
    await expectRefusedUnchanged(snapshot, () => save(t.admin, { ...valid, id: plain, tieBreakChain: unknown }), 409, tieBreakItemMissing('专业测试'));

    const other = await scoredPost('另一个同分排序计划');
    const tieBreakChain = [{ link: 'education' }, { link: 'scoreItem', item: '专业测试' }, { link: 'interview' }];
    expect((await save(t.admin, { ...valid, id: other.plan.plan.id, tieBreakChain, extraTestOnTie: true })).code).toBe(200);
    expect(await rowOf(other.plan.plan.id)).toMatchObject({ tieBreakChain, extraTestOnTie: true });
    // 学历 first: B (硕士研究生) ahead of A (本科), whatever the items say
    expect((await places(other.post))[0]).toEqual(['考生1-2', 1, true]);
    expect(await explanationOf(other.post, '考生1-2')).toContain('按学历排在其前');
  });
});

describe('the published composite ranking stands by the tie-break it was published with', () => {
  it('renaming or reordering the interview score items, or changing the plan’s chain behind the form, changes nothing published', async () => {
    const p = await scoredPost('发布后评分项改名计划');
    await chain(p, [{ link: 'written' }, { link: 'scoreItem', item: '专业测试' }]);
    const [, itemId] = await scoreItemIds(t.db, p.plan.plan.id, 3);
    expect((await t.call(batchSendScore, { type: 3, recruitmentId: p.post }, { token: t.admin })).code).toBe(200);
    expect(await statusesOf(t.db, p.ids)).toEqual([34, 33, 33, 33, 33]);
    const stored = (await t.db.execute(sql`select tie_break from stage_publication where recruitment_id = ${p.post} and stage = 3`)) as { rows: { tie_break: unknown }[] };
    expect(stored.rows[0]!.tie_break).toEqual({ chain: [{ link: 'written' }, { link: 'scoreItem', item: '专业测试', itemId }], extraTestOnTie: false });
    const published = [
      ['考生1-1', 1, true],
      ['考生1-2', 2, false],
      ['考生1-3', 3, false],
      ['考生1-4', 3, false],
      ['考生1-5', 5, false],
    ];
    expect(await places(p.post)).toEqual(published);
    // The two items swap names and places in 招录工作安排: “专业测试” now names the other item.
    const rename = (from: string, to: string) => t.db.execute(sql`update workflow_item set work_item = ${to} where plan_id = ${p.plan.plan.id} and work_item = ${from}`);
    await rename('专业测试', '临时名');
    await rename('面试评分', '专业测试');
    await rename('临时名', '面试评分');
    await t.db.execute(sql`update workflow_item set sort = case when id = ${itemId} then 0 else sort + 1 end where plan_id = ${p.plan.plan.id} and stage = 3`);
    expect(await places(p.post)).toEqual(published);
    expect(await explanationOf(p.post, '考生1-1')).toContain('笔试成绩也相同，按评分项“专业测试”排在其前；招录 1 人，拟录用');
    // The plan's chain and 加试 changed where the form would refuse it: the published ranking keeps its own.
    await chain(p, [{ link: 'interview' }], true);
    expect(await places(p.post)).toEqual(published);
    expect((await complex(p.post)).rule).toContain('同分依次按笔试成绩、评分项“专业测试”排名，都相同则同名次；招录 1 人，前 1 名拟录用，末位同名次者均拟录用');
    // A publication from before the tie-break was stored ranks by the default chain (笔试成绩 alone).
    await t.db.execute(sql`update stage_publication set tie_break = null where recruitment_id = ${p.post} and stage = 3`);
    expect((await places(p.post)).slice(0, 2)).toEqual([
      ['考生1-1', 1, true],
      ['考生1-2', 1, true],
    ]);
  });

  it('a plan save waits for a publication under way, and then finds the chain published', async () => {
    const p = await scoredPost('发布与保存计划');
    await warmUp(() => save(t.admin, { ...valid, id: p.plan.plan.id, name: '发布与保存计划' }));
    let saved: Awaited<ReturnType<typeof save>> | undefined;
    await t.db.transaction(async (tx) => {
      await publishPost(tx, t.company1, t.adminId, 3, p.post);
      const saving = save(t.admin, { ...valid, id: p.plan.plan.id, name: '发布与保存计划', tieBreakChain: [{ link: 'education' }], extraTestOnTie: false }).then((r) => {
        saved = r;
        return r;
      });
      void saving;
      await new Promise((resolve) => setTimeout(resolve, 300));
      // the save is held by the publication's lock on the plan
      expect(saved).toBeUndefined();
    });
    await expect.poll(() => saved, { timeout: 5000 }).toBeDefined();
    expectError(saved!, 409, TIE_BREAK_AFTER_PUBLICATION);
    const row = (await t.db.execute(sql`select tie_break_chain from recruitment_plan where id = ${p.plan.plan.id}`)) as { rows: { tie_break_chain: unknown }[] };
    expect(row.rows[0]!.tie_break_chain).toEqual([{ link: 'written' }]);
  });
});

describe('加试 orders its group only', () => {
  it('someone below the interview pass line tied with the group on the composite and the chain is not ranked behind it by the 加试', async () => {
    // A and B (82.50) tie for the one place; C has the same composite (笔试 90, 面试 75) but is below the pass line 80.
    const p = await scoredPost('加试只排并列者计划', {
      written: ['80', '80', '90', '70', '60'],
      interview: [
        ['85', '85'],
        ['85', '85'],
        ['75', '75'],
        ['70', '70'],
        ['60', '60'],
      ],
    });
    await setPlanRules(t.db, p.plan.plan.id, { interviewPassLine: '80', tieBreakChain: [], extraTestOnTie: true });
    const [a, b] = p.ids;
    expect((await saveExtra(p.post, [{ applicationId: a!, score: '88' }, { applicationId: b!, score: '90' }])).data).toEqual({ saved: 2, stillTied: 0 });
    const ranking = await complex(p.post);
    const row = (name: string) => ranking.list.find((r) => r.realName === name)!;
    expect([row('考生1-2'), row('考生1-1'), row('考生1-3')].map((r) => [r.rank, r.passed, r.extraTest])).toEqual([
      [1, true, { needed: false, score: '90.00' }],
      [2, false, { needed: false, score: '88.00' }],
      [1, false, null],
    ]);
    expect(row('考生1-3').explanation).not.toContain('加试');
    expect(row('考生1-3').explanation).toContain('低于面试合格线 80.00 分，不予拟录用');
    expect(row('考生1-2').explanation).toContain('综合成绩与考生1-1并列（82.50），按加试成绩排在其前；');
    expect(row('考生1-1').explanation).toContain('综合成绩与考生1-2并列（82.50），按加试成绩排在其后；');
  });
});
