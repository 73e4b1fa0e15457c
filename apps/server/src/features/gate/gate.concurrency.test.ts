// runs on PostgreSQL too: two staff deciding the same candidate (and two 确认名单) at once, serialised by row locks
import { type ApplicationStatus, confirmGateList, decideGate } from '@zhaokao/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationHistory, candidateApplication, gateRecord, gateVacancy, recruitmentPlan } from '../../db/tables.js';
import { atOnce, expectOneSucceeded, staffWith, useTestApp, warmUp } from '../../test/app.js';
import { identityNo, insertApplication, insertPlan } from '../../test/recruitment.js';
import { MOVE_REFUSED } from '../pipeline/index.js';

const t = useTestApp();
let plan: Awaited<ReturnType<typeof insertPlan>>;
let other: string;
let seq = 0;

async function applicationAt(status: ApplicationStatus) {
  seq += 1;
  const row = await insertApplication(
    t.db,
    { companyId: t.company1, planId: plan.plan.id, recruitmentId: plan.posts[0]!.id, realName: `并发${seq}` },
    { identityNo: identityNo('1994-06-01', seq), phone: `135${String(seq).padStart(8, '0')}` },
  );
  await t.db.update(candidateApplication).set({ status }).where(eq(candidateApplication.id, row.id));
  return row.id;
}

beforeAll(async () => {
  plan = await insertPlan(t.db, t.company1, { name: '并发关口计划' });
  await t.db.update(recruitmentPlan).set({ gates: [5] }).where(eq(recruitmentPlan.id, plan.plan.id));
  other = await staffWith(t, '面试复核', 'gate_concurrent', ['review:audition']);
});

describe('at once', () => {
  it('two staff deciding the same candidate: one wins, the other gets 409 and writes nothing', async () => {
    await warmUp(() => t.call(decideGate, { gate: 5, applicationIds: [999999], result: 'passed', reason: '' }, { token: t.admin }));
    for (let round = 0; round < 3; round++) {
      const id = await applicationAt(35);
      await t.db.insert(gateRecord).values({ companyId: t.company1, applicationId: id, stage: 5 });
      const answers = await atOnce(2, (i) =>
        t.call(decideGate, { gate: 5, applicationIds: [id], result: i === 0 ? 'failed' : 'withdrew', reason: `第${i}人` }, { token: i === 0 ? t.admin : other }),
      );
      expectOneSucceeded(answers, 409, MOVE_REFUSED);
      const winner = answers.findIndex((a) => a.code === 200);
      const [app] = await t.db.select({ status: candidateApplication.status }).from(candidateApplication).where(eq(candidateApplication.id, id));
      expect(app!.status).toBe(winner === 0 ? 37 : 38);
      expect(await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, id))).toHaveLength(1);
      expect(await t.db.select().from(gateVacancy).where(eq(gateVacancy.leftApplicationId, id))).toHaveLength(1);
      const [record] = await t.db.select().from(gateRecord).where(and(eq(gateRecord.applicationId, id), eq(gateRecord.stage, 5)));
      expect(record!.reason).toBe(`第${winner}人`);
    }
  });

  it('two 确认名单 at once move each candidate once', async () => {
    const ids = await Promise.all(([34, 34, 34] as const).map(async (s) => applicationAt(s)));
    const answers = await atOnce(2, () => t.call(confirmGateList, { gate: 5, planId: plan.plan.id }, { token: t.admin }));
    expect(answers.map((a) => a.code)).toEqual([200, 200]);
    expect(answers.map((a) => a.data!.moved).sort()).toEqual([0, 3]);
    for (const id of ids) {
      expect(await t.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, id))).toHaveLength(1);
      expect(await t.db.select().from(gateRecord).where(eq(gateRecord.applicationId, id))).toHaveLength(1);
    }
  });
});
