import {
  type DuplicateGroup, TASK_STATUS, duplicateCandidateGroups, reviewerStatistics, saveWorkflow,
  signUpFinalReview,
} from '@zhaokao/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationTask, candidateApplication, workflowItem } from '../../db/tables.js';
import { expectError, useTestApp, staffWith } from '../../test/app.js';
import { applyWith, identityNo, insertApplication, insertPlan, saveTwoLevelReview } from '../../test/recruitment.js';
import { decideTask } from '../pipeline/index.js';


const t = useTestApp();

const NO_PLAN = '招录计划不存在';

/** A staff member of company 1 whose role reads no candidates (wallet and talent pool only). */
async function financeToken(): Promise<string> {
  return staffWith(t, '钱会计', 'qianacc', ['wallet:view', 'talent:view']);
}

let finance: string;
beforeAll(async () => {
  finance = await financeToken();
});

/** Applies through the public call and answers the application's id. */
const apply = (recruitmentId: number, person: { realName: string; identityNo: string; phone: string }) => applyWith(t, recruitmentId, person);

/** The application's sign-up task of `workItem`. */
async function taskOf(applicationId: number, workItem: string) {
  const [row] = await t.db
    .select({ id: applicationTask.id })
    .from(applicationTask)
    .innerJoin(workflowItem, eq(workflowItem.id, applicationTask.workflowItemId))
    .where(and(eq(applicationTask.applicationId, applicationId), eq(workflowItem.workItem, workItem)));
  return row!.id;
}

async function decide(applicationId: number, workItem: string, actorId: number, failStatus?: 12 | 13) {
  const taskId = await taskOf(applicationId, workItem);
  await t.db.transaction((tx) =>
    decideTask(tx, {
      companyId: t.company1,
      taskId,
      actorId,
      status: failStatus ? TASK_STATUS.failed : TASK_STATUS.passed,
      failStatus,
      remarks: failStatus ? '学历不符合岗位要求' : '',
    }),
  );
}

