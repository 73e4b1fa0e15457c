import {
  CONFLICT_MISSING, CONFLICT_TARGET_REQUIRED, DRAW_CHIEF_DOES_NOT_SCORE, DRAW_GROUP_MISSING,
  DRAW_NOT_YOUR_GROUP, DRAW_ORDER_NO_MISSING, DRAW_POST_TAKEN, DRAW_ROOM_TAKEN, DRAW_SCORES_ENTERED,
  DRAW_STAFF_MISSING, EXAMINER_IN_DRAW, EXAMINER_MISSING, EXAMINER_STAFF_TAKEN, deleteInterviewConflict,
  deleteInterviewDrawGroup, deleteInterviewExaminer, drawImpossibleMessage, drawWarningAvoidance,
  drawInterviewExaminers, drawInterviewOrder, interviewConflictList, interviewDrawGroupDetail,
  interviewDrawGroupList, interviewDrawSheetPdf, interviewExaminerList, interviewScoreSheetPdf,
  myInterviewDrawGroup, myInterviewDrawGroups, saveInterviewConflict, saveInterviewDrawGroup,
  saveInterviewExaminer, scoreByOrderNo, scoreOverFullMarksMessage,
} from '@zhaokao/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applicationTask, examRoom, interviewConflict, interviewExaminer, interviewGroup, interviewGroupCandidate,
  interviewGroupExaminer, recruitmentInfo, staffUser,
} from '../../db/tables.js';
import { expectError, snapshotOf, staffWith, useTestApp } from '../../test/app.js';
import { insertScoredExamPlan, insertTheirExamPlan } from '../../test/exam.js';
import { insertDepartments } from '../../test/org.js';
import { issueInterviewTickets, scoresOf, statusesOf } from '../../test/scores.js';

const t = useTestApp();

let plan: Awaited<ReturnType<typeof insertScoredExamPlan>>;
let departments: [number, number, number];
let rooms: number[];
/** Examiners 1..8: id, staff token. Examiners 1–2 belong to 人事部 (会计's department), 3 to 财务部 (出纳's). */
const examiners: { id: number; token: string; staffId: number }[] = [];
let outsider: string;
const DATE = '2026-07-01';

const snapshot = snapshotOf(t, { examiners: interviewExaminer, conflicts: interviewConflict, groups: interviewGroup });
const seatsAndNumbers = async () => ({
  base: await snapshot(),
  numbers: await t.db.select().from(interviewGroupCandidate).orderBy(asc(interviewGroupCandidate.applicationId)),
  seats: await t.db.select().from(interviewGroupExaminer).orderBy(asc(interviewGroupExaminer.groupId), asc(interviewGroupExaminer.seat)),
  tasks: await t.db.select().from(applicationTask).where(inArray(applicationTask.applicationId, plan.applications.map((a) => a.id))).orderBy(asc(applicationTask.id)),
});
async function refusedUnchanged(call: () => Promise<Parameters<typeof expectError>[0]>, code: number, msg: string) {
  const before = await seatsAndNumbers();
  expectError(await call(), code, msg);
  expect(await seatsAndNumbers()).toEqual(before);
}

const applicationsOf = (post: number) => plan.applications.filter((a) => a.recruitmentId === plan.posts[post]!.id).map((a) => a.id);
let group1: number;
let group2: number;

