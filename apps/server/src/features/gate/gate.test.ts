import {
  APPLICATION_STATUSES, type ApplicationStatus, GATE_REASON_REQUIRED, GATE_STAGE_TABLE, type GateStage,
  addNotice, confirmGateList, decideGate, gateApplicationList, gateNoticeDraft, gateNotChosenMessage,
  gateSummary, savePublicityObjection,
} from '@zhaokao/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applicationHistory, applicationStage, candidateApplication, gateRecord, companyPublication, gateVacancy,
  recruitmentPlan,
} from '../../db/tables.js';
import { expectError, staffWith, useTestApp } from '../../test/app.js';
import { identityNo, insertApplication, insertPlan } from '../../test/recruitment.js';
import { readXlsx } from '../../test/xlsx.js';
import { MOVE_REFUSED } from '../pipeline/index.js';

const t = useTestApp();
const DAY = 86_400_000;

let seq = 0;
type Made = { id: number; planId: number; recruitmentId: number };

/** An application of `plan`'s post `post` put directly at `status` (with its interview result when given). */
async function applicationAt(
  plan: Awaited<ReturnType<typeof insertPlan>>,
  post: number,
  status: ApplicationStatus,
  interview?: { composite: string; rank: number | null; written?: string; audition?: string },
  companyId = t.company1,
): Promise<Made> {
  seq += 1;
  const row = await insertApplication(
    t.db,
    { companyId, planId: plan.plan.id, recruitmentId: plan.posts[post]!.id, realName: `关口${seq}` },
    { identityNo: identityNo('1995-03-01', seq), phone: `136${String(seq).padStart(8, '0')}` },
  );
  await t.db
    .update(candidateApplication)
    .set({ status, writtenGrade: interview?.written ?? '80.00', auditionGrade: interview?.audition ?? '80.00' })
    .where(eq(candidateApplication.id, row.id));
  if (interview) {
    await t.db.insert(applicationStage).values({
      companyId,
      applicationId: row.id,
      stage: 3,
      planId: plan.plan.id,
      recruitmentId: plan.posts[post]!.id,
      compositeScore: interview.composite,
      compositeRank: interview.rank,
      ticketCode: `M${String(row.id).padStart(6, '0')}`,
    });
  }
  return { id: row.id, planId: plan.plan.id, recruitmentId: plan.posts[post]!.id };
}

/** An application put directly at a gate's pending status, with its gate_record (entered `daysAgo` days ago). */
async function atGate(plan: Awaited<ReturnType<typeof insertPlan>>, stage: GateStage, daysAgo = 0, companyId = t.company1) {
  const gate = GATE_STAGE_TABLE.find((g) => g.stage === stage)!;
  const a = await applicationAt(plan, 0, gate.statuses.pending, { composite: '80.00', rank: 1 }, companyId);
  await t.db.insert(gateRecord).values({ companyId, applicationId: a.id, stage, enteredAt: new Date(Date.now() - daysAgo * DAY) });
  return a;
}

/** What a gate call may write for some applications: statuses, history, gate records, vacancies. */
const stateOf = (ids: number[]) => async () => ({
  applications: await t.db
    .select({ id: candidateApplication.id, status: candidateApplication.status })
    .from(candidateApplication)
    .where(inArray(candidateApplication.id, ids))
    .orderBy(asc(candidateApplication.id)),
  history: await t.db.select().from(applicationHistory).where(inArray(applicationHistory.applicationId, ids)).orderBy(asc(applicationHistory.id)),
  records: await t.db.select().from(gateRecord).where(inArray(gateRecord.applicationId, ids)).orderBy(asc(gateRecord.applicationId), asc(gateRecord.stage)),
  vacancies: await t.db.select().from(gateVacancy).where(inArray(gateVacancy.leftApplicationId, ids)).orderBy(asc(gateVacancy.id)),
});

async function expectUnchanged(ids: number[], call: () => Promise<{ status: number; code: number; msg: string; data: unknown }>, code: number, msg: string) {
  const snapshot = stateOf(ids);
  const before = await snapshot();
  expectError(await call(), code, msg);
  expect(await snapshot()).toEqual(before);
}

const statusOf = async (id: number) =>
  (await t.db.select({ status: candidateApplication.status }).from(candidateApplication).where(eq(candidateApplication.id, id)))[0]!.status;

