import {
  BUY_STATUS, ORDER_OPEN_MINUTES, RESUME_PRICE_CENTS, type ResumeView, TALENT_MESSAGES, centsToYuan,
  companyBuyUserTalent, companyFreeBuyTalent, getByTalentOrder, getTalentInfo, talentApplicationRow,
  talentResumePdf, unlockTalentByQuota,
} from '@zhaokao/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { talent } from '../../db/tables.js';
import { conflict, notFound } from '../../shared/errors.js';
import { createPdf, storedImageOf } from '../../shared/pdf.js';
import { defineFileRoute, defineRoute } from '../../shared/route.js';
import { parsedRows, timestampText } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { type PaymentChannels, closeOrder, orderViewOf } from '../order/index.js';
import { maskedResume, ownApplicantSql, unlockedSql, visibleSql } from './masking.js';
import { drawResume } from './resume-pdf.js';
import { ageOf, resumeViewFrom } from './resume-view.js';

const QUOTA_CODE = 'resume_quota';

/** The company's resume-quota rights in force with uses left. */
const quotaRightsSql = (companyId: number) =>
  sql`company_right where company_id = ${companyId} and function_code = ${QUOTA_CODE} and quota is not null and used < quota
    and valid_from <= now() and valid_until > now()`;

/** The talent as the company may see it (masked until unlocked), or 404 for a talent it may not see at all. */
async function talentFor(db: Db, companyId: number, id: number, templateId: number | undefined) {
  const [record] = await db.select().from(talent).where(and(eq(talent.id, id), visibleSql(companyId, id)));
  if (!record) throw notFound(TALENT_MESSAGES.missing);
  if (templateId !== undefined) {
    const [template] = await rowsOf(db, sql`select 1 from talent_template where id = ${templateId} and company_id = ${companyId}`);
    if (!template) throw notFound('简历模板不存在');
  }
  const [flags] = await rowsOf<{ unlocked: boolean; ownApplicant: boolean; blacklistReason: string | null; quotaLeft: number }>(
    db,
    sql`select ${unlockedSql(companyId, id)} as unlocked, ${ownApplicantSql(companyId, id)} as "ownApplicant",
      (select reason from talent_company_black where company_id = ${companyId} and talent_id = ${id}) as "blacklistReason",
      (select coalesce(sum(quota - used), 0)::int from ${quotaRightsSql(companyId)}) as "quotaLeft"`,
  );
  const resume: ResumeView = await resumeViewFrom(db, companyId, maskedResume(record, flags!.unlocked), templateId ?? null, ageOf(record.birthday));
  return { record, flags: flags!, resume };
}

