import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';

export const SCORE_LOCKED = '成绩已审核，不能修改';
export const CANNOT_ENTER = '该考生当前不能录入成绩';

/** The first key of the advisory locks that stand for a post's exam scores (the second is the post's id). */
const POST_SCORES_LOCK = 9201;

/**
 * Publishing a post's results waits for the score entries and reviews of the post under way, and they wait for it
 * (`holdPostScores`): so that the one write that moves the whole post never meets an application locked by a batch
 * (which could lock them in another order), and no score changes while the post is counted and ranked.
 */
export const lockPostScores = (tx: Db, recruitmentId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${POST_SCORES_LOCK}, ${recruitmentId}::int)`);

/**
 * Taken by score entry, import and review before they lock their applications: shared among them, waited for by
 * `lockPostScores`, for the posts whose ids `posts` selects, in ascending order.
 */
export const holdPostScores = (tx: Db, posts: SQL) =>
  tx.execute(sql`select count(pg_advisory_xact_lock_shared(${POST_SCORES_LOCK}, p.id)) from (select distinct id from (${posts}) x(id) order by 1) p`);

/** The posts of the applications with `ids`, for `holdPostScores`. */
export const postsOfApplications = (companyId: number, ids: SQL) =>
  sql`select recruitment_id from candidate_application where company_id = ${companyId} and id = any(${ids})`;
