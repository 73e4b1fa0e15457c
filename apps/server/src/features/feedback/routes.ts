import {
  FEEDBACK_ALREADY_REPLIED, type PageInput, companyFeedbackDetail, companyFeedbackList,
  platformFeedbackDetail, platformFeedbackList, platformFeedbackRow, platformReplyFeedback,
  saveCompanyFeedback,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { emptyIfNull, pagedRows, parsedRows, timestampText } from '../../shared/rows.js';
import { escapeLike, rowsOf } from '../../shared/sql.js';
import { operatorOf } from '../platform/index.js';

const FEEDBACK_NOT_FOUND = '反馈不存在';

const feedbackDbRow = platformFeedbackRow.extend({
  createdAt: timestampText,
  createdByName: emptyIfNull,
  repliedAt: timestampText.nullable(),
  repliedByName: emptyIfNull,
});

/** The feedback matching `where` (over `f`, the feedback, and `c`, its company), newest first. */
const feedbackSql = (where: SQL) =>
  sql`select f.id, f.company_id as "companyId", c.name as "companyName", f.type, f.title, f.content, f.status, f.reply,
      f.created_at as "createdAt", u.name as "createdByName", f.replied_at as "repliedAt", o.name as "repliedByName"
    from company_feedback f join company c on c.id = f.company_id
      left join staff_user u on u.id = f.created_by left join platform_operator o on o.id = f.replied_by
    where ${where} order by f.id desc`;

const feedbackRows = (db: Db, where: SQL) => parsedRows(db, feedbackSql(where), feedbackDbRow);

const feedbackPage = (db: Db, where: SQL, page: PageInput) =>
  pagedRows(
    db,
    { count: sql`select count(*)::int as n from company_feedback f join company c on c.id = f.company_id where ${where}`, rows: feedbackSql(where) },
    feedbackDbRow,
    page,
  );

const statusIs = (status: string | undefined) => (status ? sql`f.status = ${status}` : sql`true`);

/** The company's side: its staff send feedback and read their company's, with the platform's replies. */
export function feedbackRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(
    app,
    saveCompanyFeedback,
    async ({ input, session }) => {
      const [saved] = await rowsOf<{ id: number }>(
        db,
        sql`insert into company_feedback (company_id, type, title, content, created_by)
          values (${session.companyId}, ${input.type}, ${input.title}, ${input.content}, ${session.userId}) returning id`,
      );
      return (await feedbackRows(db, sql`f.id = ${saved!.id}`))[0]!;
    },
    { successMsg: '反馈已提交' },
  );

  defineRoute(app, companyFeedbackList, async ({ input, session }) =>
    feedbackPage(db, sql`f.company_id = ${session.companyId} and ${statusIs(input.status)}`, input),
  );

  defineRoute(app, companyFeedbackDetail, async ({ input, session }) => {
    const [row] = await feedbackRows(db, sql`f.company_id = ${session.companyId} and f.id = ${input.id}`);
    if (!row) throw notFound(FEEDBACK_NOT_FOUND);
    return row;
  });
}

/** The platform operator's side (DESIGN §12): every company's feedback, and one reply each. */
export function platformFeedbackRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const guard = (request: FastifyRequest) => operatorOf(db, request);

  defineRoute(
    app,
    platformFeedbackList,
    async ({ input }) => {
      const byCompany = input.companyName ? sql`c.name ilike ${`%${escapeLike(input.companyName)}%`}` : sql`true`;
      return feedbackPage(db, sql`${statusIs(input.status)} and ${byCompany}`, input);
    },
    { guard },
  );

  defineRoute(
    app,
    platformFeedbackDetail,
    async ({ input }) => {
      const [row] = await feedbackRows(db, sql`f.id = ${input.id}`);
      if (!row) throw notFound(FEEDBACK_NOT_FOUND);
      return row;
    },
    { guard },
  );

  defineRoute(
    app,
    platformReplyFeedback,
    async ({ input, request }) => {
      const operator = await operatorOf(db, request);
      // One conditional update: of two replies at once, the second finds the status changed and changes nothing.
      const [replied] = await rowsOf<{ id: number }>(
        db,
        sql`update company_feedback set status = 'replied', reply = ${input.reply}, replied_by = ${operator.operatorId}, replied_at = now()
          where id = ${input.id} and status = 'waiting' returning id`,
      );
      if (!replied) {
        const [exists] = await rowsOf<{ id: number }>(db, sql`select id from company_feedback where id = ${input.id}`);
        if (!exists) throw notFound(FEEDBACK_NOT_FOUND);
        throw conflict(FEEDBACK_ALREADY_REPLIED);
      }
      return (await feedbackRows(db, sql`f.id = ${input.id}`))[0]!;
    },
    { guard, successMsg: '回复成功' },
  );
}