export function talentResumeRoutes(app: FastifyInstance, channels: PaymentChannels) {
  const { db, storage } = app.deps;

  defineRoute(app, getTalentInfo, async ({ input, session }) => {
    const { record, flags, resume } = await talentFor(db, session.companyId, input.id, input.templateId);
    const applications = await parsedRows(
      db,
      sql`select a.id, p.name as "planName", r.job_vacancy as "jobVacancy", a.status, a.created_at as "createdAt"
        from candidate_application a join recruitment_plan p on p.id = a.plan_id join recruitment_info r on r.id = a.recruitment_id
        where a.company_id = ${session.companyId} and a.talent_id = ${input.id} order by a.id desc`,
      talentApplicationRow.extend({ createdAt: timestampText }),
    );
    return {
      id: record.id,
      buyStatus: flags.unlocked ? BUY_STATUS.unlocked : BUY_STATUS.locked,
      realName: record.realName,
      ownApplicant: flags.ownApplicant,
      blacklisted: flags.blacklistReason !== null,
      blacklistReason: flags.blacklistReason ?? '',
      quotaLeft: Number(flags.quotaLeft),
      priceY: centsToYuan(RESUME_PRICE_CENTS),
      resume,
      applications,
    };
  });

  defineFileRoute(app, talentResumePdf, async ({ input, session }) => {
    const { record, flags, resume } = await talentFor(db, session.companyId, input.id, input.templateId);
    const pdf = createPdf(`${record.realName} 个人简历`);
    drawResume(pdf.doc, {
      realName: record.realName,
      unlocked: flags.unlocked,
      photo: resume.certificateImage ? await storedImageOf(storage, resume.certificateImage) : null,
      resume,
    });
    return { fileName: `${record.realName}-个人简历.pdf`, contentType: 'application/pdf', body: await pdf.finish() };
  });

  defineRoute(
    app,
    companyFreeBuyTalent,
    async ({ input, session }) => {
      const [own] = await rowsOf<{ own: boolean }>(
        db,
        sql`select ${ownApplicantSql(session.companyId, input.id)} as own from talent t where t.id = ${input.id} and ${visibleSql(session.companyId, input.id)}`,
      );
      if (!own) throw notFound(TALENT_MESSAGES.missing);
      if (!own.own) throw conflict(TALENT_MESSAGES.notApplicant);
      await db.execute(sql`insert into talent_unlock (company_id, talent_id, source, created_by)
        values (${session.companyId}, ${input.id}, 'applicant', ${session.userId}) on conflict do nothing`);
      return { buyStatus: BUY_STATUS.unlocked };
    },
    { successMsg: '已解锁' },
  );

  defineRoute(
    app,
    unlockTalentByQuota,
    async ({ input, session }) => {
      const quotaLeft = await db.transaction(async (tx) => {
        const [state] = await rowsOf<{ unlocked: boolean }>(
          tx,
          sql`select ${unlockedSql(session.companyId, input.id)} as unlocked from talent t where t.id = ${input.id} and ${visibleSql(session.companyId, input.id)}`,
        );
        if (!state) throw notFound(TALENT_MESSAGES.missing);
        if (state.unlocked) throw conflict(TALENT_MESSAGES.alreadyUnlocked);
        // Two unlocks of one talent at once: the second waits on the first's row here and then unlocks nothing.
        const [unlock] = await rowsOf(
          tx,
          sql`insert into talent_unlock (company_id, talent_id, source, created_by) values (${session.companyId}, ${input.id}, 'quota', ${session.userId})
            on conflict do nothing returning talent_id`,
        );
        if (!unlock) throw conflict(TALENT_MESSAGES.alreadyUnlocked);
        // One use of the quota that ends first; the condition is checked again on the locked row, so it never goes past the quota.
        const [used] = await rowsOf<{ id: number }>(
          tx,
          sql`update company_right set used = used + 1
            where id = (select id from ${quotaRightsSql(session.companyId)} order by valid_until, id limit 1 for update)
              and used < quota returning id`,
        );
        if (!used) throw conflict(TALENT_MESSAGES.noQuota);
        await tx.execute(sql`update talent_unlock set right_id = ${used.id} where company_id = ${session.companyId} and talent_id = ${input.id}`);
        const [left] = await rowsOf<{ n: number }>(tx, sql`select coalesce(sum(quota - used), 0)::int as n from ${quotaRightsSql(session.companyId)}`);
        return Number(left!.n);
      });
      // An order for the same talent left open is not needed any more.
      const open = await rowsOf<{ id: number }>(
        db,
        sql`select id from company_order where company_id = ${session.companyId} and talent_id = ${input.id} and type = 9 and status = 0`,
      );
      for (const order of open) await closeOrder(db, channels, order.id, '已用简历额度解锁');
      return { buyStatus: BUY_STATUS.unlocked, quotaLeft };
    },
    { ownTransactions: true, successMsg: '已解锁' },
  );

  defineRoute(app, companyBuyUserTalent, async ({ input, session }) => {
    const [state] = await rowsOf<{ unlocked: boolean; realName: string }>(
      db,
      sql`select ${unlockedSql(session.companyId, input.id)} as unlocked, t.real_name as "realName"
        from talent t where t.id = ${input.id} and ${visibleSql(session.companyId, input.id)}`,
    );
    if (!state) throw notFound(TALENT_MESSAGES.missing);
    if (state.unlocked) throw conflict(TALENT_MESSAGES.alreadyUnlocked);
    // One open order per talent: a second click (or a second tab) gets the same one.
    const [made] = await rowsOf<{ id: number }>(
      db,
      sql`insert into company_order (company_id, type, name, amount_cents, talent_id, created_by, expires_at)
        values (${session.companyId}, 9, ${`购买简历：${state.realName}`}, ${RESUME_PRICE_CENTS}, ${input.id}, ${session.userId},
          now() + make_interval(mins => ${ORDER_OPEN_MINUTES}))
        on conflict (company_id, talent_id) where status = 0 and type = 9 do nothing returning id`,
    );
    const id =
      made?.id ??
      (
        await rowsOf<{ id: number }>(
          db,
          sql`select id from company_order where company_id = ${session.companyId} and talent_id = ${input.id} and type = 9 and status = 0`,
        )
      )[0]?.id;
    // closed in between (it expired at that very moment): the caller asks again
    if (id === undefined) throw conflict('订单状态已变化，请重试');
    return (await orderViewOf(db, session.companyId, id))!;
  });

  defineRoute(app, getByTalentOrder, async ({ input, session }) => {
    const [latest] = await rowsOf<{ id: number }>(
      db,
      sql`select id from company_order where company_id = ${session.companyId} and talent_id = ${input.id} and type = 9 order by id desc limit 1`,
    );
    return latest ? ((await orderViewOf(db, session.companyId, latest.id)) ?? null) : null;
  });
}
