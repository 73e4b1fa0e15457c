import {
  EXAM_STAGE_TABLE, HOME_EXAM_STEPS, type HomeExamCard, type HomeExamStep, type Permission,
  admissionTicketPage, examApplicationList, examStageRow, gateSummary, homeOverview, recruitmentWaitAuditList,
  workItemPermission,
} from '@zhaokao/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recruitmentPlan, staffUser, sysRole } from '../../db/tables.js';
import { useTestApp } from '../../test/app.js';

// Issue 27: each home card counts exactly what the page it opens lists, with the filters its link carries.
const t = useTestApp({ recruitment: true });

const page = { pageNum: 1, pageSize: 1 };

/**
 * The total of the list a card of `step` opens, called as its page calls it: the link's plan and filters, and what
 * the page adds itself (准考证设置: admissionTicketPage; 成绩录入与审核: scoreStatus 1; 成绩审核: scoreStatus 2).
 * Null when the caller may not read the list.
 */
async function listTotal(token: string, card: Pick<HomeExamCard, 'stage' | 'step' | 'planId'>, extra: { status?: number } = {}) {
  const base = { planId: card.planId, type: card.stage, ...page };
  const res =
    card.step === 'entry' || card.step === 'review'
      ? await t.call(examApplicationList, { ...base, scoreStatus: card.step === 'entry' ? 1 : 2, ...extra }, { token })
      : await t.call(admissionTicketPage, { ...base, ...HOME_EXAM_STEPS[card.step] }, { token });
  if (res.status === 403) return null;
  expect(res.code, res.msg).toBe(200);
  return res.data.total;
}

/** Who may do a step's work on the page its card opens. */
const STEP_PERMISSION: Record<HomeExamStep, (stage: HomeExamCard['stage']) => Permission> = {
  unseated: (stage) => workItemPermission(stage, 'verify'),
  seated: (stage) => workItemPermission(stage, 'verify'),
  entry: () => 'score:entry',
  review: () => 'score:review',
};

/** Every account of the seed, signed in, with its company and permissions. */
async function demoAccounts() {
  const users = await t.db
    .select({ loginAccount: staffUser.loginAccount, companyId: staffUser.companyId, permissions: sysRole.permissions })
    .from(staffUser)
    .innerJoin(sysRole, eq(sysRole.id, staffUser.roleId))
    .orderBy(asc(staffUser.id));
  return Promise.all(users.map(async (u) => ({ ...u, permissions: u.permissions as Permission[], token: await t.login(u.loginAccount) })));
}

describe('the home cards of every demo account', () => {
  it('count what the lists they open list, with the same filters, and leave out no list with work waiting', async () => {
    const accounts = await demoAccounts();
    expect(accounts.map((a) => a.loginAccount)).toEqual(expect.arrayContaining(['admin', 'shenhe', 'hospital', 'zhuzhou']));
    for (const account of accounts) {
      const res = await t.call(homeOverview, {}, { token: account.token });
      expect(res.code, res.msg).toBe(200);
      const { signup, exams, gates } = res.data.waitingForMe;
      const who = `${account.loginAccount}'s`;

      // 待我审核的报名 opens 待审核 on every plan.
      const waitList = await t.call(recruitmentWaitAuditList, { type: 1, ...page }, { token: account.token });
      if (account.permissions.includes('review:signup')) expect(signup, `${who} 待我审核的报名`).toBe(waitList.data.total);
      else expect(signup).toBeNull();

      for (const card of exams) {
        const what = `${who} card ${card.step} of stage ${card.stage} of plan ${card.planId}`;
        expect(card.total, what).toBeGreaterThan(0);
        expect(await listTotal(account.token, card), what).toBe(card.total);
        const unreviewed = { status: examStageRow(card.stage).statuses.inReview };
        if (card.step === 'entry') expect(card.done, what).toBe(await listTotal(account.token, card, unreviewed));
        else if (card.step === 'review') expect(card.done, what).toBe(card.total - (await listTotal(account.token, { ...card, step: 'entry' }, unreviewed))!);
        else expect(card.done, what).toBe(0);
      }

      // A gate's card counts what the gate's summary shows for its plan (home-gate-cards.test.ts has plans with gates).
      for (const card of gates) {
        const summary = await t.call(gateSummary, { gate: card.stage, planId: card.planId }, { token: account.token });
        expect(summary.code, summary.msg).toBe(200);
        expect(card.total, `${who} ${card.step} card of gate ${card.stage}`).toBe(card.step === 'confirm' ? summary.data.waitingToEnter : summary.data.counts.pending);
      }

      // Every list with work waiting that the account may work on has its card.
      const plans = await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.companyId, account.companyId)).orderBy(asc(recruitmentPlan.id));
      for (const plan of plans) {
        for (const { stage } of EXAM_STAGE_TABLE) {
          for (const step of Object.keys(HOME_EXAM_STEPS) as HomeExamStep[]) {
            const card = exams.find((c) => c.planId === plan.id && c.stage === stage && c.step === step);
            if (!account.permissions.includes(STEP_PERMISSION[step](stage))) {
              expect(card, `${who} ${step} card of stage ${stage} without the permission`).toBeUndefined();
              continue;
            }
            const total = await listTotal(account.token, { planId: plan.id, stage, step });
            expect(card?.total ?? 0, `${who} ${step} card of stage ${stage} of plan ${plan.name}`).toBe(total);
          }
        }
      }
    }
  });

  it('tell the step that waits: admission tickets in the plan still in sign-up review, scores and their review in the hospital', async () => {
    const admin = (await t.call(homeOverview, {}, { token: t.admin })).data.waitingForMe.exams;
    // The HR company's newest plan is the one still in sign-up review.
    const [inSignUp] = await t.db.select().from(recruitmentPlan).where(eq(recruitmentPlan.companyId, t.company1)).orderBy(desc(recruitmentPlan.id)).limit(1);
    // Those who passed its sign-up review wait for their written tickets (which wait for the sign-up's closing), not for scores.
    expect(admin.filter((c) => c.planId === inSignUp!.id).map((c) => [c.stage, c.step, c.signUpClosed])).toEqual([[2, 'unseated', false]]);

    const hospital = (await t.call(homeOverview, {}, { token: t.hospital })).data.waitingForMe.exams;
    expect(hospital.map((c) => [c.stage, c.step, c.signUpClosed])).toEqual([
      [2, 'entry', true],
      [2, 'review', true],
    ]);
    // Half the entered scores are reviewed: 成绩录入与审核 lists the unentered and the unreviewed, 成绩审核 the entered.
    const [entry, review] = hospital;
    expect(entry!.done).toBeGreaterThan(0);
    expect(entry!.done).toBeLessThan(entry!.total);
    expect(review!.done).toBeGreaterThan(0);
    expect(review!.total - review!.done).toBe(entry!.done);
  });
});