beforeAll(async () => {
  departments = await insertDepartments(t.db, t.company1, t.company2);
  plan = await insertScoredExamPlan(t, {
    name: '面试抽签计划',
    posts: [
      { jobVacancy: '会计', places: 1, candidates: 3 },
      { jobVacancy: '出纳', places: 1, candidates: 2 },
      { jobVacancy: '司机', places: 1, candidates: 2 },
    ],
    interview: [1, 2, 3].map((n) => ({ workItem: `考官${n}评分`, kind: 'score' as const, assigneeId: t.adminId })),
  });
  await t.db.update(recruitmentInfo).set({ departmentId: departments[0] }).where(eq(recruitmentInfo.id, plan.posts[0]!.id));
  await t.db.update(recruitmentInfo).set({ departmentId: departments[1] }).where(eq(recruitmentInfo.id, plan.posts[1]!.id));
  await issueInterviewTickets(t.db, t.company1, plan.plan.id, plan.applications.map((a) => a.id));
  rooms = (
    await t.db
      .insert(examRoom)
      .values([1, 2].map((sort) => ({ companyId: t.company1, planId: plan.plan.id, stage: 3, sort, name: `面试${sort}室`, seats: 30 })))
      .returning()
  ).map((r) => r.id);
  for (let n = 1; n <= 8; n++) {
    const token = await staffWith(t, `考官角色${n}`, `kaoguan${n}`, ['score:entry']);
    const [staff] = await t.db.select().from(staffUser).where(eq(staffUser.loginAccount, `kaoguan${n}`));
    const saved = await t.call(
      saveInterviewExaminer,
      { name: `考官${n}`, departmentId: n <= 2 ? departments[0] : n === 3 ? departments[1] : null, staffUserId: staff!.id },
      { token: t.admin },
    );
    expect(saved.code).toBe(200);
    examiners.push({ id: saved.data.id, token, staffId: staff!.id });
  }
  outsider = await staffWith(t, '其他录分员', 'qitalufen', ['score:entry']);
});

describe('考官库 and 回避', () => {
  it('lists the examiners; refuses bad input, a taken account and other companies, writing nothing', async () => {
    const list = await t.call(interviewExaminerList, {}, { token: t.admin });
    expect(list.data.map((e) => e.name)).toEqual(['考官1', '考官2', '考官3', '考官4', '考官5', '考官6', '考官7', '考官8']);
    expect(list.data[0]).toMatchObject({ departmentName: '人事部', canScore: true, enabled: true, conflictCount: 0 });
    await refusedUnchanged(() => t.call(saveInterviewExaminer, { name: '  ' }, { token: t.admin }), 400, '请输入考官姓名');
    await refusedUnchanged(() => t.post('/api/recruitment/interviewDraw/examiner/save', t.admin, { name: '甲', departmentId: 'x' }), 400, '招录部门编号必须是数字');
    await refusedUnchanged(() => t.call(saveInterviewExaminer, { name: '甲', staffUserId: t.hospitalId }, { token: t.admin }), 400, DRAW_STAFF_MISSING);
    await refusedUnchanged(() => t.call(saveInterviewExaminer, { name: '甲', staffUserId: examiners[0]!.staffId }, { token: t.admin }), 409, EXAMINER_STAFF_TAKEN);
    await refusedUnchanged(() => t.call(saveInterviewExaminer, { id: examiners[0]!.id, name: '改名' }, { token: t.hospital }), 404, EXAMINER_MISSING);
    await refusedUnchanged(() => t.call(deleteInterviewExaminer, { id: examiners[0]!.id }, { token: t.hospital }), 404, EXAMINER_MISSING);
    expect((await t.call(interviewExaminerList, {}, { token: t.hospital })).data).toEqual([]);
    expect((await t.call(interviewExaminerList, {}, { token: outsider })).status).toBe(403);
  });

  it('declares conflicts with a post or a candidate (one of the two)', async () => {
    await refusedUnchanged(() => t.call(saveInterviewConflict, { examinerId: examiners[3]!.id, reason: '亲属' }, { token: t.admin }), 400, CONFLICT_TARGET_REQUIRED);
    const post = await t.call(saveInterviewConflict, { examinerId: examiners[3]!.id, recruitmentId: plan.posts[2]!.id, reason: '曾在该岗位任职' }, { token: t.admin });
    expect(post.code).toBe(200);
    const one = await t.call(saveInterviewConflict, { examinerId: examiners[4]!.id, applicationId: applicationsOf(0)[0]!, reason: '近亲属' }, { token: t.admin });
    expect(one.code).toBe(200);
    const list = await t.call(interviewConflictList, { planId: plan.plan.id }, { token: t.admin });
    expect(list.data.map((c) => [c.examinerName, c.kind, c.jobVacancy])).toEqual([
      ['考官4', 'post', '司机'],
      ['考官5', 'application', '会计'],
    ]);
    expect((await t.call(interviewConflictList, { planId: plan.plan.id }, { token: t.hospital })).status).toBe(404);
  });
});

