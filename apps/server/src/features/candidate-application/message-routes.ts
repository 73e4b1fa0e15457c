import { candidateMessageRow, candidateMessages, candidateUnreadCount, readCandidateMessages } from '@zhaokao/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../shared/route.js';
import { pagedRows, timestampText } from '../../shared/rows.js';
import { rowsOf } from '../../shared/sql.js';
import { candidateOf } from '../candidate-account/index.js';

/** What the units told the candidate (candidate_notice_feed `f`) about the applications (`a`) of the account's (`ca`) talent. */
const feedOf = (candidateId: number) => sql`from candidate_notice_feed f
  join candidate_application a on a.id = f.application_id and a.company_id = f.company_id
  join candidate_account ca on ca.talent_id = a.talent_id
  where ca.id = ${candidateId}`;

/** Told after the candidate last marked the messages read (all of them before the first time). */
const unread = sql`(ca.messages_read_at is null or f.created_at > ca.messages_read_at)`;

const messageDbRow = candidateMessageRow.extend({ createdAt: timestampText });

/** The candidate's messages, newest first; how many are unread; marking them all read. */
export function messageRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const guard = (request: FastifyRequest) => candidateOf(db, request);
  const candidateIdOf = async (request: FastifyRequest) => (await candidateOf(db, request)).candidateId;

  defineRoute(
    app,
    candidateMessages,
    async ({ input, request }) => {
      const candidateId = await candidateIdOf(request);
      return pagedRows(
        db,
        {
          count: sql`select count(*)::int as n ${feedOf(candidateId)}`,
          rows: sql`select f.application_id as "applicationId", c.name as "companyName", r.job_vacancy as "jobVacancy", f.title, f.content,
              f.created_at as "createdAt", ${unread} as unread
            from candidate_notice_feed f
            join candidate_application a on a.id = f.application_id and a.company_id = f.company_id
            join candidate_account ca on ca.talent_id = a.talent_id
            join company c on c.id = f.company_id
            join recruitment_info r on r.id = a.recruitment_id and r.company_id = a.company_id
            where ca.id = ${candidateId}
            order by f.created_at desc, f.application_id desc, f.title`,
        },
        messageDbRow,
        input,
      );
    },
    { guard },
  );

  defineRoute(
    app,
    candidateUnreadCount,
    async ({ request }) => {
      const [row] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count ${feedOf(await candidateIdOf(request))} and ${unread}`);
      return { count: Number(row?.count ?? 0) };
    },
    { guard },
  );

  defineRoute(
    app,
    readCandidateMessages,
    async ({ request }) => {
      await db.execute(sql`update candidate_account set messages_read_at = now() where id = ${await candidateIdOf(request)}`);
      return null;
    },
    { guard },
  );
}
