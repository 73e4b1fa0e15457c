// runs on PostgreSQL too: tickets issued by calls at once
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  APPLICATION_STATUS as S, EXAM_END_TIME_EARLY, admissionTicketPage, assignSeats, batchUpdateAdmissionTicket,
  downloadPrintJob, examSessionDetail, printJobStatus, saveExamSession, startPrintJob, toChinaDateTime,
  verifyAdmissionTicket,
} from '@zhaokao/contracts';
import { PDFiumLibrary } from '@hyzyla/pdfium';
import { and, asc, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, applicationStage, candidateApplication, examRoom, examSession, recruitmentInfo, recruitmentPlan } from '../../../db/tables.js';
import { atOnce, expectError, expectOthersNotFound, snapshotOf, useTestApp, staffWith } from '../../../test/app.js';
import { insertExamPlan, insertResume, insertScoredExamPlan, insertTheirExamPlan } from '../../../test/exam.js';
import { moveApplication } from '../../../test/moves.js';
import { maskIdentityNo, maskName } from '../../../shared/masks.js';
import { encodeRfc8187 } from '../../../shared/route.js';

const t = useTestApp();

let plan: Awaited<ReturnType<typeof insertExamPlan>>;
let theirs: Awaited<ReturnType<typeof insertExamPlan>>;
/** Holds review:written only. */
let writer: string;

const planId = () => plan.plan.id;
const rooms12 = [
  { name: '第一考场', seats: 12 },
  { name: '第二考场', seats: 12 },
  { name: '第三考场', seats: 12 },
];
const stageRows = () =>
  t.db
    .select()
    .from(applicationStage)
    .where(and(eq(applicationStage.planId, planId()), eq(applicationStage.stage, 2)))
    .orderBy(asc(applicationStage.applicationId));
const snapshot = snapshotOf(t, { applications: candidateApplication, rooms: examRoom, sessions: examSession, history: applicationHistory });

beforeAll(async () => {
  writer = await staffWith(t, '笔试考务', 'qiankaowu', ['review:written'], '13511117777');
  plan = await insertScoredExamPlan(t, {
    name: '准考证测试计划',
    posts: ['会计', '出纳', '文秘'].map((jobVacancy) => ({ jobVacancy, places: 2, candidates: 10 })),
    interview: [{ workItem: '面试评分', kind: 'score', assigneeId: t.adminId }],
  });
  theirs = await insertTheirExamPlan(t, 2);
  // A photo: any PNG will do (a QR code is one).
  const photo = await QRCode.toBuffer('证件照', { type: 'png', width: 120 });
  const key = `${t.company1}/202611/ticket-photo.png`;
  await t.app.deps.storage.put(key, photo);
  const first = plan.applications[0]!;
  await insertResume(t.db, t.company1, first, { sex: '2', birthday: '1998-05-20', phone: '13900000000', certificateImage: `/api/files/${key}` });
});