describe('groups and draws', () => {
  it('saves groups: a post in one group, a room once a day, another company 404', async () => {
    const g1 = await t.call(saveInterviewDrawGroup, { planId: plan.plan.id, roomId: rooms[0]!, date: DATE, recruitmentIds: [plan.posts[0]!.id, plan.posts[1]!.id] }, { token: t.admin });
    expect(g1.code).toBe(200);
    group1 = g1.data.id;
    await refusedUnchanged(
      () => t.call(saveInterviewDrawGroup, { planId: plan.plan.id, roomId: rooms[1]!, date: DATE, recruitmentIds: [plan.posts[1]!.id] }, { token: t.admin }),
      409,
      DRAW_POST_TAKEN('出纳'),
    );
    await refusedUnchanged(
      () => t.call(saveInterviewDrawGroup, { planId: plan.plan.id, roomId: rooms[0]!, date: DATE, recruitmentIds: [plan.posts[2]!.id] }, { token: t.admin }),
      409,
      DRAW_ROOM_TAKEN,
    );
    await refusedUnchanged(
      () => t.call(saveInterviewDrawGroup, { planId: plan.plan.id, roomId: rooms[1]!, date: '2026-02-30', recruitmentIds: [plan.posts[2]!.id] }, { token: t.admin }),
      400,
      '面试日期不正确',
    );
    const g2 = await t.call(saveInterviewDrawGroup, { planId: plan.plan.id, roomId: rooms[1]!, date: DATE, recruitmentIds: [plan.posts[2]!.id] }, { token: t.admin });
    group2 = g2.data.id;
    const list = await t.call(interviewDrawGroupList, { planId: plan.plan.id }, { token: t.admin });
    expect(list.data.groups.map((g) => [g.roomName, g.posts.map((p) => p.jobVacancy)])).toEqual([
      ['面试1室', ['会计', '出纳']],
      ['面试2室', ['司机']],
    ]);
    expect(list.data.unassignedPosts).toEqual([]);
    expect(list.data.scoreItems.map((i) => i.workItem)).toEqual(['考官1评分', '考官2评分', '考官3评分']);
    await refusedUnchanged(() => t.call(interviewDrawGroupDetail, { id: group1 }, { token: t.hospital }), 404, DRAW_GROUP_MISSING);
    await refusedUnchanged(() => t.call(drawInterviewOrder, { id: group1 }, { token: t.hospital }), 404, DRAW_GROUP_MISSING);
  });

  it('draws order numbers 1..n from a recorded seed; the same seed gives the same numbers', async () => {
    const numbers = async () =>
      (await t.db.select().from(interviewGroupCandidate).where(eq(interviewGroupCandidate.groupId, group1))).map((c) => [c.applicationId, c.orderNo]).sort();
    const first = await t.call(drawInterviewOrder, { id: group1, seed: 20260701 }, { token: t.admin });
    expect(first.data).toEqual({ seed: 20260701, candidates: 5 });
    const once = await numbers();
    expect(once.map(([, n]) => n).sort()).toEqual([1, 2, 3, 4, 5]);
    await t.call(drawInterviewOrder, { id: group1, seed: 1 }, { token: t.admin });
    await t.call(drawInterviewOrder, { id: group1, seed: 20260701 }, { token: t.admin });
    expect(await numbers()).toEqual(once);
    const unseeded = await t.call(drawInterviewOrder, { id: group2 }, { token: t.admin });
    expect(unseeded.data.candidates).toBe(2);
    const [row] = await t.db.select().from(interviewGroup).where(eq(interviewGroup.id, group2));
    expect(row!.orderSeed).toBe(unseeded.data.seed);
  });

  it('draws examiners respecting 回避, the same seed giving the same seats; no assignment: 409, nothing written', async () => {
    const seats = async () =>
      (await t.db.select().from(interviewGroupExaminer).orderBy(asc(interviewGroupExaminer.groupId), asc(interviewGroupExaminer.seat))).map((s) => [
        s.groupId,
        s.seat,
        s.examinerId,
      ]);
    const drawn = await t.call(drawInterviewExaminers, { planId: plan.plan.id, date: DATE, seed: 99 }, { token: t.admin });
    expect(drawn.data).toEqual({ seed: 99, groups: 2 });
    const once = await seats();
    expect(once).toHaveLength(8);
    expect(new Set(once.map(([, , e]) => e)).size).toBe(8);
    const seatOf = (examiner: number) => once.find(([, , e]) => e === examiners[examiner]!.id)!;
    // 考官1–3 belong to the departments of 会计 and 出纳: none presides over group 1
    for (const n of [0, 1, 2]) expect(seatOf(n)[0] === group1 && seatOf(n)[1] === 0).toBe(false);
    expect(seatOf(3)[0]).not.toBe(group2); // 考官4 avoids 司机
    expect(seatOf(4)[0]).not.toBe(group1); // 考官5 avoids a 会计 candidate
    await t.call(drawInterviewExaminers, { planId: plan.plan.id, date: DATE, seed: 5 }, { token: t.admin });
    await t.call(drawInterviewExaminers, { planId: plan.plan.id, date: DATE, seed: 99 }, { token: t.admin });
    expect(await seats()).toEqual(once);

    // with 考官8 disabled, 7 examiners cannot fill 8 seats
    await t.call(saveInterviewExaminer, { id: examiners[7]!.id, name: '考官8', staffUserId: examiners[7]!.staffId, enabled: false }, { token: t.admin });
    await refusedUnchanged(() => t.call(drawInterviewExaminers, { planId: plan.plan.id, date: DATE, seed: 3 }, { token: t.admin }), 409, drawImpossibleMessage(8, 7));
    await t.call(saveInterviewExaminer, { id: examiners[7]!.id, name: '考官8', staffUserId: examiners[7]!.staffId, enabled: true }, { token: t.admin });
  });
});

