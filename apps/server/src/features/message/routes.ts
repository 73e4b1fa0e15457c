import {
  CANDIDATE_MESSAGE_PERMISSIONS, MESSAGE_NOT_FOUND, SUCCESS_MESSAGES, addUserNotice, batchSaveUserMessage,
  holdsAny, messageRecipients, readAllUserMessages, readUserMessage, unreadMessageCount, userMessageList,
  userMessageRow,
} from '@zhaokao/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Session } from '../../shared/session.js';
import { forbidden, notFound } from '../../shared/errors.js';
import { defineRoute } from '../../shared/route.js';
import { emptyIfNull, pagedRows, parsedRows, timestampText } from '../../shared/rows.js';
import { idArray, rowsOf } from '../../shared/sql.js';

const RECIPIENT_NOT_FOUND = '接收人不存在';

const messageDbRow = userMessageRow.extend({ senderName: emptyIfNull, createdAt: timestampText, readAt: timestampText.nullable() });

/** The caller's own messages (`m`) matching `where`, newest first; a message to someone else never matches. */
const myMessagesSql = (session: Session, where: SQL) =>
  sql`select m.id, m.content, coalesce(u.name, c.name) as "senderName", m.created_at as "createdAt", m.read_at as "readAt"
    from user_message m join company c on c.id = m.company_id left join staff_user u on u.id = m.sender_id
    where m.recipient_user_id = ${session.userId} and m.company_id = ${session.companyId} and ${where}
    order by m.id desc`;

/** Writes `content` to each enabled staff member of the caller's company among `userIds`; answers how many. */
async function sendToStaff(db: Db, session: Session, userIds: readonly number[], content: string) {
  const ids = [...new Set(userIds)];
  // One statement: unless every recipient is an enabled staff member of the company, nothing is written.
  const sent = await rowsOf<{ id: number }>(
    db,
    sql`with r as (select u.id from staff_user u where u.company_id = ${session.companyId} and u.enabled and u.id = any(${idArray(ids)}))
      insert into user_message (company_id, sender_id, recipient_user_id, content)
      select ${session.companyId}, ${session.userId}, r.id, ${content} from r where (select count(*) from r) = ${ids.length} order by r.id
      returning id`,
  );
  if (sent.length !== ids.length) throw notFound(RECIPIENT_NOT_FOUND);
  return sent;
}

export function messageRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  defineRoute(
    app,
    addUserNotice,
    async ({ input, session }) => {
      const [sent] = await sendToStaff(db, session, [input.acceptUserId], input.messageContent);
      return { id: sent!.id };
    },
    { successMsg: SUCCESS_MESSAGES.sent },
  );

  defineRoute(
    app,
    batchSaveUserMessage,
    async ({ input, session }) => {
      if (input.target === 'staff') {
        return { count: (await sendToStaff(db, session, input.acceptUserIds, input.messageContent)).length };
      }
      if (!holdsAny(session.permissions, CANDIDATE_MESSAGE_PERMISSIONS)) throw forbidden();
      const [owner] =
        input.target === 'plan'
          ? await rowsOf<{ id: number }>(db, sql`select id from recruitment_plan where id = ${input.planId!} and company_id = ${session.companyId}`)
          : await rowsOf<{ id: number }>(db, sql`select id from recruitment_info where id = ${input.recruitmentId!} and company_id = ${session.companyId}`);
      if (!owner) throw notFound(input.target === 'plan' ? '招录计划不存在' : '岗位不存在');
      const which = input.target === 'plan' ? sql`a.plan_id = ${owner.id}` : sql`a.recruitment_id = ${owner.id}`;
      // One statement: every talent who applied gets one message (one application per talent and plan, but distinct anyway).
      const sent = await rowsOf<{ id: number }>(
        db,
        sql`insert into user_message (company_id, sender_id, recipient_talent_id, content)
          select ${session.companyId}, ${session.userId}, t.talent_id, ${input.messageContent}
          from (select distinct a.talent_id from candidate_application a where a.company_id = ${session.companyId} and ${which}) t
          order by t.talent_id returning id`,
      );
      return { count: sent.length };
    },
    { successMsg: SUCCESS_MESSAGES.sent },
  );

  defineRoute(app, userMessageList, async ({ input, session }) => {
    const where = input.unread === undefined ? sql`true` : input.unread ? sql`m.read_at is null` : sql`m.read_at is not null`;
    const count = sql`select count(*)::int as n from user_message m
      where m.recipient_user_id = ${session.userId} and m.company_id = ${session.companyId} and ${where}`;
    return pagedRows(db, { count, rows: myMessagesSql(session, where) }, messageDbRow, input);
  });

  defineRoute(app, unreadMessageCount, async ({ session }) => {
    const [count] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from user_message
        where recipient_user_id = ${session.userId} and company_id = ${session.companyId} and read_at is null`,
    );
    return { count: Number(count!.n) };
  });

  defineRoute(app, readUserMessage, async ({ input, session }) => {
    // One conditional update: a message already read keeps its first read time.
    await rowsOf(
      db,
      sql`update user_message set read_at = now()
        where id = ${input.id} and recipient_user_id = ${session.userId} and company_id = ${session.companyId} and read_at is null`,
    );
    const [row] = await parsedRows(db, myMessagesSql(session, sql`m.id = ${input.id}`), messageDbRow);
    if (!row) throw notFound(MESSAGE_NOT_FOUND);
    return row;
  });

  defineRoute(app, readAllUserMessages, async ({ session }) => {
    const read = await rowsOf<{ id: number }>(
      db,
      sql`update user_message set read_at = now()
        where recipient_user_id = ${session.userId} and company_id = ${session.companyId} and read_at is null returning id`,
    );
    return { count: read.length };
  });

  defineRoute(app, messageRecipients, async ({ session }) =>
    parsedRows(
      db,
      sql`select u.id, u.name, coalesce(o.name, '') as "departmentName" from staff_user u left join sys_org o on o.id = u.department_id
        where u.company_id = ${session.companyId} and u.enabled and u.id <> ${session.userId} order by u.id`,
      messageRecipients.output.element,
    ),
  );
}