describe('准考证设置 (examSessionDetail, saveExamSession)', () => {
  it('answers the defaults before anything is saved', async () => {
    const res = await t.call(examSessionDetail, { planId: planId(), type: 2 }, { token: t.admin });
    expect(res.data).toMatchObject({
      planId: planId(),
      type: 2,
      planName: '准考证测试计划',
      codePattern: '{year}{plan}{stage}{room}{seat}',
      notes: '',
      seed: null,
      rooms: [],
      unseated: 30,
      seatedNotIssued: 0,
      issued: 0,
    });
    expect(res.data.examTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('refuses bad input, other companies and a stage without its permission', async () => {
    expectError(await t.post('/api/recruitment/admissionTicket/setting', t.admin, { planId: 'abc', type: 2 }), 400, '招录计划编号必须是数字');
    expectError(await t.post('/api/recruitment/admissionTicket/setting', t.admin, { planId: planId(), type: 4 }), 400, '考试阶段不正确');
    await expectOthersNotFound(t, (token, id) => t.call(examSessionDetail, { planId: id, type: 2 }, { token }), { mine: planId(), theirs: theirs.plan.id }, '招录计划不存在');
    expect((await t.call(examSessionDetail, { planId: planId(), type: 2 }, { token: writer })).code).toBe(200);
    expectError(await t.call(examSessionDetail, { planId: planId(), type: 3 }, { token: writer }), 403, '您没有执行该操作的权限');
    for (const [payload, msg] of [
      [{ rooms: [] }, '请至少添加一个考场'],
      [{ rooms: [rooms12[0], rooms12[0]] }, '考场名称不能重复'],
      [{ rooms: [{ name: '甲', seats: 201 }] }, '每个考场最多 200 个座位'],
      [{ rooms: rooms12, codePattern: 'ZK{room}' }, '准考证号规则须包含 {room} 和 {seat}'],
      [{ rooms: rooms12, notes: 'x'.repeat(1001) }, '考生须知最长 1000 个字'],
    ] as const) {
      expectError(await t.post('/api/recruitment/admissionTicket/saveSetting', t.admin, { planId: planId(), type: 2, ...payload }), 400, msg);
    }
    await expectOthersNotFound(
      t,
      (token, id) => t.call(saveExamSession, { planId: id, type: 2, rooms: rooms12 }, { token }),
      { mine: planId(), theirs: theirs.plan.id },
      '招录计划不存在',
      snapshot,
    );
    expectError(await t.call(saveExamSession, { planId: planId(), type: 3, rooms: rooms12 }, { token: writer }), 403, '您没有执行该操作的权限');
  });

  it('saves the pattern, notes and rooms, numbering new rooms after the others', async () => {
    const res = await t.call(saveExamSession, { planId: planId(), type: 2, codePattern: 'ZK{plan}{room}{seat}', notes: '请携带身份证', rooms: rooms12.slice(0, 2) }, { token: t.admin });
    expect(res.msg).toBe('保存成功');
    expect(res.data.rooms.map((r) => [r.name, r.seats])).toEqual([['第一考场', 12], ['第二考场', 12]]);
    const [one, two] = res.data.rooms;
    // Renaming two rooms into each other's names, and adding a third.
    const again = await t.call(
      saveExamSession,
      { planId: planId(), type: 2, codePattern: 'ZK{plan}{room}{seat}', notes: '请携带身份证', rooms: [{ id: one!.id, name: '第二考场', seats: 12 }, { id: two!.id, name: '第一考场', seats: 12 }, rooms12[2]!] },
      { token: t.admin },
    );
    expect(again.data.rooms.map((r) => r.name)).toEqual(['第二考场', '第一考场', '第三考场']);
    const stored = await t.db.select().from(examRoom).where(eq(examRoom.planId, planId())).orderBy(asc(examRoom.sort));
    expect(stored.map((r) => r.sort)).toEqual([1, 2, 3]);
    // Another company's room id is not one of the plan's rooms.
    const [theirRoom] = await t.db.insert(examRoom).values({ companyId: t.company2, planId: theirs.plan.id, stage: 2, sort: 1, name: '医院考场', seats: 10 }).returning();
    expectError(await t.call(saveExamSession, { planId: planId(), type: 2, rooms: [{ id: theirRoom!.id, name: '甲', seats: 3 }] }, { token: t.admin }), 404, '考场不存在');
    // Back to the plain order for the seating tests.
    const back = await t.call(saveExamSession, { planId: planId(), type: 2, rooms: rooms12.map((r, i) => ({ ...r, id: stored[i]!.id })) }, { token: t.admin });
    expect(back.data).toMatchObject({ codePattern: '{year}{plan}{stage}{room}{seat}', notes: '' });
  });
});

describe('assignSeats', () => {
  it('refuses when the rooms have too few seats', async () => {
    const [room] = await t.db.insert(examRoom).values({ companyId: t.company1, planId: planId(), stage: 3, sort: 1, name: '小考场', seats: 2 }).returning();
    await moveApplication(t.db, { id: plan.applications[29]!.id, companyId: t.company1, planId: planId() }, S.awaitingInterview, t.adminId);
    await moveApplication(t.db, { id: plan.applications[28]!.id, companyId: t.company1, planId: planId() }, S.awaitingInterview, t.adminId);
    await moveApplication(t.db, { id: plan.applications[27]!.id, companyId: t.company1, planId: planId() }, S.awaitingInterview, t.adminId);
    expectError(await t.call(assignSeats, { planId: planId(), type: 3 }, { token: t.admin }), 409, '考场座位不足：需要 3 个座位，现有 2 个');
    expectError(await t.call(assignSeats, { planId: planId(), type: 3 }, { token: writer }), 403, '您没有执行该操作的权限');
    await t.db.update(examRoom).set({ seats: 3 }).where(eq(examRoom.id, room!.id));
    const res = await t.call(assignSeats, { planId: planId(), type: 3, seed: 5 }, { token: t.admin });
    expect(res.data).toMatchObject({ seed: 5, seated: 3 });
  });

  it('refuses bad input and other companies', async () => {
    expectError(await t.post('/api/recruitment/admissionTicket/assignSeats', t.admin, { planId: planId(), type: 2, seed: -1 }), 400, '随机种子不能为负数');
    expectError(await t.post('/api/recruitment/admissionTicket/assignSeats', t.admin, { planId: planId(), type: 2, seed: 'x' }), 400, '随机种子必须是数字');
    await expectOthersNotFound(t, (token, id) => t.call(assignSeats, { planId: id, type: 2 }, { token }), { mine: planId(), theirs: theirs.plan.id }, '招录计划不存在', snapshot);
  });

  it('seats the same way for the same seed, with no neighbours of one post', async () => {
    const first = await t.call(assignSeats, { planId: planId(), type: 2, seed: 42 }, { token: t.admin });
    expect(first.data).toEqual({ seed: 42, seated: 27, sameNeighbours: 0 });
    const seating = (await stageRows()).map((r) => [r.applicationId, r.roomId, r.seat, r.ticketCode]);
    expect(seating).toHaveLength(27);
    const other = await t.call(assignSeats, { planId: planId(), type: 2, seed: 43 }, { token: t.admin });
    expect(other.data.seed).toBe(43);
    expect((await stageRows()).map((r) => [r.applicationId, r.roomId, r.seat, r.ticketCode])).not.toEqual(seating);
    await t.call(assignSeats, { planId: planId(), type: 2, seed: 42 }, { token: t.admin });
    const rows = await stageRows();
    expect(rows.map((r) => [r.applicationId, r.roomId, r.seat, r.ticketCode])).toEqual(seating);
    // Rooms in order: 12 + 12 + 3; codes from the pattern; not issued yet.
    const rooms = await t.db.select().from(examRoom).where(and(eq(examRoom.planId, planId()), eq(examRoom.stage, 2))).orderBy(asc(examRoom.sort));
    expect(rooms.map((room) => rows.filter((r) => r.roomId === room.id).length)).toEqual([12, 12, 3]);
    const year = new Date(plan.plan.writtenStartDate.getTime() + 8 * 3600_000).getUTCFullYear();
    const seatOne = rows.find((r) => r.roomId === rooms[1]!.id && r.seat === 1)!;
    expect(seatOne.ticketCode).toBe(`${year}${String(planId()).padStart(3, '0')}200201`);
    expect(rows.every((r) => r.issuedAt === null && r.verifyToken === null)).toBe(true);
    const post = new Map(plan.applications.map((a) => [a.id, a.recruitmentId]));
    for (const r of rows) {
      const next = rows.find((n) => n.roomId === r.roomId && n.seat === r.seat! + 1);
      if (next) expect(post.get(next.applicationId)).not.toBe(post.get(r.applicationId));
    }
    const view = await t.call(examSessionDetail, { planId: planId(), type: 2 }, { token: t.admin });
    expect(view.data).toMatchObject({ seed: 42, unseated: 0, seatedNotIssued: 27, issued: 0 });
    expect(view.data.rooms.map((r) => r.seated)).toEqual([12, 12, 3]);
  });

  it('counts same-post neighbours that cannot be avoided', async () => {
    const one = await insertScoredExamPlan(t, { name: '单岗位计划', posts: [{ jobVacancy: '司机', places: 1, candidates: 5 }] });
    await t.call(saveExamSession, { planId: one.plan.id, type: 2, rooms: [{ name: '甲', seats: 3 }, { name: '乙', seats: 3 }] }, { token: t.admin });
    const res = await t.call(assignSeats, { planId: one.plan.id, type: 2, seed: 1 }, { token: t.admin });
    expect(res.data).toEqual({ seed: 1, seated: 5, sameNeighbours: 3 });
    const drawn = await t.call(assignSeats, { planId: one.plan.id, type: 2 }, { token: t.admin });
    expect(drawn.data.seed).toBeGreaterThanOrEqual(0);
    expect((await t.call(examSessionDetail, { planId: one.plan.id, type: 2 }, { token: t.admin })).data.seed).toBe(drawn.data.seed);
  });
});

describe('admissionTicketPage', () => {
  it('lists the stage’s applications by room and seat, with filters', async () => {
    const all = await t.call(admissionTicketPage, { planId: planId(), type: 2, pageSize: 50 }, { token: t.admin });
    expect(all.data.total).toBe(27);
    expect(all.data.list[0]).toMatchObject({ roomName: '第一考场', seat: 1, issuedAt: null, status: S.awaitingWritten });
    const room = all.data.list[20]!.roomId!;
    const inRoom = await t.call(admissionTicketPage, { planId: planId(), type: 2, roomId: room, pageSize: 50 }, { token: t.admin });
    expect(inRoom.data.total).toBe(12);
    const byCode = await t.call(admissionTicketPage, { planId: planId(), type: 2, keyword: all.data.list[3]!.ticketCode! }, { token: t.admin });
    expect(byCode.data.list.map((r) => r.applicationId)).toEqual([all.data.list[3]!.applicationId]);
    const post = await t.call(admissionTicketPage, { planId: planId(), type: 2, recruitmentId: plan.posts[0]!.id, ticket: 'seated' }, { token: t.admin });
    expect(post.data.total).toBe(10);
    expect((await t.call(admissionTicketPage, { planId: planId(), type: 2, ticket: 'unseated' }, { token: t.admin })).data.total).toBe(0);
    expect((await t.call(admissionTicketPage, { planId: planId(), type: 2, ticket: 'issued' }, { token: t.admin })).data.total).toBe(0);
  });

  it('refuses bad input, other companies’ plans, posts and rooms', async () => {
    expectError(await t.post('/api/recruitment/admissionTicketPage', t.admin, { planId: planId(), type: 2, ticket: 'lost' }), 400, '准考证状态不正确');
    await expectOthersNotFound(t, (token, id) => t.call(admissionTicketPage, { planId: id, type: 2 }, { token }), { mine: planId(), theirs: theirs.plan.id }, '招录计划不存在');
    expectError(await t.call(admissionTicketPage, { planId: planId(), type: 2, recruitmentId: theirs.posts[0]!.id }, { token: t.admin }), 404, '岗位不存在');
    const [theirRoom] = await t.db.select().from(examRoom).where(eq(examRoom.companyId, t.company2));
    expectError(await t.call(admissionTicketPage, { planId: planId(), type: 2, roomId: theirRoom!.id }, { token: t.admin }), 404, '考场不存在');
    expectError(await t.call(admissionTicketPage, { planId: planId(), type: 3 }, { token: writer }), 403, '您没有执行该操作的权限');
  });
});

describe('batchUpdateAdmissionTicket', () => {
  let issuedIds: number[];

  it('issues chosen tickets: 20 → 21 with history, a token and the code on the application', async () => {
    const rows = await stageRows();
    issuedIds = rows.filter((r) => r.seat! >= 2).slice(0, 2).map((r) => r.applicationId);
    const unseated = plan.applications[29]!.id; // moved on to the interview
    const res = await t.call(batchUpdateAdmissionTicket, { planId: planId(), type: 2, ids: [...issuedIds, unseated] }, { token: t.admin });
    expect(res.data).toEqual({ done: 2, refused: [{ id: unseated, realName: plan.applications[29]!.realName, reason: '当前报名状态不能发放准考证' }] });
    for (const id of issuedIds) {
      const [a] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, id));
      const [s] = await t.db.select().from(applicationStage).where(and(eq(applicationStage.applicationId, id), eq(applicationStage.stage, 2)));
      expect(a!.status).toBe(S.awaitingWrittenScore);
      expect(a!.admissionTicketCode).toBe(s!.ticketCode);
      expect(s!.verifyToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(s!.issuedAt).not.toBeNull();
      const history = await t.db.select().from(applicationHistory).where(and(eq(applicationHistory.applicationId, id), eq(applicationHistory.toStatus, S.awaitingWrittenScore)));
      expect(history).toMatchObject([{ fromStatus: S.awaitingWritten, actorId: t.adminId }]);
    }
    const again = await t.call(batchUpdateAdmissionTicket, { planId: planId(), type: 2, ids: issuedIds }, { token: t.admin });
    expect(again.data.done).toBe(0);
    expect(again.data.refused.map((r) => r.reason)).toEqual(['准考证已发放', '准考证已发放']);
  });

  it('refuses bad input, other companies’ plans and applications, and the stage without its permission', async () => {
    expectError(await t.post('/api/recruitment/batchUpdateAdmissionTicket', t.admin, { planId: planId(), type: 2, ids: [] }), 400, '请选择考生');
    expectError(await t.post('/api/recruitment/batchUpdateAdmissionTicket', t.admin, { planId: planId(), type: 2, ids: Array.from({ length: 1001 }, (_, i) => i + 1) }), 400, '每次最多处理 1000 人');
    await expectOthersNotFound(t, (token, id) => t.call(batchUpdateAdmissionTicket, { planId: id, type: 2 }, { token }), { mine: planId(), theirs: theirs.plan.id }, '招录计划不存在', snapshot);
    await expectRefused404(() => t.call(batchUpdateAdmissionTicket, { planId: planId(), type: 2, ids: [theirs.applications[0]!.id] }, { token: t.admin }), '报名记录不存在');
    await expectRefused404(() => t.call(batchUpdateAdmissionTicket, { planId: planId(), type: 2, recruitmentId: theirs.posts[0]!.id }, { token: t.admin }), '岗位不存在');
    expectError(await t.call(batchUpdateAdmissionTicket, { planId: planId(), type: 3 }, { token: writer }), 403, '您没有执行该操作的权限');
  });

  it('keeps rooms with issued tickets: no removal, no shrinking below them, no new pattern', async () => {
    const view = (await t.call(examSessionDetail, { planId: planId(), type: 2 }, { token: t.admin })).data;
    const [s] = await t.db.select().from(applicationStage).where(and(eq(applicationStage.applicationId, issuedIds[1]!), eq(applicationStage.stage, 2)));
    const room = view.rooms.find((r) => r.id === s!.roomId)!;
    const rooms = view.rooms.map((r) => ({ id: r.id, name: r.name, seats: r.seats }));
    const save = (input: object) => t.call(saveExamSession, { planId: planId(), type: 2, rooms, ...input }, { token: t.admin });
    expectError(await save({ rooms: rooms.filter((r) => r.id !== room.id) }), 409, `考场“${room.name}”已发放准考证，不能删除`);
    expectError(
      await save({ rooms: rooms.map((r) => (r.id === room.id ? { ...r, seats: s!.seat! - 1 } : r)) }),
      409,
      `考场“${room.name}”已发放准考证的最大座位号为 ${s!.seat}，座位数不能少于 ${s!.seat}`,
    );
    expectError(await save({ codePattern: 'A{room}{seat}' }), 409, '准考证已发放，不能修改准考证号规则');
    // Growing a room clears its un-issued seats, which then wait for seating again.
    const grown = await save({ rooms: rooms.map((r) => (r.id === room.id ? { ...r, seats: 13 } : r)) });
    expect(grown.data.unseated).toBe(room.seated - room.issued);
    const reseated = await t.call(assignSeats, { planId: planId(), type: 2, seed: 42 }, { token: t.admin });
    expect(reseated.data.seated).toBe(25);
    const after = await stageRows();
    expect(after.filter((r) => r.issuedAt !== null).map((r) => [r.applicationId, r.seat])).toHaveLength(2);
  });

  it('refuses the tickets of a cancelled post, and seats it no more', async () => {
    const other = await insertScoredExamPlan(t, {
      name: '取消岗位计划',
      posts: [
        { jobVacancy: '保安', places: 1, candidates: 2 },
        { jobVacancy: '保洁', places: 1, candidates: 1 },
      ],
    });
    await t.call(saveExamSession, { planId: other.plan.id, type: 2, rooms: [{ name: '甲', seats: 5 }] }, { token: t.admin });
    expect((await t.call(assignSeats, { planId: other.plan.id, type: 2, seed: 9 }, { token: t.admin })).data.seated).toBe(3);
    await t.db.update(recruitmentInfo).set({ cancelledAt: new Date() }).where(eq(recruitmentInfo.id, other.posts[0]!.id));
    const res = await t.call(batchUpdateAdmissionTicket, { planId: other.plan.id, type: 2, ids: other.applications.map((a) => a.id) }, { token: t.admin });
    expect(res.data.done).toBe(1);
    expect(res.data.refused.map((r) => r.reason)).toEqual(['岗位已取消', '岗位已取消']);
    expect((await t.call(assignSeats, { planId: other.plan.id, type: 2, seed: 9 }, { token: t.admin })).data.seated).toBe(0);
    expect((await t.call(examSessionDetail, { planId: other.plan.id, type: 2 }, { token: t.admin })).data).toMatchObject({ unseated: 0, seatedNotIssued: 0, issued: 1 });
  });

  it('issues each ticket once when calls come at once', async () => {
    const answers = await atOnce(4, () => t.call(batchUpdateAdmissionTicket, { planId: planId(), type: 2 }, { token: t.admin }));
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + a.data.done, 0)).toBe(25);
    const moves = await t.db.select().from(applicationHistory).where(eq(applicationHistory.toStatus, S.awaitingWrittenScore));
    // The last three went on to the interview by other moves.
    const ours = moves.filter((m) => plan.applications.slice(0, 27).some((a) => a.id === m.applicationId));
    expect(ours).toHaveLength(27);
    expect(new Set(ours.map((m) => m.applicationId)).size).toBe(27);
    const view = (await t.call(examSessionDetail, { planId: planId(), type: 2 }, { token: t.admin })).data;
    expect(view).toMatchObject({ unseated: 0, seatedNotIssued: 0, issued: 27 });
    expect((await t.call(assignSeats, { planId: planId(), type: 2 }, { token: t.admin })).data.seated).toBe(0);
  });
});

