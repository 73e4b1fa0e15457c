import { HOME_PLAN_LIMIT, SIGN_UP_STAGE, recruitmentWaitAuditList } from '@zhaokao/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { company, companyWallet, staffUser, storedFile, sysDict, sysRole } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { countRows } from '../../shared/rows.js';
import type { Session } from '../../shared/session.js';
import { rowsOf } from '../../shared/sql.js';
import { waitAuditSql } from '../examine/index.js';
import { heldRights } from '../rights/index.js';
import { companyIndustry } from '../company/index.js';
import { examCardsOf } from './exam-cards.js';
import { gateCardsOf } from './gate-cards.js';

const iso = (d: Date) => new Date(d).toISOString();

/**
 * 首页: the company, its staff, files and rights, its open plans, the work waiting (each card counted as the list it
 * opens counts it) and the caller's unread messages.
 */
export async function homeOverviewOf(db: Db, session: Session) {
  const companyId = session.companyId;
  const [row] = await db
    .select({ company, industryName: sysDict.label, balance: companyWallet.totalBalance })
    .from(company)
    .leftJoin(sysDict, companyIndustry)
    .leftJoin(companyWallet, eq(companyWallet.companyId, company.id))
    .where(eq(company.id, companyId));
  if (!row) throw notFound('单位不存在');
  const staff = await db
    .select({ enabled: staffUser.enabled, n: count() })
    .from(staffUser)
    .where(eq(staffUser.companyId, companyId))
    .groupBy(staffUser.enabled);
  const roles = await countRows(db, sysRole, eq(sysRole.companyId, companyId));
  const files = await countRows(db, storedFile, eq(storedFile.companyId, companyId));
  const openPlans = await rowsOf<{ id: number; name: string; status: string; signUpStartDate: Date; signUpEndDate: Date; writtenStartDate: Date; auditionStartDate: Date; applicationCount: number; total: number }>(
    db,
    sql`select p.id, p.name, p.status, p.sign_up_start_date as "signUpStartDate", p.sign_up_end_date as "signUpEndDate",
        p.written_start_date as "writtenStartDate", p.audition_start_date as "auditionStartDate",
        (select count(*)::int from candidate_application a where a.company_id = p.company_id and a.plan_id = p.id) as "applicationCount",
        count(*) over ()::int as total
      from recruitment_plan p where p.company_id = ${companyId} and p.status <> 'closed'
      order by p.id desc limit ${HOME_PLAN_LIMIT}`,
  );
  // 待审核's total (every plan): the caller's sign-up tasks that can be decided now.
  const signUpWaiting = async () => {
    const [counted] = await rowsOf<{ total: number }>(
      db,
      waitAuditSql({ companyId, staffId: session.userId, stage: SIGN_UP_STAGE.stage, keyword: '', pageNum: 1, pageSize: 1 }).count,
    );
    return Number(counted?.total ?? 0);
  };
  const [unread] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_message where recipient_user_id = ${session.userId} and company_id = ${companyId} and read_at is null`,
  );
  return {
    // the contract's output keeps only the company's id, name, logo, industry name and address
    company: { ...row.company, industryName: row.industryName ?? '' },
    wallet: session.permissions.includes('wallet:view') ? { totalBalance: row.balance ?? 0 } : null,
    staffCount: staff.reduce((sum, s) => sum + s.n, 0),
    enabledStaffCount: staff.find((s) => s.enabled)?.n ?? 0,
    roleCount: roles,
    fileCount: files,
    rights: await heldRights(db, companyId),
    openPlans: openPlans.map(({ total: _total, ...p }) => ({
      ...p,
      signUpStartDate: iso(p.signUpStartDate),
      signUpEndDate: iso(p.signUpEndDate),
      writtenStartDate: iso(p.writtenStartDate),
      auditionStartDate: iso(p.auditionStartDate),
    })),
    openPlanCount: Number(openPlans[0]?.total ?? 0),
    waitingForMe: {
      signup: recruitmentWaitAuditList.permissions.some((p) => session.permissions.includes(p)) ? await signUpWaiting() : null,
      exams: await examCardsOf(db, session),
      gates: await gateCardsOf(db, session),
    },
    unreadMessages: Number(unread?.n ?? 0),
  };
}
