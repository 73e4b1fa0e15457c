import {
  type ApplicationStatus, GATE_STAGE_TABLE, type GateStage, HOME_GATE_STEPS, type HomeGateCard,
  type HomeGateStep, INTERVIEW_STAGE, type Permission, WRITTEN_STAGE, confirmGateList, decideGate,
  examStageRow, gateApplicationList, gatePermissionOf, gateSummary, homeOverview,
} from '@zhaokao/contracts';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { candidateApplication, gateRecord, recruitmentPlan, staffUser, sysRole } from '../../db/tables.js';
import { staffWith, useTestApp } from '../../test/app.js';
import { identityNo, insertApplication, insertPlan } from '../../test/recruitment.js';

// 首页's gate cards: each counts what the gate's page shows for its plan and filter (gateSummary, gateApplicationList).
const t = useTestApp();

const WRITTEN_PASSED = examStageRow(WRITTEN_STAGE).statuses.passed;
const INTERVIEW_PASSED = examStageRow(INTERVIEW_STAGE).statuses.passed;
const gateOf = (stage: GateStage) => GATE_STAGE_TABLE.find((g) => g.stage === stage)!;

type Plan = Awaited<ReturnType<typeof insertPlan>>;
let seq = 0;

/** An application of the plan's post put directly at `status`. */
async function applicationAt(plan: Plan, post: number, status: ApplicationStatus) {
  seq += 1;
  const row = await insertApplication(
    t.db,
    { companyId: plan.plan.companyId, planId: plan.plan.id, recruitmentId: plan.posts[post]!.id, realName: `首页关口${seq}` },
    { identityNo: identityNo('1996-04-01', seq), phone: `135${String(seq).padStart(8, '0')}` },
  );
  await t.db.update(candidateApplication).set({ status, writtenGrade: '80.00', auditionGrade: '80.00' }).where(eq(candidateApplication.id, row.id));
  return row.id;
}

/** A plan running `gates`. */
async function planWithGates(companyId: number, name: string, gates: GateStage[]) {
  const plan = await insertPlan(t.db, companyId, { name });
  await t.db.update(recruitmentPlan).set({ gates, publicityDays: 7 }).where(eq(recruitmentPlan.id, plan.plan.id));
  return plan;
}

const ok = <T extends { code: number; msg: string }>(res: T) => {
  expect(res.code, res.msg).toBe(200);
  return res;
};

/** Who may do a step's work on the gate's page: 确认名单 plan:edit, the decisions the gate's permission or plan:edit. */
const STEP_PERMISSIONS: Record<HomeGateStep, (stage: GateStage) => Permission[]> = {
  confirm: () => ['plan:edit'],
  pending: (stage) => [gatePermissionOf(stage), 'plan:edit'],
};
const STEPS = Object.keys(HOME_GATE_STEPS) as HomeGateStep[];

/** What the gate's page shows for the card's plan and step: the summary's figure (read with `token`, of the same company). */
async function pageFigure(token: string, card: Pick<HomeGateCard, 'stage' | 'step' | 'planId'>) {
  const summary = ok(await t.call(gateSummary, { gate: card.stage, planId: card.planId }, { token })).data;
  if (!summary.chosen) return 0;
  return card.step === 'confirm' ? summary.waitingToEnter : summary.counts.pending;
}

/** The total of the gate's list as the card's link opens it (its plan and filters). */
async function listTotal(token: string, card: HomeGateCard) {
  const input = { gate: card.stage, planId: card.planId, pageNum: 1, pageSize: 1, ...HOME_GATE_STEPS[card.step] };
  return ok(await t.call(gateApplicationList, input, { token })).data.total;
}

let mine: Plan;
let onlyInspection: Plan;
let noGates: Plan;
let theirs: Plan;
const accounts: { name: string; token: string; companyId: number; permissions: Permission[] }[] = [];