describe('reviewerStatistics and signUpFinalReview', () => {
  let planId: number;
  let postIds: number[];
  let items: { id: number; workItem: string }[];

  beforeAll(async () => {
    const { plan, posts } = await insertPlan(t.db, t.company1, { name: '统计审核计划', posts: ['甲', '乙', '无人报名'] });
    planId = plan.id;
    postIds = posts.map((p) => p.id);
    const saved = await saveTwoLevelReview(t, planId);
    expect(saved.code, saved.msg).toBe(200);
    items = saved.data.map((i) => ({ id: i.id, workItem: i.workItem }));
    const ids: number[] = [];
    for (const [i, post] of [0, 0, 0, 1, 1].entries()) {
      ids.push(await apply(postIds[post]!, { realName: `统计${'一二三四五'[i]}`, identityNo: identityNo('1992-05-06', 101 + i * 2), phone: `1370000000${i}` }));
    }
    const [passedBoth, passedFirst, failedFirst, failedSecond] = ids as [number, number, number, number, number];
    await decide(passedBoth, '初审', t.shenheId);
    await decide(passedBoth, '复审', t.adminId);
    await decide(passedFirst, '初审', t.shenheId);
    await decide(failedFirst, '初审', t.shenheId, 12);
    await decide(failedSecond, '初审', t.shenheId);
    await decide(failedSecond, '复审', t.adminId, 13);
  });

  it('counts each work item’s tasks by status, in the items’ order, with the assignee', async () => {
    const res = await t.call(reviewerStatistics, { planId, type: 1 }, { token: t.shenhe });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toEqual([
      { workItemId: items[0]!.id, workItem: '初审', staffName: '李娜', pending: 1, passed: 3, failed: 1 },
      // the application rejected at 初审 leaves its 复审 task undecided, but nobody's work any more
      { workItemId: items[1]!.id, workItem: '复审', staffName: '王敏', pending: 2, passed: 1, failed: 1 },
    ]);
    // no written-stage items: nothing to count
    expect((await t.call(reviewerStatistics, { planId, type: 2 }, { token: t.admin })).data).toEqual([]);
  });

  it('sums the sign-up outcome per post, posts without applications included', async () => {
    const res = await t.call(signUpFinalReview, { planId }, { token: t.shenhe });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toEqual([
      { recruitmentId: postIds[0], jobVacancy: '甲', places: 2, applied: 3, inReview: 1, rejected: 1, passed: 1 },
      { recruitmentId: postIds[1], jobVacancy: '乙', places: 2, applied: 2, inReview: 1, rejected: 1, passed: 0 },
      { recruitmentId: postIds[2], jobVacancy: '无人报名', places: 2, applied: 0, inReview: 0, rejected: 0, passed: 0 },
    ]);
  });

  it('refuses bad input with 400, a role without candidate reading with 403, another company’s plan with 404', async () => {
    expectError(await t.post('/api/recruitment/reviewerStatistics', t.admin, { planId: 'x', type: 1 }), 400, '招录计划编号必须是数字');
    expectError(await t.post('/api/recruitment/reviewerStatistics', t.admin, { planId, type: 4 }), 400, '审核阶段不正确');
    expectError(await t.post('/api/recruitment/signUpFinalReview', t.admin, {}), 400, '招录计划编号必须是数字');
    expectError(await t.post('/api/recruitment/signUpFinalReview', t.admin, { planId: -1 }), 400, '招录计划编号必须是正数');
    expectError(await t.call(reviewerStatistics, { planId, type: 1 }, { token: finance }), 403, '您没有执行该操作的权限');
    expectError(await t.call(signUpFinalReview, { planId }, { token: finance }), 403, '您没有执行该操作的权限');
    expectError(await t.call(reviewerStatistics, { planId, type: 1 }, { token: t.hospital }), 404, NO_PLAN);
    expectError(await t.call(signUpFinalReview, { planId }, { token: t.hospital }), 404, NO_PLAN);
    expectError(await t.call(reviewerStatistics, { planId: 999999, type: 1 }, { token: t.admin }), 404, NO_PLAN);
    expectError(await t.call(signUpFinalReview, { planId: 999999 }, { token: t.admin }), 404, NO_PLAN);
  });
});

/** The old 15-digit form of an 18-digit number: the century and the check character dropped. */
const fifteen = (id18: string) => id18.slice(0, 6) + id18.slice(8, 17);

