import { SIGN_UP_OPEN_STATUSES, STAGE_CLOSED_MESSAGES, signUpUnreviewedMessage, toChinaDateTime } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recruitmentPlan } from '../../db/tables.js';
import { conflict } from '../../shared/errors.js';
import { loadOwned } from '../../shared/rows.js';
import { inList, rowsOf } from '../../shared/sql.js';
import { PLAN_MISSING } from './stage-rules.js';

/**
 * Whether a plan's stages are still open. The sign-up stage is closed by staff (关闭报名, a row of
 * plan_stage_close: who, when); the written and interview stages of a post end when its results are published
 * (stage_publication), which the state machine checks for itself.
 */

/** Who closed the plan's sign-up and when ('YYYY-MM-DD HH:mm'), or null while it is open. */
export async function signUpClosingOf(db: Db, companyId: number, planId: number): Promise<{ closedAt: string; closedBy: string } | null> {
  const [row] = await rowsOf<{ closedAt: Date | string; closedBy: string }>(
    db,
    sql`select c.closed_at as "closedAt", s.name as "closedBy" from plan_stage_close c
      join staff_user s on s.id = c.closed_by
      where c.company_id = ${companyId} and c.plan_id = ${planId} and c.stage = 1`,
  );
  return row ? { closedAt: toChinaDateTime(new Date(row.closedAt)), closedBy: row.closedBy } : null;
}

/**
 * Whether the plan's sign-up is closed, read after the plan is key-share locked (in a statement of its own, so that
 * a closing committed while the lock was awaited is seen): a closing (which locks the plan for update) and a move
 * of the sign-up stage then happen one after the other, never across each other.
 */
export async function signUpClosedLocked(tx: Db, companyId: number, planId: number): Promise<boolean> {
  await tx.execute(sql`select 1 from recruitment_plan where id = ${planId} and company_id = ${companyId} for key share`);
  const [row] = await rowsOf(tx, sql`select 1 from plan_stage_close where company_id = ${companyId} and plan_id = ${planId} and stage = 1`);
  return row !== undefined;
}

/** Refuses (409) what needs the plan's sign-up closed first: issuing tickets, publishing results. */
export async function requireSignUpClosed(tx: Db, companyId: number, planId: number, message: string) {
  if (!(await signUpClosedLocked(tx, companyId, planId))) throw conflict(message);
}

/** How many of the plan's applications still wait for their sign-up review (10, 11). */
export async function signUpUnreviewedOf(db: Db, companyId: number, planId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from candidate_application
      where company_id = ${companyId} and plan_id = ${planId} and status in (${inList(SIGN_UP_OPEN_STATUSES)})`,
  );
  return Number(row!.n);
}

/**
 * 关闭报名: the plan locked for update (applications, resubmissions and reviews in progress finish first, later ones
 * see the closing), refused for a draft, a plan already closed, or while applications wait for their review.
 */
export async function closeSignUp(tx: Db, companyId: number, planId: number, actorId: number) {
  const plan = await loadOwned(tx, recruitmentPlan, planId, companyId, PLAN_MISSING, 'update');
  if (plan.status === 'draft') throw conflict(STAGE_CLOSED_MESSAGES.draft);
  const inserted = await rowsOf(
    tx,
    sql`insert into plan_stage_close (company_id, plan_id, stage, closed_by) values (${companyId}, ${plan.id}, 1, ${actorId})
      on conflict do nothing returning stage`,
  );
  if (inserted.length === 0) throw conflict(STAGE_CLOSED_MESSAGES.alreadyClosed);
  const unreviewed = await signUpUnreviewedOf(tx, companyId, plan.id);
  if (unreviewed > 0) throw conflict(signUpUnreviewedMessage(unreviewed));
  return (await signUpClosingOf(tx, companyId, plan.id))!;
}