beforeAll(async () => {
  // 资格复审, 体检 and 公示: candidates waiting to enter each and pending at each, set up through the gate's calls.
  mine = await planWithGates(t.company1, '首页关口计划', [4, 5, 7]);
  const written = [await applicationAt(mine, 0, WRITTEN_PASSED), await applicationAt(mine, 0, WRITTEN_PASSED)];
  await applicationAt(mine, 1, WRITTEN_PASSED);
  ok(await t.call(confirmGateList, { gate: 4, planId: mine.plan.id, recruitmentId: mine.posts[0]!.id }, { token: t.admin }));
  ok(await t.call(decideGate, { gate: 4, applicationIds: [written[0]!], result: 'passed', reason: '' }, { token: t.admin }));
  const interview = [
    await applicationAt(mine, 0, INTERVIEW_PASSED),
    await applicationAt(mine, 0, INTERVIEW_PASSED),
    await applicationAt(mine, 1, INTERVIEW_PASSED),
  ];
  ok(await t.call(confirmGateList, { gate: 5, planId: mine.plan.id }, { token: t.admin }));
  ok(await t.call(decideGate, { gate: 5, applicationIds: [interview[0]!], result: 'passed', reason: '' }, { token: t.admin }));
  ok(await t.call(decideGate, { gate: 5, applicationIds: [interview[1]!], result: 'failed', reason: '体检不合格' }, { token: t.admin }));
  await applicationAt(mine, 1, INTERVIEW_PASSED); // came after 体检's list was confirmed
  // two in 公示 (directly: their 体检 is not this test's business), beside 体检's pass waiting to enter it
  for (const post of [0, 1]) {
    const id = await applicationAt(mine, post, gateOf(7).statuses.pending);
    await t.db.insert(gateRecord).values({ companyId: t.company1, applicationId: id, stage: 7 });
  }
  // 考察 only: the interview's passes wait for it; one pending at 体检, a gate this plan does not run, has no card.
  onlyInspection = await planWithGates(t.company1, '只考察计划', [6]);
  await applicationAt(onlyInspection, 0, INTERVIEW_PASSED);
  const stray = await applicationAt(onlyInspection, 0, gateOf(5).statuses.pending);
  await t.db.insert(gateRecord).values({ companyId: t.company1, applicationId: stray, stage: 5 });
  // no gate: the interview's passes are done
  noGates = await planWithGates(t.company1, '无关口计划', []);
  await applicationAt(noGates, 0, INTERVIEW_PASSED);
  // another company's plan with work at 体检
  theirs = await planWithGates(t.company2, '他人首页关口计划', [5]);
  await applicationAt(theirs, 0, INTERVIEW_PASSED);
  await applicationAt(theirs, 0, INTERVIEW_PASSED);
  ok(await t.call(confirmGateList, { gate: 5, planId: theirs.plan.id, recruitmentId: theirs.posts[0]!.id }, { token: t.hospital }));
  await applicationAt(theirs, 1, INTERVIEW_PASSED);

  const extra = [
    ['资格复审员', 'home_gate_written', ['review:written']],
    ['面试复核员', 'home_gate_audition', ['review:audition']],
    ['计划管理员', 'home_gate_plan', ['plan:edit']],
    ['报名审核员', 'home_gate_signup', ['review:signup']],
  ] as const;
  for (const [name, account, permissions] of extra) await staffWith(t, name, account, [...permissions]);
  const users = await t.db
    .select({ loginAccount: staffUser.loginAccount, companyId: staffUser.companyId, permissions: sysRole.permissions })
    .from(staffUser)
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .orderBy(asc(staffUser.id));
  for (const u of users) {
    accounts.push({ name: u.loginAccount, companyId: u.companyId, permissions: u.permissions as Permission[], token: await t.login(u.loginAccount) });
  }
});

/** A company's account that may read its gates' summaries (its administrator). */
const managerOf = (companyId: number) => (companyId === t.company1 ? t.admin : t.hospital);
const tokenOf = (name: string) => accounts.find((a) => a.name === name)!.token;

const gateCardsOf = async (token: string) => ok(await t.call(homeOverview, {}, { token })).data.waitingForMe.gates;
const summarised = (cards: HomeGateCard[]) => cards.map((c) => [c.planName, c.stage, c.step, c.total]);