let plan: Awaited<ReturnType<typeof insertPlan>>;
let theirs: Awaited<ReturnType<typeof insertPlan>>;
/** Post 甲 (0): A1–A3 passed the interview (34) by composite rank 1–3, A4 failed it (33); post 乙 (1): B1 at 34; X already passed 体检 (36). */
const a: Record<string, Made> = {};

beforeAll(async () => {
  plan = await insertPlan(t.db, t.company1, { name: '关口计划' });
  await t.db.update(recruitmentPlan).set({ gates: [5, 7], publicityDays: 7 }).where(eq(recruitmentPlan.id, plan.plan.id));
  theirs = await insertPlan(t.db, t.company2, { name: '他人关口计划', posts: ['护士'] });
  await t.db.update(recruitmentPlan).set({ gates: [4, 5, 6, 7] }).where(eq(recruitmentPlan.id, theirs.plan.id));
  // inserted out of rank order: the lists order by the ranking, not by id
  a.A3 = await applicationAt(plan, 0, 34, { composite: '78.00', rank: 3 });
  a.A1 = await applicationAt(plan, 0, 34, { composite: '90.00', rank: 1 });
  a.A2 = await applicationAt(plan, 0, 34, { composite: '85.50', rank: 2 });
  a.A4 = await applicationAt(plan, 0, 33, { composite: '70.00', rank: null, written: '70.00', audition: '70.00' });
  a.B1 = await applicationAt(plan, 1, 34, { composite: '88.00', rank: 1 });
  a.X = await applicationAt(plan, 0, 36, { composite: '91.00', rank: 1 });
});

describe('确认名单 (confirmGateList)', () => {
  it('refuses a gate the plan does not run (409), writing nothing', async () => {
    const ids = Object.values(a).map((x) => x.id);
    await expectUnchanged(ids, () => t.call(confirmGateList, { gate: 6, planId: plan.plan.id }, { token: t.admin }), 409, gateNotChosenMessage('考察'));
    await expectUnchanged(ids, () => t.call(confirmGateList, { gate: 4, planId: plan.plan.id }, { token: t.admin }), 409, gateNotChosenMessage('资格复审'));
  });

  it('another company’s plan or post: 404', async () => {
    const ids = Object.values(a).map((x) => x.id);
    await expectUnchanged(ids, () => t.call(confirmGateList, { gate: 5, planId: theirs.plan.id }, { token: t.admin }), 404, '招录计划不存在');
    await expectUnchanged(ids, () => t.call(confirmGateList, { gate: 5, planId: plan.plan.id }, { token: t.hospital }), 404, '招录计划不存在');
    await expectUnchanged(
      ids,
      () => t.call(confirmGateList, { gate: 5, planId: plan.plan.id, recruitmentId: theirs.posts[0]!.id }, { token: t.admin }),
      404,
      '岗位不存在',
    );
  });

  it('公示 after 体检 takes the passes of 体检 (36), not those of the interview (34)', async () => {
    const res = await t.call(confirmGateList, { gate: 7, planId: plan.plan.id }, { token: t.admin });
    expect(res.data).toEqual({ moved: 1 });
    expect(await statusOf(a.X!.id)).toBe(45);
    for (const k of ['A1', 'A2', 'A3', 'B1']) expect(await statusOf(a[k]!.id)).toBe(34);
    expect(await statusOf(a.A4!.id)).toBe(33);
  });

  it('体检 takes the interview passes, one post or the whole plan, each once, with history and a gate record', async () => {
    const summary = await t.call(gateSummary, { gate: 5, planId: plan.plan.id }, { token: t.admin });
    expect(summary.data).toMatchObject({ chosen: true, waitingToEnter: 4, counts: { pending: 0, passed: 0, failed: 0, withdrew: 0 } });
    const one = await t.call(confirmGateList, { gate: 5, planId: plan.plan.id, recruitmentId: plan.posts[1]!.id }, { token: t.admin });
    expect(one.data).toEqual({ moved: 1 });
    const all = await t.call(confirmGateList, { gate: 5, planId: plan.plan.id }, { token: t.admin });
    expect(all.data).toEqual({ moved: 3 });
    expect((await t.call(confirmGateList, { gate: 5, planId: plan.plan.id }, { token: t.admin })).data).toEqual({ moved: 0 });
    for (const k of ['A1', 'A2', 'A3', 'B1']) expect(await statusOf(a[k]!.id)).toBe(35);
    expect(await statusOf(a.A4!.id)).toBe(33);
    const [history] = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, a.A1!.id));
    expect(history).toMatchObject({ fromStatus: 34, toStatus: 35, actorId: t.adminId, remarks: '体检名单确认' });
    const records = await t.db.select().from(gateRecord).where(eq(gateRecord.stage, 5));
    expect(records.map((r) => r.applicationId).sort()).toEqual([a.A1!.id, a.A2!.id, a.A3!.id, a.B1!.id].sort());
  });

  it('needs plan:edit (403 for a gate reviewer)', async () => {
    const reviewer = await staffWith(t, '面试复核员', 'gate_audition', ['review:audition']);
    expect((await t.call(confirmGateList, { gate: 5, planId: plan.plan.id }, { token: reviewer })).status).toBe(403);
  });
});

