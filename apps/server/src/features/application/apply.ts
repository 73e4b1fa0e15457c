import {
  APPLICATION_STATUS, type ParsedInputOf, TALENT_MESSAGES, type TemplateFieldRule, type applyRecruitment,
  birthdayOfIdentityNo, missingRequiredField, requiredFieldMessage, type resubmitApplication,
} from '@zhaokao/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicationResume, candidateApplication, recruitmentInfo, recruitmentPlan, talent, talentCompanyBlack } from '../../db/tables.js';
import { refusingViolations } from '../../shared/db-errors.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import { rowsOf } from '../../shared/sql.js';
import { createFeeOrder } from '../order/index.js';
import { recordApplied, transition } from '../pipeline/index.js';

export const OUTSIDE_SIGN_UP = '不在报名时间内';
export const PLAN_NOT_OPEN = '该招录计划未开放报名';

export type ResumeInput = ParsedInputOf<typeof applyRecruitment>['talentInfo'];

/** The resume as stored: without a birthday given, the one its identity number says. */
export const resumeOf = (talentInfo: ResumeInput) => ({
  ...talentInfo,
  birthday: talentInfo.birthday ?? birthdayOfIdentityNo(talentInfo.identityNo),
});
export type StoredResume = ReturnType<typeof resumeOf>;

/** A talent on the company's blacklist (DESIGN §9) is told, neutrally, that they cannot apply. */
export async function refuseBlacklisted(tx: Db, companyId: number, talentId: number) {
  const [listed] = await tx
    .select({ talentId: talentCompanyBlack.talentId })
    .from(talentCompanyBlack)
    .where(and(eq(talentCompanyBlack.companyId, companyId), eq(talentCompanyBlack.talentId, talentId)));
  if (listed) throw conflict(TALENT_MESSAGES.applyRefused);
}

/**
 * Refuses (400, naming the field) a resume that leaves empty a field the post's resume template requires (必填), by
 * the contracts' rule; a post without a template asks for nothing more than the resume's own rules.
 */
export async function refuseIncomplete(tx: Db, companyId: number, recruitmentId: number, resume: Record<string, unknown>) {
  const fields = await rowsOf<TemplateFieldRule>(
    tx,
    sql`select f.field_code as "fieldCode", c.name, f.show_status as "showStatus", f.required
      from recruitment_info r
      join talent_template_field f on f.template_id = r.talent_template_id and f.company_id = r.company_id
      join talent_field c on c.code = f.field_code
      where r.id = ${recruitmentId} and r.company_id = ${companyId}
      order by c.sort, c.code`,
  );
  const missing = missingRequiredField(resume, fields);
  if (missing) throw badRequest(requiredFieldMessage(missing.name));
}

/**
 * The post applied to, with its plan, open for sign-up (published, inside its dates; the state machine refuses a
 * closed sign-up); `of` keeps to a plan's posts (another post answers as a missing one), `anyTime` skips the dates. Key-share locks, as the application's foreign keys take anyway: a change of the plan's status or
 * of the post's plan waits for this application, or this one sees the change.
 */
export async function lockOpenPost(tx: Db, recruitmentId: number, of?: { companyId: number; planId: number; anyTime?: boolean }) {
  const [post] = await tx
    .select({
      id: recruitmentInfo.id,
      companyId: recruitmentInfo.companyId,
      education: recruitmentInfo.education,
      planId: recruitmentPlan.id,
      planStatus: recruitmentPlan.status,
      start: recruitmentPlan.signUpStartDate,
      end: recruitmentPlan.signUpEndDate,
      planName: recruitmentPlan.name,
      fee: recruitmentPlan.registrationFee,
      feeAfterReview: recruitmentPlan.feeAfterReview,
      photoWidth: recruitmentPlan.photoWidth,
      photoHeight: recruitmentPlan.photoHeight,
      photoMinKb: recruitmentPlan.photoMinKb,
      photoMaxKb: recruitmentPlan.photoMaxKb,
    })
    .from(recruitmentInfo)
    .innerJoin(recruitmentPlan, and(eq(recruitmentPlan.id, recruitmentInfo.planId), eq(recruitmentPlan.companyId, recruitmentInfo.companyId)))
    .where(
      and(
        eq(recruitmentInfo.id, recruitmentId),
        of && eq(recruitmentInfo.companyId, of.companyId),
        of && eq(recruitmentInfo.planId, of.planId),
      ),
    )
    .for('key share');
  if (!post) throw notFound('岗位不存在');
  if (of?.anyTime) return post;
  if (post.planStatus !== 'published') throw conflict(PLAN_NOT_OPEN);
  const now = Date.now();
  if (now < post.start.getTime() || now > post.end.getTime()) throw conflict(OUTSIDE_SIGN_UP);
  return post;
}
export type OpenPost = Awaited<ReturnType<typeof lockOpenPost>>;

