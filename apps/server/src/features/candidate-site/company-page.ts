import {
  CANDIDATE_SITE_FEED_LIMIT, CANDIDATE_SITE_MESSAGES, CANDIDATE_SITE_PLAN_LIMIT, type CandidateSiteCompany,
  FUNCTION_CODES, candidateSitePlan, centsToYuan, photoRuleOf, planRow,
} from '@zhaokao/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { company, sysDict } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { chinaTimeText, parsedRows } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { companyIndustry } from '../company/index.js';
import { holdsRight } from '../rights/index.js';
import { publicationPage } from './publications.js';
import { planPhaseSql, planVisible } from './visible.js';

/**
 * The company as candidates see it, or the 404: name, industry and address always; the logo and its texts only
 * while it holds the customised company info, as the back office shows its brand only then.
 */
export async function siteCompanyOf(db: Db, companyId: number): Promise<CandidateSiteCompany> {
  const [row] = await db
    .select({
      id: company.id,
      name: company.name,
      industryName: sql<string>`coalesce(${sysDict.label}, '')`,
      address: company.address,
      logo: company.logo,
      introduce: company.introduce,
      manageIdea: company.manageIdea,
    })
    .from(company)
    .leftJoin(sysDict, companyIndustry)
    .where(eq(company.id, companyId));
  if (!row) throw notFound(CANDIDATE_SITE_MESSAGES.companyMissing);
  const custom = await holdsRight(db, companyId, FUNCTION_CODES.CUSTOM_COMPANY_INFO);
  return custom ? { ...row, custom } : { ...row, custom, logo: '', introduce: '', manageIdea: '' };
}

const dates = { signUpStartDate: chinaTimeText, signUpEndDate: chinaTimeText, writtenStartDate: chinaTimeText, auditionStartDate: chinaTimeText };

/** A plan row as the database answers it: times as instants, the fee in cents (bigint, text from node-postgres). */
const planColumnsRow = candidateSitePlan.omit({ registrationFeeY: true }).extend({ ...dates, registrationFee: z.coerce.number().int() });
const withFee = <R extends { registrationFee: number }>({ registrationFee, ...plan }: R) => ({ ...plan, registrationFeeY: centsToYuan(registrationFee) });
export const planDbRow = planColumnsRow.transform(withFee);
/** `planDbRow` with the plan page's addresses, remark, 缴费方式 and 证件照要求. */
export const planDetailDbRow = planColumnsRow
  .extend({
    writtenExamAddress: z.string(),
    auditionExamAddress: z.string(),
    remark: z.string(),
    ...planRow.pick({ feeAfterReview: true, feePayDays: true, photoWidth: true, photoHeight: true, photoMinKb: true, photoMaxKb: true }).shape,
  })
  .transform(({ photoWidth, photoHeight, photoMinKb, photoMaxKb, ...plan }) => ({
    ...withFee(plan),
    photoRule: photoRuleOf({ photoWidth, photoHeight, photoMinKb, photoMaxKb }),
  }));

/** The columns of `planDbRow` of a plan `p`, its posts counted without the cancelled ones. */
export const planColumns = sql`p.id, p.name, ${planPhaseSql('p')} as phase,
  p.sign_up_start_date as "signUpStartDate", p.sign_up_end_date as "signUpEndDate",
  p.written_start_date as "writtenStartDate", p.audition_start_date as "auditionStartDate",
  p.exam_mode as "examMode", p.registration_fee as "registrationFee",
  (select count(*)::int from recruitment_info r where r.company_id = p.company_id and r.plan_id = p.id and r.cancelled_at is null) as "postCount",
  (select coalesce(sum(r.places), 0)::int from recruitment_info r where r.company_id = p.company_id and r.plan_id = p.id and r.cancelled_at is null) as places`;

/** 单位主页: the company, its plans that are not drafts (open, then upcoming, then the most recently ended), the newest notices and news. */
export async function companyPage(db: Db, companyId: number) {
  const siteCompany = await siteCompanyOf(db, companyId);
  const feedPage = { pageNum: 1, pageSize: CANDIDATE_SITE_FEED_LIMIT };
  const [plans, [planCount], notices, news] = await Promise.all([
    parsedRows(
      db,
      sql`select * from (select ${planColumns} from recruitment_plan p where ${planVisible(companyId)}) v
        order by case v.phase when 'open' then 0 when 'upcoming' then 1 else 2 end,
          case when v.phase = 'upcoming' then v."signUpStartDate" end asc, v."signUpEndDate" desc, v.id desc
        limit ${CANDIDATE_SITE_PLAN_LIMIT}`,
      planDbRow,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from recruitment_plan p where ${planVisible(companyId)}`),
    publicationPage(db, companyId, 'notice', undefined, feedPage),
    publicationPage(db, companyId, 'news', undefined, feedPage),
  ]);
  return { company: siteCompany, plans, planTotal: planCount!.n, notices, news };
}