describe('the home cards of the gates', () => {
  it('count what the gate page shows for the plan and the link’s filter, for every account, and leave out no gate with work waiting', async () => {
    expect(accounts.map((a) => a.name)).toEqual(expect.arrayContaining(['admin', 'shenhe', 'hospital', 'home_gate_plan']));
    for (const account of accounts) {
      const cards = await gateCardsOf(account.token);
      const who = `${account.name}'s`;
      const plans = await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.companyId, account.companyId));
      for (const card of cards) {
        const what = `${who} ${card.step} card of gate ${card.stage} of plan ${card.planId}`;
        const plan = plans.find((p) => p.id === card.planId);
        expect(plan, `${what}: a plan of the account's company`).toBeDefined();
        expect(card.planName, what).toBe(plan!.name);
        expect(card.total, what).toBeGreaterThan(0);
        // read as the account itself: it may open the gate's page
        expect(card.total, what).toBe(await pageFigure(account.token, card));
        if (card.step === 'pending') expect(card.total, what).toBe(await listTotal(account.token, card));
      }
      for (const plan of plans) {
        for (const { stage } of GATE_STAGE_TABLE) {
          for (const step of STEPS) {
            const card = cards.find((c) => c.planId === plan.id && c.stage === stage && c.step === step);
            const what = `${who} ${step} card of gate ${stage} of plan ${plan.name}`;
            if (!STEP_PERMISSIONS[step](stage).some((p) => account.permissions.includes(p))) {
              expect(card, `${what} without the permission`).toBeUndefined();
              continue;
            }
            expect(card?.total ?? 0, what).toBe(await pageFigure(managerOf(account.companyId), { planId: plan.id, stage, step }));
          }
        }
      }
    }
  });

  it('tell each gate’s waiting work, newest plan first, to those who may do it', async () => {
    const all = [
      ['只考察计划', 6, 'confirm', 1],
      ['首页关口计划', 4, 'confirm', 1],
      ['首页关口计划', 4, 'pending', 1],
      ['首页关口计划', 5, 'confirm', 1],
      ['首页关口计划', 5, 'pending', 1],
      ['首页关口计划', 7, 'confirm', 1],
      ['首页关口计划', 7, 'pending', 2],
    ];
    expect(summarised(await gateCardsOf(t.admin))).toEqual(all);
    expect(summarised(await gateCardsOf(tokenOf('home_gate_plan')))).toEqual(all);
    // the gate's own permission decides there, but 确认名单 is the plan manager's
    expect(summarised(await gateCardsOf(tokenOf('home_gate_written')))).toEqual([['首页关口计划', 4, 'pending', 1]]);
    expect(summarised(await gateCardsOf(tokenOf('home_gate_audition')))).toEqual([
      ['首页关口计划', 5, 'pending', 1],
      ['首页关口计划', 7, 'pending', 2],
    ]);
    expect(await gateCardsOf(tokenOf('home_gate_signup'))).toEqual([]);
    // another company's gates stay theirs
    expect(summarised(await gateCardsOf(t.hospital))).toEqual([
      ['他人首页关口计划', 5, 'confirm', 1],
      ['他人首页关口计划', 5, 'pending', 2],
    ]);
  });

  it('follow the gate’s calls: 确认名单 empties its card, deciding the last pending candidate removes theirs', async () => {
    const plan = await planWithGates(t.company1, '首页关口后续计划', [5]);
    const ids = [await applicationAt(plan, 0, INTERVIEW_PASSED), await applicationAt(plan, 1, INTERVIEW_PASSED)];
    const ofPlan = async () => summarised((await gateCardsOf(t.admin)).filter((c) => c.planId === plan.plan.id));
    expect(await ofPlan()).toEqual([['首页关口后续计划', 5, 'confirm', 2]]);
    ok(await t.call(confirmGateList, { gate: 5, planId: plan.plan.id }, { token: t.admin }));
    expect(await ofPlan()).toEqual([['首页关口后续计划', 5, 'pending', 2]]);
    ok(await t.call(decideGate, { gate: 5, applicationIds: ids, result: 'withdrew', reason: '本人放弃' }, { token: t.admin }));
    expect(await ofPlan()).toEqual([]);
  });
});