/**
 * The application (10) of `talentId` to the open post, its resume as submitted, its first history row and, when the
 * plan charges a fee before the review, the fee order (a pay-after-review plan's order is made once the review passed).
 */
export async function enterApplication(tx: Db, post: OpenPost, talentId: number, resume: StoredResume) {
  const [application] = await tx
    .insert(candidateApplication)
    .values({
      companyId: post.companyId,
      planId: post.planId,
      recruitmentId: post.id,
      talentId,
      status: APPLICATION_STATUS.pending,
      realName: resume.realName,
      identityNo: resume.identityNo,
      phone: resume.phone,
    })
    .returning({ id: candidateApplication.id });
  const applicationId = application!.id;
  await tx.insert(applicationResume).values({ ...resume, companyId: post.companyId, applicationId });
  await recordApplied(tx, { id: applicationId, companyId: post.companyId, planId: post.planId, status: null });
  const feeOrderId =
    post.fee > 0 && !post.feeAfterReview
      ? await createFeeOrder(tx, { companyId: post.companyId, planId: post.planId, applicationId, amountCents: post.fee, planName: post.planName })
      : null;
  return { applicationId, feeOrderId };
}

/** A candidate applies to a post (public call): a new talent, the application (10) with its resume and, when the plan charges one, the fee order. */
export async function applyFor(db: Db, input: ParsedInputOf<typeof applyRecruitment>) {
  const t = input.talentInfo;
  const resume = resumeOf(t);
  return refusingViolations(async () => {
    return await db.transaction(async (tx) => {
      const post = await lockOpenPost(tx, input.recruitmentId);
      await refuseIncomplete(tx, post.companyId, post.id, resume);

      // Only a new person becomes a talent and an applicant here. An identity number that already belongs to a
      // talent is refused, whatever phone comes with it, with the blacklist's neutral answer: attaching an existing
      // talent (which makes it the company's applicant, unlocked with everything it stored) needs the candidate
      // to sign in, not their identity number and a phone number that can be guessed. One answer for every such
      // refusal, so that this public call tells nobody which phone a number was registered with.
      const [person] = await tx.insert(talent).values(resume).onConflictDoNothing({ target: talent.identityNo }).returning({ id: talent.id });
      if (!person) throw conflict(TALENT_MESSAGES.applyRefused);
      const { applicationId, feeOrderId } = await enterApplication(tx, post, person.id, resume);
      return { applicationId, talentId: person.id, status: APPLICATION_STATUS.pending, feeOrderId };
    });
  }, {
    // two submissions at the same moment: the unique index decides
    unique: conflict(TALENT_MESSAGES.applyRefused),
  });
}

/** A candidate resubmits a corrected resume (12 → 10, public call), answering alike for a missing and someone else's application. */
export async function resubmitCorrected(db: Db, input: ParsedInputOf<typeof resubmitApplication>) {
  const t = input.talentInfo;
  const resume = resumeOf(t);
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(candidateApplication)
      .where(eq(candidateApplication.id, input.applicationId))
      .for('update');
    // The same answer whether the application does not exist or is someone else's: this call is public.
    if (!application || application.identityNo !== t.identityNo || application.phone !== t.phone) {
      throw notFound('报名记录不存在，或身份证号码、手机号码与报名时不一致');
    }
    if (application.status !== APPLICATION_STATUS.rejectedCorrectable) throw conflict('该报名当前不能修改后重新提交');
    await resubmitWith(tx, application, resume);
    return { applicationId: application.id, status: APPLICATION_STATUS.pending };
  });
}

/**
 * A returned application (12) back to review (10) with `resume`, checked by its post's template: the resume as
 * submitted replaced, the sign-up tasks pending again (the state machine's follow-up). In the caller's locked transaction.
 */
export async function resubmitWith(tx: Db, application: typeof candidateApplication.$inferSelect, resume: StoredResume) {
  await refuseBlacklisted(tx, application.companyId, application.talentId);
  await refuseIncomplete(tx, application.companyId, application.recruitmentId, resume);
  await tx
    .update(applicationResume)
    .set({ ...resume, createdAt: new Date() })
    .where(and(eq(applicationResume.applicationId, application.id), eq(applicationResume.companyId, application.companyId)));
  await tx
    .update(candidateApplication)
    .set({ realName: resume.realName })
    .where(and(eq(candidateApplication.id, application.id), eq(candidateApplication.companyId, application.companyId)));
  await transition(tx, { application, to: APPLICATION_STATUS.pending, actorId: null, remarks: '考生修改简历后重新提交' });
}