async function expectRefused404(call: () => Promise<{ status: number; code: number; msg: string; data: unknown }>, msg: string) {
  const before = await snapshot();
  expectError(await call(), 404, msg);
  expect(await snapshot()).toEqual(before);
}

async function finishedJob(jobId: string, token = t.admin) {
  for (let i = 0; i < 200; i++) {
    const res = await t.call(printJobStatus, { jobId }, { token });
    if (res.data.status !== 'running') return res.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the print job did not finish');
}

describe('print jobs', () => {
  it('makes the tickets PDF in the background, with the font, for the company only', async () => {
    const started = await t.call(startPrintJob, { planId: planId(), type: 2, kind: 'tickets' }, { token: t.admin });
    expect(started.data.jobId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const job = await finishedJob(started.data.jobId);
    expect(job).toMatchObject({ status: 'done', done: 27, total: 27, fileName: '准考证测试计划-笔试准考证.pdf', error: '' });
    const res = await t.get(job.url!, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
    expect(pdf.includes('NotoSansSC-Regular')).toBe(true);
    expect(pdf.includes('NotoSansSC-Bold')).toBe(true);
    expect(pdf.includes('/Subtype /Image')).toBe(true);
    const addresses = renderFirstPage(pdf);
    if (addresses.length > 0) {
      const tokens = (await stageRows()).map((r) => r.verifyToken);
      expect(addresses).toHaveLength(2);
      for (const address of addresses) {
        expect(address).toMatch(/^http:\/\/localhost(:80)?\/ticketVerify\?token=[A-Za-z0-9_-]{24}$/);
        expect(tokens).toContain(address.split('token=')[1]);
      }
    }

    expectError(await t.call(printJobStatus, { jobId: started.data.jobId }, { token: t.hospital }), 404, '打印任务不存在');
    expectError(await t.get(job.url!, t.hospital), 404, '打印任务不存在');
    expectError(await t.call(printJobStatus, { jobId: 'nosuchjob123' }, { token: t.admin }), 404, '打印任务不存在');
    expectError(await t.call(downloadPrintJob, { jobId: 'nosuchjob123' }, { token: t.admin }), 404, '打印任务不存在');
    expectError(await t.post('/api/recruitment/admissionTicket/printJob/a', t.admin), 400, '打印任务不存在');
  });

  it('prints door labels and sign-in sheets of one room, counting one per room', async () => {
    const [room] = await t.db.select().from(examRoom).where(and(eq(examRoom.planId, planId()), eq(examRoom.stage, 2))).orderBy(asc(examRoom.sort));
    for (const kind of ['doorLabels', 'signInSheets'] as const) {
      const started = await t.call(startPrintJob, { planId: planId(), type: 2, kind, roomId: room!.id }, { token: t.admin });
      const job = await finishedJob(started.data.jobId);
      expect(job).toMatchObject({ status: 'done', done: 1, total: 1 });
      const res = await t.get(job.url!, t.admin);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('refuses bad input, other companies and nothing to print', async () => {
    expectError(await t.post('/api/recruitment/admissionTicket/print', t.admin, { planId: planId(), type: 2, kind: 'poster' }), 400, '打印内容不正确');
    await expectOthersNotFound(t, (token, id) => t.call(startPrintJob, { planId: id, type: 2, kind: 'tickets' }, { token }), { mine: planId(), theirs: theirs.plan.id }, '招录计划不存在');
    const [theirRoom] = await t.db.select().from(examRoom).where(eq(examRoom.companyId, t.company2));
    expectError(await t.call(startPrintJob, { planId: planId(), type: 2, kind: 'tickets', roomId: theirRoom!.id }, { token: t.admin }), 404, '考场不存在');
    expectError(await t.call(startPrintJob, { planId: planId(), type: 2, kind: 'tickets', ids: [theirs.applications[0]!.id] }, { token: t.admin }), 404, '报名记录不存在');
    expectError(await t.call(startPrintJob, { planId: planId(), type: 3, kind: 'tickets' }, { token: t.admin }), 400, '没有已发放的准考证可打印');
    expectError(await t.call(startPrintJob, { planId: planId(), type: 3, kind: 'tickets' }, { token: writer }), 403, '您没有执行该操作的权限');
  });
});

/** The path of a command-line tool when the machine has it. */
const tool = (name: string) => [`/usr/bin/${name}`, `/usr/local/bin/${name}`].find((p) => existsSync(p));

/**
 * With poppler's pdftoppm on the machine, page 1 must render to a PNG; with zbar's zbarimg too, its QR codes must
 * read as verification addresses. Answers the addresses read (none when the tools are missing).
 */
function renderFirstPage(pdf: Buffer): string[] {
  const pdftoppm = tool('pdftoppm');
  if (!pdftoppm) return [];
  const dir = mkdtempSync(path.join(tmpdir(), 'ticket-pdf-'));
  try {
    writeFileSync(path.join(dir, 'tickets.pdf'), pdf);
    execFileSync(pdftoppm, ['-r', '150', '-png', '-f', '1', '-l', '1', path.join(dir, 'tickets.pdf'), path.join(dir, 'page')]);
    const pages = readdirSync(dir).filter((f) => f.endsWith('.png'));
    expect(pages).toHaveLength(1);
    const zbarimg = tool('zbarimg');
    if (!zbarimg) return [];
    const read = execFileSync(zbarimg, ['-q', '--raw', path.join(dir, pages[0]!)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return read.split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every page's text as PDFium reads it, and with `render` the pages as PNG (at 2× the PDF's size). With
 * PDF_PNG_DIR set, every page is rendered and written there as <name>-<page>.png, to be looked at.
 */
async function readPdf(pdf: Buffer, name: string, render = false) {
  const dir = process.env.PDF_PNG_DIR;
  const library = await PDFiumLibrary.init();
  try {
    const document = await library.loadDocument(pdf);
    const texts: string[] = [];
    const pngs: Buffer[] = [];
    for (const page of document.pages()) {
      texts.push(page.getText());
      if (!render && !dir) continue;
      const image = await page.render({
        scale: 2,
        render: async ({ width, height, data }) => {
          const png = new PNG({ width, height });
          for (let i = 0; i < data.length; i += 4) {
            // PDFium answers BGRA.
            png.data[i] = data[i + 2]!;
            png.data[i + 1] = data[i + 1]!;
            png.data[i + 2] = data[i]!;
            png.data[i + 3] = data[i + 3]!;
          }
          return PNG.sync.write(png);
        },
      });
      pngs.push(Buffer.from(image.data));
    }
    document.destroy();
    if (dir) {
      mkdirSync(dir, { recursive: true });
      pngs.forEach((png, i) => writeFileSync(path.join(dir, `${name}-${i + 1}.png`), png));
    }
    return { texts, pngs };
  } finally {
    library.destroy();
  }
}

/** PDFium breaks wrapped lines; the words are compared without the breaks. */
const joined = (text: string) => text.replace(/\s+/g, '');

describe('printed documents with a long plan name', () => {
  const LONG_NAME = '2026年度湘江新区人民医院及下属各社区卫生服务中心公开招聘编外合同制专业技术人员和行政后勤保障工作人员计划（第二批次）';
  const LONG_POST = '临床医学（内科方向）住院医师规范化培训合格岗位';
  let long: Awaited<ReturnType<typeof insertExamPlan>>;
  const longId = () => long.plan.id;
  /** The written exam's start, 'YYYY-MM-DD 09:00'. */
  let start: string;

  beforeAll(async () => {
    expect(LONG_NAME.length).toBeGreaterThanOrEqual(60);
    long = await insertScoredExamPlan(t, {
      name: LONG_NAME,
      posts: [
        { jobVacancy: LONG_POST, places: 1, candidates: 3 },
        { jobVacancy: '护理', places: 1, candidates: 2 },
      ],
    });
    // 09:00 China time, ten days on.
    const day = new Date(Date.now() + 10 * 86_400_000);
    start = toChinaDateTime(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 1)));
    await t.db
      .update(recruitmentPlan)
      .set({ writtenStartDate: new Date(`${start.replace(' ', 'T')}:00+08:00`), writtenExamAddress: '长沙市岳麓区麓山南路 932 号湖南师范大学附属中学第一教学楼三楼' })
      .where(eq(recruitmentPlan.id, longId()));
    const first = long.applications[0]!;
    await insertResume(t.db, t.company1, first, { sex: '1', birthday: '1995-03-02', phone: '13900000001', certificateImage: `/api/files/${t.company1}/202611/ticket-photo.png` });
  });

  const saveEnd = (endTime: string) =>
    t.post('/api/recruitment/admissionTicket/saveSetting', t.admin, { planId: longId(), type: 2, endTime, rooms: [{ name: '甲', seats: 3 }] });

  it('refuses an end time not after the start, and one not written as 时:分, saving nothing', async () => {
    const before = await snapshot();
    expectError(await saveEnd('09:00'), 400, EXAM_END_TIME_EARLY);
    expectError(await saveEnd('08:30'), 400, EXAM_END_TIME_EARLY);
    expectError(await saveEnd('25:00'), 400, '考试结束时间格式应为 时:分');
    expectError(await saveEnd('11点'), 400, '考试结束时间格式应为 时:分');
    expect(await snapshot()).toEqual(before);
  });

  it('saves the subject and the end time, and prints them on the tickets under the whole title and 准考证', async () => {
    const saved = await t.call(
      saveExamSession,
      { planId: longId(), type: 2, subject: '综合基础知识（医学类）', endTime: '11:30', rooms: [{ name: '第一考场', seats: 3 }, { name: '第二考场', seats: 3 }] },
      { token: t.admin },
    );
    expect(saved.data).toMatchObject({ subject: '综合基础知识（医学类）', endTime: '11:30', examTime: start });
    expect((await t.call(examSessionDetail, { planId: longId(), type: 2 }, { token: t.admin })).data).toMatchObject({ subject: '综合基础知识（医学类）', endTime: '11:30' });
    expect((await t.call(assignSeats, { planId: longId(), type: 2, seed: 3 }, { token: t.admin })).data.seated).toBe(5);
    expect((await t.call(batchUpdateAdmissionTicket, { planId: longId(), type: 2 }, { token: t.admin })).data.done).toBe(5);

    const started = await t.call(startPrintJob, { planId: longId(), type: 2, kind: 'tickets' }, { token: t.admin });
    const job = await finishedJob(started.data.jobId);
    expect(job).toMatchObject({ status: 'done', done: 5, total: 5, fileName: `${LONG_NAME}-笔试准考证.pdf` });
    const { texts } = await readPdf((await t.get(job.url!, t.admin)).rawPayload, 'tickets');
    expect(texts).toHaveLength(3);
    for (const text of texts) {
      expect(joined(text)).toContain(joined(LONG_NAME));
      expect(text).toContain('笔试准考证');
      expect(text).toContain('综合基础知识（医学类）');
      expect(text).toContain(`${start} – 11:30`);
    }
    expect(joined(texts.join(''))).toContain(joined(LONG_POST));
    expect(joined(texts.join(''))).toContain('湖南师范大学附属中学第一教学楼三楼');
  });

  it('names a single ticket after the candidate, encoded for Content-Disposition', async () => {
    const first = long.applications[0]!;
    const started = await t.call(startPrintJob, { planId: longId(), type: 2, kind: 'tickets', ids: [first.id] }, { token: t.admin });
    const job = await finishedJob(started.data.jobId);
    expect(job).toMatchObject({ total: 1, fileName: `笔试准考证-${first.realName}.pdf` });
    const res = await t.get(job.url!, t.admin);
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(`笔试准考证-${first.realName}.pdf`)}`);
    // RFC 8187: ' ( ) * are not attr-chars either.
    expect(encodeRfc8187("笔试准考证-O'Neil (Mary)*.pdf")).toBe('%E7%AC%94%E8%AF%95%E5%87%86%E8%80%83%E8%AF%81-O%27Neil%20%28Mary%29%2A.pdf');
    const { texts, pngs } = await readPdf(res.rawPayload, 'ticket', true);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(first.realName);
    const png = PNG.sync.read(pngs[0]!);
    expect([png.width, png.height]).toEqual([1190, 1682]);
  });

  it('prints door labels and sign-in sheets with the whole title and their kind; the job counts rooms', async () => {
    const names = new Map(long.applications.map((a) => [a.realName, a]));
    for (const [kind, title] of [
      ['doorLabels', '笔试考场门贴'],
      ['signInSheets', '笔试签到表'],
    ] as const) {
      const started = await t.call(startPrintJob, { planId: longId(), type: 2, kind }, { token: t.admin });
      const job = await finishedJob(started.data.jobId);
      expect(job).toMatchObject({ status: 'done', done: 2, total: 2 });
      const { texts } = await readPdf((await t.get(job.url!, t.admin)).rawPayload, kind === 'doorLabels' ? 'door-label' : 'sign-in-sheet');
      expect(texts).toHaveLength(2);
      for (const text of texts) {
        expect(joined(text)).toContain(joined(LONG_NAME));
        expect(text).toContain(title);
        expect(text).toContain('综合基础知识（医学类）');
        expect(text).toContain(`${start} – 11:30`);
      }
      const all = texts.join('\n');
      for (const name of names.keys()) expect(all).toContain(name);
      if (kind === 'signInSheets') {
        for (const text of texts) {
          for (const head of ['照片', '报考岗位', '考生签名', '监考员签字']) expect(text).toContain(head);
        }
        expect(joined(all)).toContain(joined(LONG_POST));
        expect(all).toContain(maskIdentityNo(long.applications[0]!.identityNo));
        expect(all).not.toContain(long.applications[0]!.identityNo);
      }
    }
  });
});

describe('verifyAdmissionTicket', () => {
  it('answers genuine with the holder masked, and false for an unknown token', async () => {
    const first = plan.applications[0]!;
    const [s] = await t.db.select().from(applicationStage).where(and(eq(applicationStage.applicationId, first.id), eq(applicationStage.stage, 2)));
    const res = await t.call(verifyAdmissionTicket, { token: s!.verifyToken! });
    expect(res.data).toMatchObject({
      genuine: true,
      planName: '准考证测试计划',
      stageName: '笔试',
      jobVacancy: '会计',
      maskedName: maskName(first.realName),
      maskedIdentityNo: `${first.identityNo.slice(0, 6)}********${first.identityNo.slice(-4)}`,
      ticketCode: s!.ticketCode,
      seat: s!.seat,
    });
    expect(res.data.genuine && res.data.companyName).toBeTruthy();
    expect(res.data.genuine && res.data.examTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await t.call(verifyAdmissionTicket, { token: 'A'.repeat(24) })).data).toEqual({ genuine: false });
    expectError(await t.get('/api/open/admissionTicket/verify/short'), 400, '准考证校验码不正确');
  });

  it('masks names and identity numbers', () => {
    expect(maskName('张三丰')).toBe('张*丰');
    expect(maskName('欧阳文华')).toBe('欧阳*华');
    expect(maskName('张三')).toBe('张*');
    expect(maskIdentityNo('110101199001011234')).toBe('110101********1234');
  });
});
