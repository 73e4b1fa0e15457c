import { FEE_ORDER_TYPE, type ExamStage, myRegistrationForm, myTicket, toChinaDateTime } from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recruitmentPlan } from '../../db/tables.js';
import { conflict } from '../../shared/errors.js';
import { createPdf, storedImageOf } from '../../shared/pdf.js';
import { publicOrigin } from '../../shared/public-origin.js';
import { defineFileRoute } from '../../shared/route.js';
import { rowsOf } from '../../shared/sql.js';
import { candidateOf } from '../candidate-account/index.js';
import { applicationTicketPdf, examTimeOf } from '../exam/index.js';
import { resumeViewOf } from '../talent/index.js';
import { ownApplicationOf } from './own-application.js';
import { drawRegistrationForm } from './registration-form-pdf.js';
import { ticketRefusal } from './ticket-window.js';

/** The candidate's PDFs: the 报名登记表 with its 诚信承诺书, and the admission tickets in their window. */
export function documentRoutes(app: FastifyInstance) {
  const { db, storage } = app.deps;
  const guard = (request: FastifyRequest) => candidateOf(db, request);

  // Both PDFs answer inline: WeChat's in-app browser, where most candidates are, opens them and downloads nothing.
  defineFileRoute(
    app,
    myRegistrationForm,
    async ({ input, request }) => {
      const { id, companyId } = await ownApplicationOf(db, request, input.id);
      const [row] = await rowsOf<{
        realName: string;
        identityNo: string;
        phone: string;
        createdAt: Date | string;
        planName: string;
        companyName: string;
        jobVacancy: string;
        templateId: number | null;
      }>(
        db,
        sql`select a.real_name as "realName", a.identity_no as "identityNo", a.phone, a.created_at as "createdAt", p.name as "planName",
            c.name as "companyName", r.job_vacancy as "jobVacancy", r.talent_template_id as "templateId"
          from candidate_application a
          join recruitment_plan p on p.id = a.plan_id and p.company_id = a.company_id
          join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
          join company c on c.id = a.company_id
          where a.id = ${id} and a.company_id = ${companyId}`,
      );
      const resume = (await resumeViewOf(db, companyId, id, row!.templateId)) ?? { certificateImage: '', sections: [] };
      const pdf = createPdf(`${row!.planName} 报名登记表`);
      drawRegistrationForm(pdf.doc, {
        ...row!,
        applicationNo: String(id),
        appliedAt: toChinaDateTime(new Date(row!.createdAt)),
        photo: resume.certificateImage ? await storedImageOf(storage, resume.certificateImage) : null,
        resume,
      });
      return { fileName: `报名登记表-${row!.realName}.pdf`, contentType: 'application/pdf', body: await pdf.finish(), disposition: 'inline' };
    },
    { guard },
  );

  defineFileRoute(
    app,
    myTicket,
    async ({ input, request }) => {
      const stage = input.stage as ExamStage;
      const { id, companyId, planId } = await ownApplicationOf(db, request, input.id);
      const [plan] = await db.select().from(recruitmentPlan).where(eq(recruitmentPlan.id, planId));
      const [state] = await rowsOf<{ issued: boolean; feeUnpaid: boolean }>(
        db,
        sql`select exists (select 1 from application_stage s
              where s.company_id = ${companyId} and s.application_id = ${id} and s.stage = ${stage}
                and s.issued_at is not null and s.ticket_code is not null) as issued,
            ${plan!.feeAfterReview && plan!.registrationFee > 0}::boolean and not exists (select 1 from company_order o
              where o.company_id = ${companyId} and o.application_id = ${id} and o.type = ${FEE_ORDER_TYPE} and o.status = 1) as "feeUnpaid"`,
      );
      const refusal = ticketRefusal(stage, { ...state!, examTime: examTimeOf(plan!, stage) });
      if (refusal) throw conflict(refusal);
      const ticket = await applicationTicketPdf(db, storage, plan!, stage, id, publicOrigin(app.deps.config, request));
      if (!ticket) throw conflict(ticketRefusal(stage, { issued: false, examTime: examTimeOf(plan!, stage), feeUnpaid: false }));
      return { fileName: ticket.fileName, contentType: 'application/pdf', body: ticket.body, disposition: 'inline' };
    },
    { guard },
  );
}