describe('the gate list (gateApplicationList) and its export', () => {
  it('lists the gate’s candidates by post, then composite rank, with score, rank and result', async () => {
    const res = await t.call(gateApplicationList, { gate: 5, planId: plan.plan.id, pageNum: 1, pageSize: 10 }, { token: t.admin });
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(4);
    expect(res.data.list.map((r) => [r.id, r.score, r.rank, r.result])).toEqual([
      [a.A1!.id, '90.00', 1, 'pending'],
      [a.A2!.id, '85.50', 2, 'pending'],
      [a.A3!.id, '78.00', 3, 'pending'],
      [a.B1!.id, '88.00', 1, 'pending'],
    ]);
    expect(res.data.list[0]).toMatchObject({ jobVacancy: '岗位甲', realName: expect.stringMatching(/^关口/), substitute: false, reason: '', decidedAt: null });
  });

  it('filters by post, result and keyword; pages', async () => {
    const list = (input: object) => t.call(gateApplicationList, { gate: 5, planId: plan.plan.id, pageNum: 1, pageSize: 10, ...input } as never, { token: t.admin });
    expect((await list({ recruitmentId: plan.posts[1]!.id })).data.list.map((r) => r.id)).toEqual([a.B1!.id]);
    expect((await list({ result: 'passed' })).data.total).toBe(0);
    const [row] = (await t.db.select({ realName: candidateApplication.realName }).from(candidateApplication).where(eq(candidateApplication.id, a.A2!.id)));
    expect((await list({ keyword: row!.realName })).data.list.map((r) => r.id)).toEqual([a.A2!.id]);
    const page2 = (await list({ pageNum: 2, pageSize: 3 })).data;
    expect(page2.total).toBe(4);
    expect(page2.list.map((r) => r.id)).toEqual([a.B1!.id]);
  });

  it('another company: 404', async () => {
    expectError(await t.call(gateApplicationList, { gate: 5, planId: plan.plan.id, pageNum: 1, pageSize: 10 }, { token: t.hospital }), 404, '招录计划不存在');
  });

  it('exports the list as .xlsx', async () => {
    const res = await t.get(`/api/recruitment/gate/list/export?gate=5&planId=${plan.plan.id}`, t.admin);
    const [sheet] = await readXlsx(res);
    expect(sheet!.name).toBe('体检名单');
    expect(sheet!.rows.map((r) => [r['综合成绩'], r['名次'], r['结果']])).toEqual([
      ['90.00', '1', '待定'],
      ['85.50', '2', '待定'],
      ['78.00', '3', '待定'],
      ['88.00', '1', '待定'],
    ]);
  });
});

