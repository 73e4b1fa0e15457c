import { APPLICATION_STATUS, type ApplicationStatus } from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import { candidateAccount, recruitmentPlan } from '../../db/tables.js';
import type { DemoAccounts, TestApp } from '../../test/app.js';
import { signInCandidate } from '../../test/candidates.js';
import { identityNo, insertApplication, insertPlan } from '../../test/recruitment.js';
import { recordApplied, transition } from '../pipeline/index.js';

/** The candidate accounts, plans and applications the tests of the candidate's own calls use. */
export function candidateHelpers(t: TestApp & DemoAccounts) {
  let seq = 0;

  /**
   * A signed-in candidate with an application (待审核, as the state machine records it) to a new plan of company 1,
   * the account linked to the applicant; the plan's registration fee and when it is paid as told.
   */
  async function candidateWithApplication(options: { fee?: number; afterReview?: boolean; payDays?: number; planName?: string } = {}) {
    seq += 1;
    const { plan, posts } = await insertPlan(t.db, t.company1, { name: options.planName ?? `考生计划${seq}`, posts: ['综合管理岗'] });
    await t.db
      .update(recruitmentPlan)
      .set({ registrationFee: options.fee ?? 0, feeAfterReview: options.afterReview ?? false, feePayDays: options.payDays ?? 3 })
      .where(eq(recruitmentPlan.id, plan.id));
    const phone = `1370000${String(seq).padStart(4, '0')}`;
    const application = await insertApplication(
      t.db,
      { companyId: t.company1, planId: plan.id, recruitmentId: posts[0]!.id, realName: `考生${seq}` },
      { identityNo: identityNo('1997-05-06', 500 + seq), phone },
    );
    await t.db.transaction((tx) => recordApplied(tx, { id: application.id, companyId: t.company1, planId: plan.id, status: null }));
    const token = await signInCandidate(t, phone);
    await t.db.update(candidateAccount).set({ talentId: application.talentId }).where(eq(candidateAccount.phone, phone));
    return { token, application, plan, post: posts[0]! };
  }

  /** Moves the application by the state machine, as a reviewer of company 1 would. */
  const move = (application: { id: number; planId: number }, from: ApplicationStatus, to: ApplicationStatus, remarks = '') =>
    t.db.transaction((tx) =>
      transition(tx, { application: { id: application.id, companyId: t.company1, planId: application.planId, status: from }, to, actorId: t.shenheId, remarks }),
    );

  /** The sign-up review passed (10 → 20). */
  const pass = (application: { id: number; planId: number }) => move(application, APPLICATION_STATUS.pending, APPLICATION_STATUS.awaitingWritten, '资格审核通过');

  /** Moves the application's history (and so its fee deadline) `days` into the past. */
  const ageHistory = (applicationId: number, days: number) =>
    t.db.execute(sql`update application_history set created_at = created_at - make_interval(days => ${days}) where application_id = ${applicationId}`);

  return { candidateWithApplication, move, pass, ageHistory };
}