describe('duplicateCandidateGroups', () => {
  let plan: { id: number; name: string };
  let posts: { id: number; jobVacancy: string }[];
  let otherPlan: { id: number };
  const ids = new Map<string, number>();

  const wang18 = identityNo('1968-04-12', 31, '430104');
  const wang15 = fifteen(wang18);
  const zhao18 = identityNo('1990-07-01', 45, '430104');
  const zhao2nd = identityNo('1990-07-01', 47, '430111');

  beforeAll(async () => {
    ({ plan, posts } = await insertPlan(t.db, t.company1, { name: '查重计划', posts: ['查重岗位甲', '查重岗位乙'] }));
    const elsewhere = await insertPlan(t.db, t.company1, { name: '查重另一计划', posts: ['另一岗位'] });
    otherPlan = elsewhere.plan;
    const other = elsewhere.posts[0]!.id;
    const [postA, postB] = posts.map((p) => p.id) as [number, number];
    const add = async (key: string, recruitmentId: number, person: { realName: string; identityNo: string; phone: string }) =>
      ids.set(key, await apply(recruitmentId, person));

    // identity: the 18-digit number applies; the same person's old 15-digit number was registered too (directly: the
    // public call accepts only 18-digit numbers)
    await add('wang18', postA, { realName: '王建国', identityNo: wang18, phone: '13811110001' });
    const old = await insertApplication(
      t.db,
      { companyId: t.company1, planId: plan.id, recruitmentId: postB, realName: '王建国' },
      { identityNo: wang15, birthday: '1968-04-12', phone: '13811110002' },
    );
    ids.set('wang15', old.id);
    // phone: one phone, two names
    await add('phoneA', postA, { realName: '刘芳', identityNo: identityNo('1995-02-03', 12), phone: '13822220000' });
    await add('phoneB', postB, { realName: '刘方', identityNo: identityNo('1996-02-03', 14), phone: '13822220000' });
    // name and birth date: two numbers
    await add('zhaoA', postA, { realName: '赵子涵', identityNo: zhao18, phone: '13833330001' });
    await add('zhaoB', postA, { realName: '赵子涵', identityNo: zhao2nd, phone: '13833330002' });

    // near-misses, none of which groups:
    // the same phone under the same name (two people? no: the same name is not a sign on a phone)
    await add('samePhoneSameName1', postA, { realName: '孙丽', identityNo: identityNo('1991-01-01', 20), phone: '13844440000' });
    await add('samePhoneSameName2', postB, { realName: '孙丽', identityNo: identityNo('1993-03-03', 22), phone: '13844440000' });
    // the same name, another birth date
    await add('sameName1', postA, { realName: '周杰', identityNo: identityNo('1990-10-10', 31), phone: '13855550001' });
    await add('sameName2', postB, { realName: '周杰', identityNo: identityNo('1990-10-11', 33), phone: '13855550002' });
    // a 15-digit number of a different person: the same area and birth date as 王建国, another sequence
    const stranger = await insertApplication(
      t.db,
      { companyId: t.company1, planId: plan.id, recruitmentId: postA, realName: '吴敏' },
      { identityNo: `${wang15.slice(0, 12)}033`, birthday: '1968-04-12', phone: '13866660000' },
    );
    ids.set('stranger15', stranger.id);
    // the same person in another plan of the company, and a phone of this plan under another name there: normal
    // (written directly: the public call takes a registered identity number only from a signed-in candidate)
    const [wang] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, ids.get('wang18')!));
    const [again] = await t.db
      .insert(candidateApplication)
      .values({ companyId: t.company1, planId: otherPlan.id, recruitmentId: other, talentId: wang!.talentId, realName: '王建国', identityNo: wang18, phone: '13811110001' })
      .returning();
    ids.set('wangElsewhere', again!.id);
    await add('phoneElsewhere', other, { realName: '刘某某', identityNo: identityNo('1997-02-03', 16), phone: '13822220000' });
    // the same person, name and birth date under another number in another plan: not within one plan either
    await add('zhaoElsewhere', other, { realName: '赵子涵', identityNo: identityNo('1990-07-01', 49), phone: '13833330003' });
  });

  const member = (key: string, realName: string, identity: string, phone: string, birthday: string, post: number) => ({
    applicationId: ids.get(key)!,
    planName: '查重计划',
    jobVacancy: posts[post]!.jobVacancy,
    realName,
    identityNo: identity,
    phone,
    birthday,
    status: 10,
    createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
  });

  const planted = (): DuplicateGroup[] => [
    {
      kind: 'identity',
      reason: `身份证号码 ${wang18} 相同（含 15 位旧号码 ${wang15} 与 18 位号码 ${wang18}）`,
      members: [
        member('wang18', '王建国', wang18, '13811110001', '1968-04-12', 0),
        member('wang15', '王建国', wang15, '13811110002', '1968-04-12', 1),
      ],
    },
    {
      kind: 'phone',
      reason: '手机号码 13822220000 相同，姓名不同：刘芳、刘方',
      members: [
        member('phoneA', '刘芳', identityNo('1995-02-03', 12), '13822220000', '1995-02-03', 0),
        member('phoneB', '刘方', identityNo('1996-02-03', 14), '13822220000', '1996-02-03', 1),
      ],
    },
    {
      kind: 'nameBirthday',
      reason: `姓名 赵子涵 和出生日期 1990-07-01 相同，身份证号码不同：${zhao18}、${zhao2nd}`,
      members: [
        member('zhaoA', '赵子涵', zhao18, '13833330001', '1990-07-01', 0),
        member('zhaoB', '赵子涵', zhao2nd, '13833330002', '1990-07-01', 0),
      ],
    },
  ];

  it('finds each planted group within the plan, explained, and none of the near-misses', async () => {
    const res = await t.call(duplicateCandidateGroups, { planId: plan.id }, { token: t.shenhe });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toEqual(planted());
  });

  it('over all the company’s plans, groups only within a plan', async () => {
    const res = await t.call(duplicateCandidateGroups, {}, { token: t.admin });
    // the statistics plan of this file forms no group either
    expect(res.data).toEqual(planted());
    expect((await t.call(duplicateCandidateGroups, { planId: otherPlan.id }, { token: t.admin })).data).toEqual([]);
  });

  it('shows a company only its own applications', async () => {
    const res = await t.call(duplicateCandidateGroups, {}, { token: t.hospital });
    expect(res.code).toBe(200);
    expect(res.data).toEqual([]);
  });

  it('refuses bad input with 400, a role without candidate reading with 403, another company’s plan with 404', async () => {
    expectError(await t.post('/api/recruitment/duplicateCandidateGroups', t.admin, { planId: 'x' }), 400, '招录计划编号必须是数字');
    expectError(await t.post('/api/recruitment/duplicateCandidateGroups', t.admin, { planId: 1.5 }), 400, '招录计划编号必须是整数');
    expectError(await t.call(duplicateCandidateGroups, {}, { token: finance }), 403, '您没有执行该操作的权限');
    expectError(await t.call(duplicateCandidateGroups, { planId: plan.id }, { token: t.hospital }), 404, NO_PLAN);
    expectError(await t.call(duplicateCandidateGroups, { planId: 999999 }, { token: t.admin }), 404, NO_PLAN);
  });
});

