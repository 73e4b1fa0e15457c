import { APPLICATION_STATUS, type ParsedInputOf, TALENT_MESSAGES, applyRecruitment, birthdayOfIdentityNo, companyCandidateList, resubmitApplication } from '@zhaokao/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { applicationResume, candidateApplication, recruitmentInfo, recruitmentPlan, talent, talentCompanyBlack } from '../../db/tables.js';
import { refusingViolations } from '../../shared/db-errors.js';
import { conflict, notFound } from '../../shared/errors.js';
import { createFeeOrder } from '../order/fee-routes.js';
import { defineRoute } from '../../shared/route.js';
import { rowsOf } from '../../shared/sql.js';
import { recordApplied, transition } from './state-machine.js';
import { type CandidateListCount, type CandidateListRow, candidateListSql } from './candidate-list.js';

export const ALREADY_APPLIED = '您已报名该招录计划，不能重复报名';
export const OUTSIDE_SIGN_UP = '不在报名时间内';
export const PLAN_NOT_OPEN = '该招录计划未开放报名';
export const PHONE_MISMATCH = '该身份证号码已使用其他手机号码登记，请使用登记的手机号码报名，或联系招聘单位';

/** numeric as the two-place string the contracts use, whichever driver read it. */
export const gradeOf = (v: string | number | null) => (v === null ? null : typeof v === 'number' ? v.toFixed(2) : v);

/** The resume as stored: without a birthday given, the one its identity number says. */
const resumeOf = (talentInfo: ParsedInputOf<typeof applyRecruitment>['talentInfo']) => ({
  ...talentInfo,
  birthday: talentInfo.birthday ?? birthdayOfIdentityNo(talentInfo.identityNo),
});

/** A talent on the company's blacklist (DESIGN §9) is told, neutrally, that they cannot apply. */
async function refuseBlacklisted(tx: Db, companyId: number, talentId: number) {
  const [listed] = await tx
    .select({ talentId: talentCompanyBlack.talentId })
    .from(talentCompanyBlack)
    .where(and(eq(talentCompanyBlack.companyId, companyId), eq(talentCompanyBlack.talentId, talentId)));
  if (listed) throw conflict(TALENT_MESSAGES.applyRefused);
}

export function applicationRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(
    app,
    applyRecruitment,
    async ({ input }) => {
      const t = input.talentInfo;
      const resume = resumeOf(t);
      return refusingViolations(async () => {
        return await db.transaction(async (tx) => {
          // Key-share locks, as the application's foreign keys take anyway: a change of the plan's
          // status or of the post's plan waits for this application, or this one sees the change.
          const [post] = await tx
            .select({
              id: recruitmentInfo.id,
              companyId: recruitmentInfo.companyId,
              planId: recruitmentPlan.id,
              planStatus: recruitmentPlan.status,
              start: recruitmentPlan.signUpStartDate,
              end: recruitmentPlan.signUpEndDate,
              planName: recruitmentPlan.name,
              fee: recruitmentPlan.registrationFee,
            })
            .from(recruitmentInfo)
            .innerJoin(
              recruitmentPlan,
              and(eq(recruitmentPlan.id, recruitmentInfo.planId), eq(recruitmentPlan.companyId, recruitmentInfo.companyId)),
            )
            .where(eq(recruitmentInfo.id, input.recruitmentId))
            .for('key share');
          if (!post) throw notFound('岗位不存在');
          if (post.planStatus !== 'published') throw conflict(PLAN_NOT_OPEN);
          const now = Date.now();
          if (now < post.start.getTime() || now > post.end.getTime()) throw conflict(OUTSIDE_SIGN_UP);

          // A new person becomes a talent; an existing one is only linked, never changed: this call is
          // public, and the resume each company reviews is the application's own copy.
          const [created] = await tx
            .insert(talent)
            .values(resume)
            .onConflictDoNothing({ target: talent.identityNo })
            .returning({ id: talent.id, phone: talent.phone });
          const [person] = created
            ? [created]
            : await tx.select({ id: talent.id, phone: talent.phone }).from(talent).where(eq(talent.identityNo, t.identityNo));
          // Knowing someone's identity number is not enough to apply in their name.
          if (!person || person.phone !== t.phone) throw conflict(PHONE_MISMATCH);
          await refuseBlacklisted(tx, post.companyId, person.id);
          const [existing] = await tx
            .select({ id: candidateApplication.id })
            .from(candidateApplication)
            .where(
              and(
                eq(candidateApplication.companyId, post.companyId),
                eq(candidateApplication.planId, post.planId),
                eq(candidateApplication.talentId, person.id),
              ),
            );
          if (existing) throw conflict(ALREADY_APPLIED);
          const [application] = await tx
            .insert(candidateApplication)
            .values({
              companyId: post.companyId,
              planId: post.planId,
              recruitmentId: post.id,
              talentId: person.id,
              status: APPLICATION_STATUS.pending,
              realName: t.realName,
              identityNo: t.identityNo,
              phone: t.phone,
            })
            .returning({ id: candidateApplication.id });
          await tx.insert(applicationResume).values({ ...resume, companyId: post.companyId, applicationId: application!.id });
          await recordApplied(tx, { id: application!.id, companyId: post.companyId, planId: post.planId, status: null });
          const feeOrderId =
            post.fee > 0
              ? await createFeeOrder(tx, { companyId: post.companyId, planId: post.planId, applicationId: application!.id, amountCents: post.fee, planName: post.planName })
              : null;
          return { applicationId: application!.id, talentId: person.id, status: APPLICATION_STATUS.pending, feeOrderId };
        });
      }, {
        // two submissions at the same moment: the unique index decides
        unique: conflict(ALREADY_APPLIED),
      });
    },
    { successMsg: '报名成功', rateLimit: 'apply' },
  );

  defineRoute(
    app,
    resubmitApplication,
    async ({ input }) => {
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
        await refuseBlacklisted(tx, application.companyId, application.talentId);
        await tx
          .update(applicationResume)
          .set({ ...resume, createdAt: new Date() })
          .where(and(eq(applicationResume.applicationId, application.id), eq(applicationResume.companyId, application.companyId)));
        await tx
          .update(candidateApplication)
          .set({ realName: t.realName })
          .where(and(eq(candidateApplication.id, application.id), eq(candidateApplication.companyId, application.companyId)));
        await transition(tx, { application, to: APPLICATION_STATUS.pending, actorId: null, remarks: '考生修改简历后重新提交' });
        return { applicationId: application.id, status: APPLICATION_STATUS.pending };
      });
    },
    { successMsg: '提交成功', rateLimit: 'apply' },
  );

  defineRoute(app, companyCandidateList, async ({ input, session }) => {
    const companyId = session.companyId;
    // Both statements at once: each is limited to the caller's company by its own WHERE, so nothing
    // is answered before the first one has shown that the plan (and post) are theirs.
    const q = candidateListSql({ ...input, companyId });
    const [totals, rows] = await Promise.all([rowsOf<CandidateListCount>(db, q.count), rowsOf<CandidateListRow>(db, q.page)]);
    if (!totals[0]?.planFound) throw notFound('招录计划不存在');
    if (!totals[0].postFound) throw notFound('岗位不存在');
    return {
      total: Number(totals[0]?.total ?? 0),
      list: rows.map((r) => ({
        ...r,
        status: Number(r.status),
        writtenGrade: gradeOf(r.writtenGrade),
        auditionGrade: gradeOf(r.auditionGrade),
        createdAt: new Date(r.createdAt).toISOString(),
      })),
    };
  });
}
