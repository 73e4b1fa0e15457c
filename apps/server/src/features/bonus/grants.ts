import {
  BONUS_AFTER_PUBLICATION, BONUS_ALREADY_REVOKED, BONUS_CATEGORY_TWICE, BONUS_NOT_SIGNED_UP,
  BONUS_NOT_STACKING, type BonusGrantRow, SIGN_UP_PASSED_STATUSES, WRITTEN_STAGE, bonusGrantRow,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { recruitmentInfo } from '../../db/tables.js';
import { conflict, notFound } from '../../shared/errors.js';
import { emptyIfNull, loadOwned, timestampText } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { holdPostScores } from '../exam/index.js';
import { APPLICATION_MISSING, POST_MISSING, applicantSearch } from '../pipeline/index.js';
import { BONUS_CATEGORY_MISSING, bonusPlanOf } from './settings.js';

export const BONUS_GRANT_MISSING = '加分记录不存在';

interface LockedApplication {
  id: number;
  planId: number;
  recruitmentId: number;
  status: number;
}

/**
 * The company's application (404), locked for update once the post's score lock is held shared (as score entry holds
 * it): a publication of the post under way is waited for, and one that committed is seen; grants and revocations of
 * one candidate run one after the other, so that the stacking and same-category rules see each other's grants.
 */
async function lockApplication(tx: Db, companyId: number, applicationId: number): Promise<LockedApplication> {
  const [seen] = await rowsOf<{ recruitmentId: number }>(
    tx,
    sql`select recruitment_id as "recruitmentId" from candidate_application where company_id = ${companyId} and id = ${applicationId}`,
  );
  if (!seen) throw notFound(APPLICATION_MISSING);
  await holdPostScores(tx, sql`select ${seen.recruitmentId}::int`);
  const [row] = await rowsOf<LockedApplication>(
    tx,
    sql`select id, plan_id as "planId", recruitment_id as "recruitmentId", status from candidate_application
      where company_id = ${companyId} and id = ${applicationId} for update`,
  );
  return { ...row!, status: Number(row!.status) };
}

/** 409 once the post's written results are published (the ranking stands). */
async function refuseAfterPublication(tx: Db, companyId: number, recruitmentId: number) {
  const [published] = await rowsOf(
    tx,
    sql`select 1 from stage_publication where company_id = ${companyId} and recruitment_id = ${recruitmentId} and stage = ${WRITTEN_STAGE}`,
  );
  if (published) throw conflict(BONUS_AFTER_PUBLICATION);
}

/**
 * Grants a category's bonus (DESIGN §5 加分): the application and the category must be the company's and of one plan
 * (404), the plan runs the written exam (409), the application passed the sign-up review and its post's written
 * results are not published (409); once per category, and one category only unless the plan stacks (409). The
 * points are the category's now. Nothing is written when refused.
 */
export async function grantBonusTo(tx: Db, companyId: number, actorId: number, input: { applicationId: number; categoryId: number; proofNote: string }) {
  const application = await lockApplication(tx, companyId, input.applicationId);
  // The plan held shared before its category is read: saving the settings (which holds the plan for update) cannot
  // repoint or remove the category between this read and the grant, and the cap and stacking rule stay as read.
  const plan = await bonusPlanOf(tx, companyId, application.planId, 'share');
  const [category] = await rowsOf<{ id: number; planId: number; points: string }>(
    tx,
    sql`select id, plan_id as "planId", points::text as points from bonus_category
      where company_id = ${companyId} and id = ${input.categoryId} and removed_at is null`,
  );
  if (!category || category.planId !== application.planId) throw notFound(BONUS_CATEGORY_MISSING);
  if (!SIGN_UP_PASSED_STATUSES.includes(application.status as never)) throw conflict(BONUS_NOT_SIGNED_UP);
  await refuseAfterPublication(tx, companyId, application.recruitmentId);
  const held = await rowsOf<{ categoryId: number }>(
    tx,
    sql`select category_id as "categoryId" from bonus_grant
      where company_id = ${companyId} and application_id = ${application.id} and revoked_at is null`,
  );
  if (held.some((g) => g.categoryId === category.id)) throw conflict(BONUS_CATEGORY_TWICE);
  if (!plan.bonusStacking && held.length > 0) throw conflict(BONUS_NOT_STACKING);
  const [made] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into bonus_grant (company_id, application_id, category_id, points, proof_note, granted_by)
      values (${companyId}, ${application.id}, ${category.id}, ${category.points}::numeric, ${input.proofNote}, ${actorId})
      returning id`,
  );
  return { id: made!.id };
}

/** Revokes a grant in force (404 unless the company's; 409 when revoked already or after the post's publication). */
export async function revokeBonusGrant(tx: Db, companyId: number, actorId: number, input: { id: number; reason: string }) {
  const [grant] = await rowsOf<{ applicationId: number }>(
    tx,
    sql`select application_id as "applicationId" from bonus_grant where company_id = ${companyId} and id = ${input.id}`,
  );
  if (!grant) throw notFound(BONUS_GRANT_MISSING);
  const application = await lockApplication(tx, companyId, grant.applicationId);
  const [current] = await rowsOf<{ revoked: boolean }>(
    tx,
    sql`select revoked_at is not null as revoked from bonus_grant where company_id = ${companyId} and id = ${input.id}`,
  );
  if (current!.revoked) throw conflict(BONUS_ALREADY_REVOKED);
  await refuseAfterPublication(tx, companyId, application.recruitmentId);
  await tx.execute(sql`update bonus_grant set revoked_at = now(), revoked_by = ${actorId}, revoke_reason = ${input.reason}
    where company_id = ${companyId} and id = ${input.id}`);
  return null;
}

export interface BonusListFilter {
  planId: number;
  recruitmentId?: number;
  state?: 'active' | 'revoked';
  keyword?: string;
}

/** The plan (404; 409 without a written exam) and, when given, its post (404 unless the plan's). */
export async function requireListScope(db: Db, companyId: number, f: BonusListFilter) {
  const plan = await bonusPlanOf(db, companyId, f.planId);
  if (f.recruitmentId !== undefined) {
    const post = await loadOwned(db, recruitmentInfo, f.recruitmentId, companyId, POST_MISSING);
    if (post.planId !== plan.id) throw notFound(POST_MISSING);
  }
  return plan;
}

/** The plan's grants the filters find, in force first, by post and candidate: the count and the rows. */
export function bonusListSql(companyId: number, f: BonusListFilter) {
  const parts: SQL[] = [sql`g.company_id = ${companyId}`, sql`c.plan_id = ${f.planId}`];
  if (f.recruitmentId !== undefined) parts.push(sql`a.recruitment_id = ${f.recruitmentId}`);
  if (f.state === 'active') parts.push(sql`g.revoked_at is null`);
  if (f.state === 'revoked') parts.push(sql`g.revoked_at is not null`);
  if (f.keyword) parts.push(applicantSearch(f.keyword, { alias: 'a' }));
  const from = sql`from bonus_grant g
    join bonus_category c on c.id = g.category_id and c.company_id = g.company_id
    join candidate_application a on a.id = g.application_id and a.company_id = g.company_id
    where ${sql.join(parts, sql` and `)}`;
  return {
    count: sql`select count(*)::int as total ${from}`,
    rows: sql`select g.id, a.id as "applicationId", a.recruitment_id as "recruitmentId", ri.job_vacancy as "jobVacancy", a.real_name as "realName",
        ar.sex, a.identity_no as "identityNo", a.phone, c.name as "categoryName", g.points::text as points, g.proof_note as "proofNote",
        gs.name as "grantedBy", g.granted_at as "grantedAt", g.revoked_at as "revokedAt", rs.name as "revokedBy", g.revoke_reason as "revokeReason",
        s.ticket_code as "ticketCode"
      from bonus_grant g
      join bonus_category c on c.id = g.category_id and c.company_id = g.company_id
      join candidate_application a on a.id = g.application_id and a.company_id = g.company_id
      join recruitment_info ri on ri.id = a.recruitment_id and ri.company_id = a.company_id
      left join application_resume ar on ar.application_id = a.id and ar.company_id = a.company_id
      left join application_stage s on s.application_id = a.id and s.company_id = a.company_id and s.stage = ${WRITTEN_STAGE}
      left join staff_user gs on gs.id = g.granted_by
      left join staff_user rs on rs.id = g.revoked_by
      where ${sql.join(parts, sql` and `)}
      order by g.revoked_at is not null, a.recruitment_id, a.id, c.sort, g.id`,
  };
}

/** A row as the database answers it (plus the written ticket code, for the notice draft). */
export const bonusDbRow = bonusGrantRow.extend({
  sex: emptyIfNull,
  grantedBy: emptyIfNull,
  grantedAt: timestampText,
  revokedAt: timestampText.nullable(),
  revokedBy: z.string().nullable(),
  ticketCode: z.string().nullable(),
});
export type BonusDbRow = z.output<typeof bonusDbRow>;

export const bonusListRow = ({ ticketCode: _ticket, ...row }: BonusDbRow): BonusGrantRow => row;