const seatTokens = async (group: number) => {
  const rows = await t.db.select().from(interviewGroupExaminer).where(eq(interviewGroupExaminer.groupId, group)).orderBy(asc(interviewGroupExaminer.seat));
  return rows.map((r) => examiners.find((e) => e.id === r.examinerId)!.token);
};

describe('scoring by order number', () => {

  it('shows the examiner numbers only; only the group’s drawn scoring examiners may score', async () => {
    const [chief, first] = await seatTokens(group1);
    const mine = await t.call(myInterviewDrawGroups, {}, { token: first });
    expect(mine.data.map((g) => [g.groupId, g.seat, g.chief])).toEqual([[group1, 1, false]]);
    const detail = await t.call(myInterviewDrawGroup, { groupId: group1 }, { token: first });
    expect(detail.data.candidates.map((c) => c.orderNo)).toEqual([1, 2, 3, 4, 5]);
    expect(Object.keys(detail.data.candidates[0]!).sort()).toEqual(['absent', 'jobVacancy', 'locked', 'myScore', 'orderNo']);
    expect(JSON.stringify(detail.data)).not.toMatch(/考生|T3-/);
    await refusedUnchanged(() => t.call(scoreByOrderNo, { groupId: group1, orderNo: 1, score: '80' }, { token: outsider }), 403, DRAW_NOT_YOUR_GROUP);
    await refusedUnchanged(() => t.call(scoreByOrderNo, { groupId: group1, orderNo: 1, score: '80' }, { token: chief }), 403, DRAW_CHIEF_DOES_NOT_SCORE);
    await refusedUnchanged(() => t.call(scoreByOrderNo, { groupId: group1, orderNo: 1, score: '80' }, { token: t.hospital }), 404, DRAW_GROUP_MISSING);
    await refusedUnchanged(() => t.call(myInterviewDrawGroup, { groupId: group1 }, { token: t.hospital }), 404, DRAW_GROUP_MISSING);
    // an examiner does not see the other seats' scores before giving their own: the staff views and the score sheet are not theirs
    expect((await t.call(interviewDrawGroupDetail, { id: group1 }, { token: first })).status).toBe(403);
    expect((await t.get(`/api${interviewScoreSheetPdf.path.replace(':id', String(group1))}`, first)).statusCode).toBe(403);
    await refusedUnchanged(() => t.call(scoreByOrderNo, { groupId: group1, orderNo: 9, score: '80' }, { token: first }), 404, DRAW_ORDER_NO_MISSING);
    await refusedUnchanged(() => t.call(scoreByOrderNo, { groupId: group1, orderNo: 1, score: '100.5' }, { token: first }), 400, scoreOverFullMarksMessage('100.00'));
    await refusedUnchanged(() => t.call(scoreByOrderNo, { groupId: group1, orderNo: 1, score: 'abc' }, { token: first }), 400, '成绩须为不小于 0 的数字，最多两位小数');
  });

  it('feeds the panel rule: the last seat sets the interview score and moves 31 → 32; draws are fixed after the first score', async () => {
    const [, s1, s2, s3] = await seatTokens(group1);
    const applicationId = (await t.db.select().from(interviewGroupCandidate).where(eq(interviewGroupCandidate.groupId, group1))).find((c) => c.orderNo === 1)!
      .applicationId;
    expect((await t.call(scoreByOrderNo, { groupId: group1, orderNo: 1, score: '80' }, { token: s1! })).data).toEqual({ orderNo: 1, score: '80.00', complete: false });
    await refusedUnchanged(() => t.call(drawInterviewOrder, { id: group1 }, { token: t.admin }), 409, DRAW_SCORES_ENTERED);
    await refusedUnchanged(() => t.call(drawInterviewExaminers, { planId: plan.plan.id, date: DATE }, { token: t.admin }), 409, DRAW_SCORES_ENTERED);
    await t.call(scoreByOrderNo, { groupId: group1, orderNo: 1, score: '90' }, { token: s2! });
    expect(await statusesOf(t.db, [applicationId])).toEqual([31]);
    const last = await t.call(scoreByOrderNo, { groupId: group1, orderNo: 1, score: '85.5' }, { token: s3! });
    expect(last.data.complete).toBe(true);
    expect(await statusesOf(t.db, [applicationId])).toEqual([32]);
    expect((await scoresOf(t.db, [applicationId]))[0]!.interview).toBe('85.17');
    const mine = await t.call(myInterviewDrawGroup, { groupId: group1 }, { token: s3! });
    expect(mine.data.candidates[0]!.myScore).toBe('85.50');
  });

  it('staff see numbers and seat scores; names only once every candidate of the group is scored', async () => {
    const hidden = await t.call(interviewDrawGroupDetail, { id: group1 }, { token: t.admin });
    expect(hidden.data.group.revealed).toBe(false);
    expect(hidden.data.candidates[0]).toMatchObject({ orderNo: 1, interviewScore: '85.17', complete: true, realName: null, ticketCode: null, applicationId: null });
    expect(hidden.data.candidates[0]!.seatScores).toEqual([
      { seat: 1, score: '80.00' },
      { seat: 2, score: '90.00' },
      { seat: 3, score: '85.50' },
    ]);
    expect(hidden.data.candidates.every((c) => c.realName === null)).toBe(true);
    const [, ...scorers] = await seatTokens(group1);
    for (const orderNo of [2, 3, 4, 5]) {
      for (const token of scorers) expect((await t.call(scoreByOrderNo, { groupId: group1, orderNo, score: String(70 + orderNo) }, { token })).code).toBe(200);
    }
    const shown = await t.call(interviewDrawGroupDetail, { id: group1 }, { token: t.admin });
    expect(shown.data.group.revealed).toBe(true);
    expect(shown.data.candidates.every((c) => c.realName?.startsWith('考生') && c.ticketCode?.startsWith('T3-'))).toBe(true);
  });

  it('prints the draw sheet and the score sheet as PDF', async () => {
    for (const ep of [interviewDrawSheetPdf, interviewScoreSheetPdf]) {
      const res = await t.get(`/api${ep.path.replace(':id', String(group1))}`, t.admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expectError(await t.get(`/api${interviewDrawSheetPdf.path.replace(':id', String(group1))}`, t.hospital), 404, DRAW_GROUP_MISSING);
  });
});

describe('after the draws', () => {
  it('a conflict declared after the examiner draw shows as a warning on the group', async () => {
    const [, seat1] = await t.db.select().from(interviewGroupExaminer).where(eq(interviewGroupExaminer.groupId, group2)).orderBy(asc(interviewGroupExaminer.seat));
    const examiner = examiners.findIndex((e) => e.id === seat1!.examinerId);
    await t.call(saveInterviewConflict, { examinerId: seat1!.examinerId, recruitmentId: plan.posts[2]!.id, reason: '后来发现的亲属关系' }, { token: t.admin });
    const list = await t.call(interviewDrawGroupList, { planId: plan.plan.id }, { token: t.admin });
    expect(list.data.groups.find((g) => g.id === group2)!.warnings).toEqual([drawWarningAvoidance(`考官${examiner + 1}`)]);
    expect(list.data.groups.find((g) => g.id === group1)!.warnings).toEqual([]);
  });
});

describe('deleting', () => {
  it('a conflict: gone from the list; another company’s or a deleted one 404, nothing changed', async () => {
    const before = await t.call(interviewConflictList, { planId: plan.plan.id }, { token: t.admin });
    const postConflict = before.data.find((c) => c.examinerName === '考官4' && c.kind === 'post')!;
    await refusedUnchanged(() => t.call(deleteInterviewConflict, { id: postConflict.id }, { token: t.hospital }), 404, CONFLICT_MISSING);
    expect((await t.call(deleteInterviewConflict, { id: postConflict.id }, { token: t.admin })).code).toBe(200);
    const after = await t.call(interviewConflictList, { planId: plan.plan.id }, { token: t.admin });
    expect(after.data.map((c) => c.id)).toEqual(before.data.map((c) => c.id).filter((id) => id !== postConflict.id));
    await refusedUnchanged(() => t.call(deleteInterviewConflict, { id: postConflict.id }, { token: t.admin }), 404, CONFLICT_MISSING);
  });

  it('a group: refused once scores are in; one without scores goes with its draws, and its post is unassigned again', async () => {
    await refusedUnchanged(() => t.call(deleteInterviewDrawGroup, { id: group1 }, { token: t.admin }), 409, DRAW_SCORES_ENTERED);
    await refusedUnchanged(() => t.call(deleteInterviewDrawGroup, { id: group2 }, { token: t.hospital }), 404, DRAW_GROUP_MISSING);
    expect((await t.db.select().from(interviewGroupCandidate).where(eq(interviewGroupCandidate.groupId, group2))).length).toBe(2);
    expect((await t.call(deleteInterviewDrawGroup, { id: group2 }, { token: t.admin })).code).toBe(200);
    expect(await t.db.select().from(interviewGroupCandidate).where(eq(interviewGroupCandidate.groupId, group2))).toEqual([]);
    expect(await t.db.select().from(interviewGroupExaminer).where(eq(interviewGroupExaminer.groupId, group2))).toEqual([]);
    const list = await t.call(interviewDrawGroupList, { planId: plan.plan.id }, { token: t.admin });
    expect(list.data.groups.map((g) => g.id)).toEqual([group1]);
    expect(list.data.unassignedPosts.map((p) => p.jobVacancy)).toEqual(['司机']);
  });

  it('an examiner never drawn goes with their conflicts; one drawn into a group is refused', async () => {
    const added = await t.call(saveInterviewExaminer, { name: '临时考官' }, { token: t.admin });
    const id = added.data.id;
    await t.call(saveInterviewConflict, { examinerId: id, recruitmentId: plan.posts[0]!.id, reason: '亲属' }, { token: t.admin });
    const [drawnSeat] = await t.db.select().from(interviewGroupExaminer).where(eq(interviewGroupExaminer.groupId, group1));
    await refusedUnchanged(() => t.call(deleteInterviewExaminer, { id: drawnSeat!.examinerId }, { token: t.admin }), 409, EXAMINER_IN_DRAW);
    expect((await t.call(deleteInterviewExaminer, { id }, { token: t.admin })).code).toBe(200);
    expect(await t.db.select().from(interviewExaminer).where(eq(interviewExaminer.id, id))).toEqual([]);
    expect(await t.db.select().from(interviewConflict).where(eq(interviewConflict.examinerId, id))).toEqual([]);
    await refusedUnchanged(() => t.call(deleteInterviewExaminer, { id }, { token: t.admin }), 404, EXAMINER_MISSING);
  });
});

describe('another company', () => {
  it('cannot reach this company’s groups or plan, and sees none of its own', async () => {
    await insertTheirExamPlan(t);
    expectError(await t.call(interviewDrawGroupList, { planId: plan.plan.id }, { token: t.hospital }), 404, '招录计划不存在');
    expectError(await t.call(drawInterviewExaminers, { planId: plan.plan.id, date: DATE }, { token: t.hospital }), 404, '招录计划不存在');
    expect((await t.call(myInterviewDrawGroups, {}, { token: t.hospital })).data).toEqual([]);
  });
});