describe('the SQL 15 → 18 conversion', () => {
  it('agrees with identityCheckChar for numbers whose check character is X and 0–9', async () => {
    const { plan, posts } = await insertPlan(t.db, t.company2, { name: '校验位计划', posts: ['岗位'] });
    // eleven 18-digit numbers covering every check character, each with its 15-digit twin in the plan
    const found = new Set<string>();
    let seq = 1;
    while (found.size < 11) {
      const id18 = identityNo('1975-11-30', seq, '420103');
      seq++;
      const check = id18.at(-1)!;
      if (found.has(check)) continue;
      found.add(check);
      await insertApplication(t.db, { companyId: t.company2, planId: plan.id, recruitmentId: posts[0]!.id, realName: `甲${check}` }, { identityNo: id18, phone: `1390000${String(seq).padStart(4, '0')}` });
      await insertApplication(t.db, { companyId: t.company2, planId: plan.id, recruitmentId: posts[0]!.id, realName: `乙${check}` }, { identityNo: fifteen(id18), phone: `1391111${String(seq).padStart(4, '0')}` });
    }
    const res = await t.call(duplicateCandidateGroups, { planId: plan.id }, { token: t.hospital });
    const identityGroups = res.data.filter((g) => g.kind === 'identity');
    expect(identityGroups).toHaveLength(11);
    for (const g of identityGroups) expect(g.members.map((m) => m.identityNo.length).sort()).toEqual([15, 18]);
    expect(res.data.filter((g) => g.kind !== 'identity')).toEqual([]);
  });
});

describe('ordering', () => {
  it('lists the work items of a stage by their order', async () => {
    const { plan } = await insertPlan(t.db, t.company1, { name: '顺序计划', posts: ['岗位'] });
    await t.call(
      saveWorkflow,
      {
        planId: plan.id,
        stage: 1,
        items: [
          { workItem: '第一', kind: 'verify', assigneeId: t.adminId },
          { workItem: '第二', kind: 'verify', assigneeId: t.shenheId },
          { workItem: '第三', kind: 'verify', assigneeId: t.adminId },
        ],
      },
      { token: t.admin },
    );
    const res = await t.call(reviewerStatistics, { planId: plan.id, type: 1 }, { token: t.admin });
    expect(res.data.map((r) => r.workItem)).toEqual(['第一', '第二', '第三']);
    const sorts = await t.db.select({ sort: workflowItem.sort }).from(workflowItem).where(eq(workflowItem.planId, plan.id)).orderBy(asc(workflowItem.sort));
    expect(sorts.map((s) => s.sort)).toEqual([10, 20, 30]);
  });
});