describe('decisions (decideGate)', () => {
  it('不合格 and 放弃 need a reason (400), nothing written', async () => {
    for (const result of ['failed', 'withdrew'] as const) {
      await expectUnchanged([a.A1!.id], () => t.call(decideGate, { gate: 5, applicationIds: [a.A1!.id], result, reason: '' }, { token: t.admin }), 400, GATE_REASON_REQUIRED);
    }
  });

  it('all or none: one candidate not pending at the gate refuses the batch (409)', async () => {
    const ids = [a.A1!.id, a.A2!.id, a.X!.id];
    await expectUnchanged(ids, () => t.call(decideGate, { gate: 5, applicationIds: ids, result: 'passed', reason: '' }, { token: t.admin }), 409, MOVE_REFUSED);
    await expectUnchanged(ids, () => t.call(decideGate, { gate: 6, applicationIds: [a.A1!.id], result: 'passed', reason: '' }, { token: t.admin }), 409, MOVE_REFUSED);
  });

  it('another company’s candidate in the batch: 404, nothing written', async () => {
    const other = await atGate(theirs, 5, 0, t.company2);
    const ids = [a.A1!.id, other.id];
    await expectUnchanged(ids, () => t.call(decideGate, { gate: 5, applicationIds: ids, result: 'passed', reason: '' }, { token: t.admin }), 404, '报名记录不存在');
    await expectUnchanged([a.A1!.id], () => t.call(decideGate, { gate: 5, applicationIds: [a.A1!.id], result: 'passed', reason: '' }, { token: t.hospital }), 404, '报名记录不存在');
  });

  it('needs the gate’s own permission or plan:edit (403)', async () => {
    const written = await staffWith(t, '笔试复核员', 'gate_written', ['review:written']);
    await expectUnchanged([a.A1!.id], () => t.call(decideGate, { gate: 5, applicationIds: [a.A1!.id], result: 'passed', reason: '' }, { token: written }), 403, '您没有执行该操作的权限');
  });

  it('合格, 不合格, 放弃: through the state machine, recorded, failures and withdrawals opening vacancies', async () => {
    const passed = await t.call(decideGate, { gate: 5, applicationIds: [a.A1!.id, a.B1!.id], result: 'passed', reason: '' }, { token: t.admin });
    expect(passed.data).toEqual({ done: 2, vacancies: 0 });
    const failed = await t.call(decideGate, { gate: 5, applicationIds: [a.A2!.id], result: 'failed', reason: '血压不合格' }, { token: t.admin });
    expect(failed.data).toEqual({ done: 1, vacancies: 1 });
    const withdrew = await t.call(decideGate, { gate: 5, applicationIds: [a.A3!.id], result: 'withdrew', reason: '本人放弃' }, { token: t.admin });
    expect(withdrew.data).toEqual({ done: 1, vacancies: 1 });
    expect([await statusOf(a.A1!.id), await statusOf(a.B1!.id), await statusOf(a.A2!.id), await statusOf(a.A3!.id)]).toEqual([36, 36, 37, 38]);
    const history = await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, a.A2!.id)).orderBy(asc(applicationHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: 35, toStatus: 37, actorId: t.adminId, remarks: '体检：不合格（血压不合格）' });
    const [record] = await t.db.select().from(gateRecord).where(and(eq(gateRecord.applicationId, a.A2!.id), eq(gateRecord.stage, 5)));
    expect(record).toMatchObject({ reason: '血压不合格', decidedBy: t.adminId });
    expect(record!.decidedAt).not.toBeNull();
    const vacancies = await t.db.select().from(gateVacancy).where(eq(gateVacancy.planId, plan.plan.id)).orderBy(asc(gateVacancy.id));
    expect(vacancies.map((v) => [v.leftApplicationId, v.leftResult, v.stage, v.recruitmentId])).toEqual([
      [a.A2!.id, 'failed', 5, plan.posts[0]!.id],
      [a.A3!.id, 'withdrew', 5, plan.posts[0]!.id],
    ]);
    // a second decision of the same candidate: no longer pending
    await expectUnchanged([a.A1!.id], () => t.call(decideGate, { gate: 5, applicationIds: [a.A1!.id], result: 'failed', reason: '复查' }, { token: t.admin }), 409, MOVE_REFUSED);
    const list = await t.call(gateApplicationList, { gate: 5, planId: plan.plan.id, pageNum: 1, pageSize: 10 }, { token: t.admin });
    expect(list.data.list.map((r) => [r.id, r.result, r.reason])).toEqual([
      [a.A1!.id, 'passed', ''],
      [a.A2!.id, 'failed', '血压不合格'],
      [a.A3!.id, 'withdrew', '本人放弃'],
      [a.B1!.id, 'passed', ''],
    ]);
    expect(list.data.list[1]!.decidedBy).toBeTruthy();
    const summary = await t.call(gateSummary, { gate: 5, planId: plan.plan.id }, { token: t.admin });
    expect(summary.data).toMatchObject({ chosen: true, waitingToEnter: 0, counts: { pending: 0, passed: 2, failed: 1, withdrew: 1 }, openVacancies: 2 });
  });

  it('a candidate gone on past the gate still counts as passed there', async () => {
    await t.call(confirmGateList, { gate: 7, planId: plan.plan.id }, { token: t.admin });
    expect(await statusOf(a.A1!.id)).toBe(45);
    const passed = await t.call(gateApplicationList, { gate: 5, planId: plan.plan.id, result: 'passed', pageNum: 1, pageSize: 10 }, { token: t.admin });
    expect(passed.data.list.map((r) => [r.id, r.status])).toEqual([
      [a.A1!.id, 45],
      [a.B1!.id, 45],
    ]);
  });
});

describe('every gate move through decideGate: allowed from the gate’s pending status only', () => {
  for (const gate of GATE_STAGE_TABLE) {
    it(`${gate.name}: 合格 / 不合格 / 放弃 from ${gate.statuses.pending}; refused (409, nothing written) from every other status`, async () => {
      const p = await insertPlan(t.db, t.company1, { name: `逐一${gate.name}` });
      await t.db.update(recruitmentPlan).set({ gates: [gate.stage] }).where(eq(recruitmentPlan.id, p.plan.id));
      for (const result of ['passed', 'failed', 'withdrew'] as const) {
        const x = await atGate(p, gate.stage, 30);
        const res = await t.call(decideGate, { gate: gate.stage, applicationIds: [x.id], result, reason: result === 'passed' ? '' : '原因' }, { token: t.admin });
        expect(res.code, res.msg).toBe(200);
        expect(await statusOf(x.id)).toBe(gate.statuses[result]);
      }
      for (const status of APPLICATION_STATUSES.filter((s) => s !== gate.statuses.pending)) {
        const x = await applicationAt(p, 0, status);
        await t.db.insert(gateRecord).values({ companyId: t.company1, applicationId: x.id, stage: gate.stage, enteredAt: new Date(Date.now() - 30 * DAY) });
        await expectUnchanged([x.id], () => t.call(decideGate, { gate: gate.stage, applicationIds: [x.id], result: 'passed', reason: '' }, { token: t.admin }), 409, MOVE_REFUSED);
      }
    });
  }
});

describe('公示', () => {
  it('聘用 is refused before the period ends (409, nothing written), allowed after it', async () => {
    const ids = [a.X!.id];
    const [record] = await t.db.select().from(gateRecord).where(and(eq(gateRecord.applicationId, a.X!.id), eq(gateRecord.stage, 7)));
    const res = await t.call(decideGate, { gate: 7, applicationIds: ids, result: 'passed', reason: '' }, { token: t.admin });
    expect(res.status).toBe(409);
    expect(res.msg).toMatch(/公示期至 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 结束，公示期满后方可聘用$/);
    await expectUnchanged(ids, () => t.call(decideGate, { gate: 7, applicationIds: ids, result: 'passed', reason: '' }, { token: t.admin }), 409, res.msg);
    // 不合格 (an objection upheld) needs no waiting
    await t.db.update(gateRecord).set({ enteredAt: new Date(record!.enteredAt.getTime() - 7 * DAY - 60_000) }).where(and(eq(gateRecord.applicationId, a.X!.id), eq(gateRecord.stage, 7)));
    const hired = await t.call(decideGate, { gate: 7, applicationIds: ids, result: 'passed', reason: '' }, { token: t.admin });
    expect(hired.data).toEqual({ done: 1, vacancies: 0 });
    expect(await statusOf(a.X!.id)).toBe(46);
  });

  it('an objection is saved for a candidate in 公示 only; another company’s: 404', async () => {
    const ok = await t.call(savePublicityObjection, { applicationId: a.A1!.id, objection: '有群众反映其学历存疑，经核查不属实' }, { token: t.admin });
    expect(ok.code).toBe(200);
    const [record] = await t.db.select().from(gateRecord).where(and(eq(gateRecord.applicationId, a.A1!.id), eq(gateRecord.stage, 7)));
    expect(record!.objection).toBe('有群众反映其学历存疑，经核查不属实');
    await expectUnchanged([a.X!.id], () => t.call(savePublicityObjection, { applicationId: a.X!.id, objection: '已聘用' }, { token: t.admin }), 409, MOVE_REFUSED);
    await expectUnchanged([a.A1!.id], () => t.call(savePublicityObjection, { applicationId: a.A1!.id, objection: '别家' }, { token: t.hospital }), 404, '报名记录不存在');
  });

  it('the notice draft lists those in 公示 and hired, with ticket codes, the deadline, and saves as a notice unchanged', async () => {
    const res = await t.call(gateNoticeDraft, { gate: 7, planId: plan.plan.id }, { token: t.admin });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.title).toBe('关口计划拟聘用人员公示');
    expect(res.data.deadline).not.toBeNull();
    const summary = await t.call(gateSummary, { gate: 7, planId: plan.plan.id }, { token: t.admin });
    expect(res.data.deadline).toBe(summary.data.publicityEndsAt);
    const { content } = res.data;
    for (const header of ['序号', '岗位', '姓名', '准考证号', '综合成绩', '状态']) expect(content).toContain(`<th>${header}</th>`);
    expect(content).toContain(`M${String(a.X!.id).padStart(6, '0')}`);
    expect(content).toContain('<td>聘用</td>');
    expect(content).toContain('<td>公示中</td>');
    expect(content).toContain('公示期为 7 天');
    expect(content.match(/<tr>/g)).toHaveLength(4); // header, A1, B1, X
    const saved = await t.call(addNotice, { title: res.data.title, recruitmentId: plan.plan.id, content, attachmentIds: [], top: false }, { token: t.admin });
    expect(saved.code, saved.msg).toBe(200);
    const [row] = await t.db.select().from(companyPublication).where(eq(companyPublication.id, saved.data.id));
    expect(row!.content).toBe(content);
  });

  it('a draft without tickets shows masked identity numbers; a gate the plan does not run: 409', async () => {
    const p = await insertPlan(t.db, t.company1, { name: '<无票>计划' });
    await t.db.update(recruitmentPlan).set({ gates: [5] }).where(eq(recruitmentPlan.id, p.plan.id));
    const x = await applicationAt(p, 0, 35);
    await t.db.insert(gateRecord).values({ companyId: t.company1, applicationId: x.id, stage: 5 });
    const [app] = await t.db.select().from(candidateApplication).where(eq(candidateApplication.id, x.id));
    const res = await t.call(gateNoticeDraft, { gate: 5, planId: p.plan.id }, { token: t.admin });
    expect(res.data.title).toBe('<无票>计划体检名单');
    expect(res.data.deadline).toBeNull();
    expect(res.data.content).toContain('<th>身份证号</th>');
    expect(res.data.content).toContain(`${app!.identityNo.slice(0, 6)}********${app!.identityNo.slice(-4)}`);
    expect(res.data.content).not.toContain(app!.identityNo);
    expect(res.data.content).toContain('&lt;无票&gt;计划');
    expectError(await t.call(gateNoticeDraft, { gate: 6, planId: p.plan.id }, { token: t.admin }), 409, gateNotChosenMessage('考察'));
    expectError(await t.call(gateNoticeDraft, { gate: 5, planId: p.plan.id }, { token: t.hospital }), 404, '招录计划不存在');
  });
});

describe('资格复审 (after the written stage)', () => {
  it('takes the written passes (24), ranked by the written score', async () => {
    const p = await insertPlan(t.db, t.company1, { name: '复审计划' });
    await t.db.update(recruitmentPlan).set({ gates: [4] }).where(eq(recruitmentPlan.id, p.plan.id));
    const low = await applicationAt(p, 0, 24, undefined);
    const high = await applicationAt(p, 0, 24, undefined);
    const failed = await applicationAt(p, 0, 23, undefined);
    await t.db.update(candidateApplication).set({ writtenGrade: '60.00' }).where(eq(candidateApplication.id, low.id));
    await t.db.update(candidateApplication).set({ writtenGrade: '95.00' }).where(eq(candidateApplication.id, high.id));
    await t.db.update(candidateApplication).set({ writtenGrade: '50.00' }).where(eq(candidateApplication.id, failed.id));
    expect((await t.call(confirmGateList, { gate: 4, planId: p.plan.id }, { token: t.admin })).data).toEqual({ moved: 2 });
    expect(await statusOf(failed.id)).toBe(23);
    const list = await t.call(gateApplicationList, { gate: 4, planId: p.plan.id, pageNum: 1, pageSize: 10 }, { token: t.admin });
    expect(list.data.list.map((r) => [r.id, r.score, r.rank, r.status])).toEqual([
      [high.id, '95.00', 1, 25],
      [low.id, '60.00', 2, 25],
    ]);
    const drafted = await t.call(gateNoticeDraft, { gate: 4, planId: p.plan.id }, { token: t.admin });
    expect(drafted.data.title).toBe('复审计划资格复审结果');
    expect(drafted.data.content).toContain('<th>笔试成绩</th>');
  });
});
